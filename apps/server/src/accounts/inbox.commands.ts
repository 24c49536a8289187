import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, inboxDecider, inboxStream } from '@okul/domain';
import { readInboxItem, type Db } from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CROSS_ORG_DB } from '../infra/tokens';

export class MarkMessageReadCommand extends Command<{ success: true }> {
  constructor(
    readonly ctx: CommandContext,
    readonly messageId: string,
  ) {
    super();
  }
}

/** api.md 7.2 markMessageAsRead {messageId}: only an item of the caller's own inbox. */
@CommandHandler(MarkMessageReadCommand)
export class MarkMessageReadHandler implements ICommandHandler<MarkMessageReadCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
  ) {}

  async execute({ ctx, messageId }: MarkMessageReadCommand) {
    const userId = ctx.userId!;
    // The caller's own inbox holds items of every organisation they belong to or are invited to.
    if ((await readInboxItem(this.crossOrgDb, userId, messageId)) === null)
      throw new DomainError('inbox.notFound');
    await this.executor.execute(ctx, inboxStream(userId), inboxDecider, {
      type: 'MarkRead',
      userId,
      messageId,
      now: ctx.now.toISOString(),
    });
    return { success: true as const };
  }
}
