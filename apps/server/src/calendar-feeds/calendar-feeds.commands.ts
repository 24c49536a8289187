import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { calendarFeedDecider, calendarFeedStream, type CalendarFeedTarget } from '@okul/domain';
import { calendarFeedOwnerExists, type Db } from '@okul/projections';
import { randomBytes } from 'node:crypto';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

export class RotateCalendarFeedCommand extends Command<{ token: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly target: CalendarFeedTarget,
  ) {
    super();
  }
}

export class RevokeCalendarFeedCommand extends Command<{ ok: true }> {
  constructor(
    readonly ctx: CommandContext,
    readonly target: CalendarFeedTarget,
  ) {
    super();
  }
}

const base = (ctx: CommandContext, t: CalendarFeedTarget) => ({
  organizationId: ctx.organizationId!,
  kind: t.kind,
  ownerId: t.ownerId,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

@CommandHandler(RotateCalendarFeedCommand)
export class RotateCalendarFeedHandler implements ICommandHandler<RotateCalendarFeedCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, target }: RotateCalendarFeedCommand) {
    const org = ctx.organizationId!;
    // 32 random bytes: the URL is the only key a calendar app can carry.
    const token = randomBytes(32).toString('base64url');
    await this.executor.execute(
      ctx,
      calendarFeedStream(org, target.kind, target.ownerId),
      calendarFeedDecider,
      {
        type: 'RotateCalendarFeed',
        ...base(ctx, target),
        token,
        ownerExists: await calendarFeedOwnerExists(this.db, org, target.kind, target.ownerId),
      },
    );
    return { token };
  }
}

@CommandHandler(RevokeCalendarFeedCommand)
export class RevokeCalendarFeedHandler implements ICommandHandler<RevokeCalendarFeedCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, target }: RevokeCalendarFeedCommand) {
    await this.executor.execute(
      ctx,
      calendarFeedStream(ctx.organizationId!, target.kind, target.ownerId),
      calendarFeedDecider,
      { type: 'RevokeCalendarFeed', ...base(ctx, target) },
    );
    return { ok: true as const };
  }
}
