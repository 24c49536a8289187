import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userStream } from '@okul/domain';
import { readUserByEmail, type Db } from '@okul/projections';
import { hashPassword } from '../auth/password';
import { hashToken } from '../auth/token.service';
import { CommandExecutor, decideOn, type CommandContext } from '../infra/command-executor';
import { log } from '../infra/observability/logger';
import { DB } from '../infra/tokens';
import { AccountEmailsService, issueToken } from './account-emails.service';
import { SessionsService } from './sessions.service';

type Success = { success: true };

export class RequestEmailVerificationCommand extends Command<Success> {
  constructor(
    readonly ctx: CommandContext,
    /** The signed-in user's address as the session knows it. */
    readonly accountEmail: string,
    /** The address the body names, if any: it must be the account's own. */
    readonly email: string | undefined,
  ) {
    super();
  }
}

export class VerifyEmailCommand extends Command<Success> {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
    readonly token: string,
  ) {
    super();
  }
}

export class RequestPasswordResetCommand extends Command<Success> {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
  ) {
    super();
  }
}

export class ResetPasswordCommand extends Command<Success> {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
    readonly token: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

/**
 * api.md 7.2 requestEmailVerification {email}: a new link to the signed-in user's current address; the
 * previous link stops working (user-decider.ts keeps only the latest token's hash).
 */
@CommandHandler(RequestEmailVerificationCommand)
export class RequestEmailVerificationHandler implements ICommandHandler<RequestEmailVerificationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
  ) {}

  async execute({ ctx, accountEmail, email }: RequestEmailVerificationCommand): Promise<Success> {
    const userId = ctx.userId!;
    if (email !== undefined && email !== accountEmail) throw new DomainError('account.emailMismatch');
    await this.emails.throttle('verify', accountEmail, ctx.ipAddress);
    const { token, hash } = issueToken();
    await this.executor.execute(ctx, userStream(userId), userDecider, {
      type: 'RequestEmailVerification',
      tokenHash: hash,
      expiresAt: this.emails.verificationExpiry(ctx.now),
      now: ctx.now.toISOString(),
    });
    // A request retried after its link was stored decides again but writes nothing: its new token was never
    // stored, so it is not mailed (the stored one went out with the first try).
    const { state: user } = await this.executor.load(userStream(userId), userDecider);
    if (user.status !== 'none' && user.verification?.tokenHash === hash)
      await this.emails.send(
        this.emails.verificationMailFor(user.verification.email, user.name, token),
        true,
      );
    return { success: true };
  }
}

/** api.md 7.2 verifyEmail {email, token}: works without a session, from the link in the mail. */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, email, token }: VerifyEmailCommand): Promise<Success> {
    const user = await readUserByEmail(this.db, email);
    if (!user) throw new DomainError('account.verifyTokenInvalid');
    await this.executor.execute({ ...ctx, userId: user.id }, userStream(user.id), userDecider, {
      type: 'VerifyEmail',
      email,
      presentedHash: hashToken(token),
      now: ctx.now.toISOString(),
    });
    return { success: true };
  }
}

/**
 * api.md 7.2 requestResetPassword {email}. The answer is the same whether the address exists or not, and
 * so is the work done before it (throttle, look-up, token): the event and the mail follow after the answer,
 * so neither the time taken nor a failing mail server tells who has an account.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler
  implements ICommandHandler<RequestPasswordResetCommand>, OnModuleDestroy
{
  private readonly background = new Set<Promise<void>>();

  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, email }: RequestPasswordResetCommand): Promise<Success> {
    await this.emails.throttle('reset', email, ctx.ipAddress);
    const user = await readUserByEmail(this.db, email);
    const issued = issueToken();
    if (user) {
      const work = this.requestAndMail({ ...ctx, userId: user.id }, user, email, issued).catch((e: Error) =>
        log('mail').error({ err: e }, 'password reset for a user not sent'),
      );
      this.background.add(work);
      void work.finally(() => this.background.delete(work));
    }
    return { success: true };
  }

  /** Settles once the reset mails already promised are sent (or their failure logged). */
  async settled(): Promise<void> {
    await Promise.all([...this.background]);
  }

  /** Shutdown waits for the reset mails already promised. */
  async onModuleDestroy(): Promise<void> {
    await this.settled();
  }

  private async requestAndMail(
    ctx: CommandContext,
    user: { id: string; name: string },
    email: string,
    { token, hash }: { token: string; hash: string },
  ): Promise<void> {
    await this.executor.execute(ctx, userStream(user.id), userDecider, {
      type: 'RequestPasswordReset',
      tokenHash: hash,
      expiresAt: this.emails.passwordResetExpiry(ctx.now),
      now: ctx.now.toISOString(),
    });
    // A request retried with its Idempotency-Key decides again but writes nothing: its new token was never
    // stored, so it is not mailed (the stored one went out with the first try).
    const { state } = await this.executor.load(userStream(user.id), userDecider);
    if (state.status !== 'none' && state.reset?.tokenHash === hash)
      await this.emails.send(this.emails.passwordResetMailFor(email, user.name, token), false);
  }
}

/** api.md 7.2 resetPassword {email, token, newPassword}: sets the password and ends every session. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, email, token, newPassword }: ResetPasswordCommand): Promise<Success> {
    const user = await readUserByEmail(this.db, email);
    if (!user) throw new DomainError('account.resetTokenInvalid');
    const passwordHash = await hashPassword(newPassword);
    await this.executor.executeMany({ ...ctx, userId: user.id }, async () => {
      const account = await this.executor.load(userStream(user.id), userDecider);
      return [
        decideOn(account, userDecider, {
          type: 'ResetPassword',
          email,
          presentedHash: hashToken(token),
          passwordHash,
          now: ctx.now.toISOString(),
        }),
        // Whoever knew the old password is signed out everywhere.
        ...(await this.sessions.endAllDecisions(user.id, null, 'password_changed', ctx.now)),
      ];
    });
    return { success: true };
  }
}
