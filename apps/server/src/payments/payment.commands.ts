import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  paymentDecider,
  paymentStream,
  type AddPaymentInput,
  type EditPaymentInput,
  type PaymentCommand,
} from '@okul/domain';
import { CommandExecutor, decideOn, type CommandContext } from '../infra/command-executor';
import { PaymentsQueries } from './payments.queries';

// Each payment is its own stream (payments/decider.ts): one command, one stream, one decision.

export class AddPaymentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    /** Minted for this request by `newEntityId` (the new stream is not read: `CommandExecutor.loadMinted`). */
    readonly paymentId: string,
    readonly input: AddPaymentInput,
  ) {
    super();
  }
}

export class EditPaymentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditPaymentInput,
  ) {
    super();
  }
}

/** Soft delete (to the deleted list), restore, and the permanent delete from the deleted list. */
abstract class PaymentIdCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly paymentId: string,
  ) {
    super();
  }
}
export class DeletePaymentCommand extends PaymentIdCommand {}
export class ResurrectPaymentCommand extends PaymentIdCommand {}
export class PermanentlyDeletePaymentCommand extends PaymentIdCommand {}

type Base = Pick<PaymentCommand, 'paymentId' | 'organizationId' | 'userId' | 'now'>;
const base = (ctx: CommandContext, paymentId: string): Base => ({
  paymentId,
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

/** A payment needs a (not deleted) student and a course of this organisation. */
@CommandHandler(AddPaymentCommand)
export class AddPaymentHandler implements ICommandHandler<AddPaymentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PaymentsQueries) private readonly queries: PaymentsQueries,
  ) {}

  async execute({ ctx, paymentId, input }: AddPaymentCommand) {
    await this.queries.requireStudentAndCourse(ctx.organizationId!, input.studentId, input.courseId);
    const command: PaymentCommand = { type: 'AddPayment', ...base(ctx, paymentId), input };
    await this.executor.executeMany(ctx, async () => [
      decideOn(
        await this.executor.loadMinted(paymentStream(paymentId), paymentDecider),
        paymentDecider,
        command,
      ),
    ]);
    return { id: paymentId };
  }
}

@CommandHandler(EditPaymentCommand)
export class EditPaymentHandler implements ICommandHandler<EditPaymentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, input }: EditPaymentCommand) {
    const { id, ...terms } = input;
    await this.executor.execute(ctx, paymentStream(id), paymentDecider, {
      type: 'EditPayment',
      ...base(ctx, id),
      input: terms,
    });
    return { id };
  }
}

@CommandHandler(DeletePaymentCommand)
export class DeletePaymentHandler implements ICommandHandler<DeletePaymentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, paymentId }: DeletePaymentCommand) {
    await this.executor.execute(ctx, paymentStream(paymentId), paymentDecider, {
      type: 'SoftDeletePayment',
      ...base(ctx, paymentId),
    });
    return { id: paymentId };
  }
}

@CommandHandler(ResurrectPaymentCommand)
export class ResurrectPaymentHandler implements ICommandHandler<ResurrectPaymentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, paymentId }: ResurrectPaymentCommand) {
    await this.executor.execute(ctx, paymentStream(paymentId), paymentDecider, {
      type: 'ResurrectPayment',
      ...base(ctx, paymentId),
    });
    return { id: paymentId };
  }
}

@CommandHandler(PermanentlyDeletePaymentCommand)
export class PermanentlyDeletePaymentHandler implements ICommandHandler<PermanentlyDeletePaymentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, paymentId }: PermanentlyDeletePaymentCommand) {
    await this.executor.execute(ctx, paymentStream(paymentId), paymentDecider, {
      type: 'PermanentlyDeletePayment',
      ...base(ctx, paymentId),
    });
    return { id: paymentId };
  }
}

export const PAYMENT_HANDLERS = [
  AddPaymentHandler,
  EditPaymentHandler,
  DeletePaymentHandler,
  ResurrectPaymentHandler,
  PermanentlyDeletePaymentHandler,
];
