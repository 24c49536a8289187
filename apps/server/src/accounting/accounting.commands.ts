import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountingDecider,
  accountingEntryStream,
  type AccountingCommand,
  type AddAccountingEntryInput,
  type EditAccountingEntryInput,
  type ReverseAccountingEntryInput,
} from '@okul/domain';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';

export class AddAccountingEntryCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly entryId: string,
    readonly input: AddAccountingEntryInput,
  ) {
    super();
  }
}

export class EditAccountingEntryCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditAccountingEntryInput,
  ) {
    super();
  }
}

export class ReverseAccountingEntryCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: ReverseAccountingEntryInput,
  ) {
    super();
  }
}

const base = (ctx: CommandContext, entryId: string) => ({
  entryId,
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

/**
 * An entry's employee is kept as given: the employees read model belongs to another context, and a wage
 * entry recorded before it exists still links when it does (docs/DECISIONS.md, accounting).
 */
@CommandHandler(AddAccountingEntryCommand)
export class AddAccountingEntryHandler implements ICommandHandler<AddAccountingEntryCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, entryId, input }: AddAccountingEntryCommand) {
    const command: AccountingCommand = { type: 'AddAccountingEntry', ...base(ctx, entryId), input };
    await this.executor.execute(ctx, accountingEntryStream(entryId), accountingDecider, command);
    return { id: entryId };
  }
}

@CommandHandler(EditAccountingEntryCommand)
export class EditAccountingEntryHandler implements ICommandHandler<EditAccountingEntryCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, input }: EditAccountingEntryCommand) {
    const { id, ...terms } = input;
    const command: AccountingCommand = { type: 'EditAccountingEntry', ...base(ctx, id), input: terms };
    await this.executor.execute(ctx, accountingEntryStream(id), accountingDecider, command);
    return { id };
  }
}

@CommandHandler(ReverseAccountingEntryCommand)
export class ReverseAccountingEntryHandler implements ICommandHandler<ReverseAccountingEntryCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, input }: ReverseAccountingEntryCommand) {
    const command: AccountingCommand = {
      type: 'ReverseAccountingEntry',
      ...base(ctx, input.id),
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    };
    await this.executor.execute(ctx, accountingEntryStream(input.id), accountingDecider, command);
    return { id: input.id };
  }
}
