import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, userDecider, userStream } from '@okul/domain';
import { readUserByEmail, readUserName, type Db } from '@okul/projections';
import { hashPassword } from '../auth/password';
import { RATE_LIMITER, type RateLimiter } from '../auth/rate-limiter';
import { hashToken } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { CONFIG, DB } from '../infra/tokens';
import { accountLink, passwordResetMail, verificationMail } from '../mail/mail-templates';
import { MAILER, type Mailer, type MailMessage } from '../mail/mailer';
import { SessionsService } from './sessions.service';
import { log } from '../infra/observability/logger';

/** A fresh single-use token (256 random bits) and the hash that is stored instead of it. */
export function issueToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

// Resend and reset requests per address and per ip in 15 minutes: enough for a person, useless for a spammer.
const MAIL_REQUESTS_PER_ADDRESS = 5;
const MAIL_REQUESTS_PER_IP = 30;
const MAIL_WINDOW_MS = 15 * 60_000;

/**
 * The e-mail flows of api.md 7.2: verification (request, verify) and password reset (request, reset).
 * Tokens travel only in the mail; the user's stream keeps their hash and expiry (see user-decider.ts).
 */
@Injectable()
export class AccountEmailsService implements OnModuleDestroy {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  verificationExpiry(now: Date): string {
    return new Date(now.getTime() + this.config.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000).toISOString();
  }

  verificationMailFor(to: string, name: string, token: string): MailMessage {
    return verificationMail({
      to,
      name,
      link: accountLink(this.config.PUBLIC_URL, 'verify', to, token),
      hours: this.config.EMAIL_VERIFICATION_TTL_HOURS,
    });
  }

  /**
   * Sends a message. `strict` calls (the user asked for this mail) answer 503 when it cannot be sent;
   * otherwise (the mail that follows a registration) the failure is logged and the user can ask again.
   */
  async send(message: MailMessage, strict: boolean): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (e) {
      log('mail').error({ subject: message.subject, err: e }, 'could not send');
      if (strict) throw new DomainError('mail.sendFailed');
    }
  }

  private async throttle(purpose: string, email: string, ip: string | null): Promise<void> {
    const [a, i] = await Promise.all([
      this.limiter.hit(`mail:${purpose}:${email}`, MAIL_WINDOW_MS),
      this.limiter.hit(`mail:${purpose}:ip:${ip ?? 'unknown'}`, MAIL_WINDOW_MS),
    ]);
    if (a > MAIL_REQUESTS_PER_ADDRESS || i > MAIL_REQUESTS_PER_IP)
      throw new DomainError('account.tooManyRequests');
  }

  /** A new verification link for the user's current address (the previous link stops working). */
  async sendVerification(ctx: CommandContext, userId: string, strict: boolean): Promise<void> {
    const { token, hash } = issueToken();
    const written = await this.executor.execute({ ...ctx, userId }, userStream(userId), userDecider, {
      type: 'RequestEmailVerification',
      tokenHash: hash,
      expiresAt: this.verificationExpiry(ctx.now),
      now: ctx.now.toISOString(),
    });
    const e = written[0];
    if (e?.type !== 'EmailVerificationRequested') return;
    const name = await this.nameOf(userId);
    await this.send(this.verificationMailFor(e.data.email, name, token), strict);
  }

  /** api.md 7.2 requestEmailVerification {email}: the signed-in user's own address. */
  async requestEmailVerification(
    ctx: CommandContext,
    userId: string,
    currentEmail: string,
    email: string | undefined,
  ): Promise<void> {
    if (email !== undefined && email !== currentEmail) throw new DomainError('account.emailMismatch');
    await this.throttle('verify', currentEmail, ctx.ipAddress);
    await this.sendVerification(ctx, userId, true);
  }

  /** api.md 7.2 verifyEmail {email, token}: works without a session, from the link in the mail. */
  async verifyEmail(ctx: CommandContext, email: string, token: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (!user) throw new DomainError('account.verifyTokenInvalid');
    await this.executor.execute({ ...ctx, userId: user.id }, userStream(user.id), userDecider, {
      type: 'VerifyEmail',
      email,
      presentedHash: hashToken(token),
      now: ctx.now.toISOString(),
    });
  }

  /**
   * api.md 7.2 requestResetPassword {email}. The answer is the same whether the address exists or not, and
   * so is the work done before it (throttle, look-up, token): the event and the mail follow after the answer,
   * so neither the time taken nor a failing mail server tells who has an account.
   */
  async requestResetPassword(ctx: CommandContext, email: string): Promise<void> {
    await this.throttle('reset', email, ctx.ipAddress);
    const user = await this.userByEmail(email);
    const issued = issueToken();
    if (!user) return;
    const work = this.sendPasswordReset(ctx, user, email, issued).catch((e: Error) =>
      log('mail').error({ err: e }, 'password reset for a user not sent'),
    );
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private readonly background = new Set<Promise<void>>();

  /** Shutdown waits for the reset mails already promised. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.background]);
  }

  private async sendPasswordReset(
    ctx: CommandContext,
    user: { id: string; name: string },
    email: string,
    { token, hash }: { token: string; hash: string },
  ): Promise<void> {
    const expiresAt = new Date(
      ctx.now.getTime() + this.config.PASSWORD_RESET_TTL_MINUTES * 60_000,
    ).toISOString();
    await this.executor.execute({ ...ctx, userId: user.id }, userStream(user.id), userDecider, {
      type: 'RequestPasswordReset',
      tokenHash: hash,
      expiresAt,
      now: ctx.now.toISOString(),
    });
    await this.mailer.send(
      passwordResetMail({
        to: email,
        name: user.name,
        link: accountLink(this.config.PUBLIC_URL, 'reset', email, token),
        minutes: this.config.PASSWORD_RESET_TTL_MINUTES,
      }),
    );
  }

  /** api.md 7.2 resetPassword {email, token, newPassword}: sets the password and ends every session. */
  async resetPassword(ctx: CommandContext, email: string, token: string, newPassword: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (!user) throw new DomainError('account.resetTokenInvalid');
    const passwordHash = await hashPassword(newPassword);
    const uctx = { ...ctx, userId: user.id };
    await this.executor.executeMany(uctx, async () => {
      const account = await this.executor.load(userStream(user.id), userDecider);
      const decisions: StreamDecision[] = [
        decideOn(account, userDecider, {
          type: 'ResetPassword',
          email,
          presentedHash: hashToken(token),
          passwordHash,
          now: ctx.now.toISOString(),
        }),
      ];
      // Whoever knew the old password is signed out everywhere.
      decisions.push(...(await this.sessions.endAllDecisions(user.id, null, 'password_changed', ctx.now)));
      return decisions;
    });
  }

  async userByEmail(email: string): Promise<{ id: string; name: string; email: string } | null> {
    return readUserByEmail(this.db, email);
  }

  private async nameOf(userId: string): Promise<string> {
    return readUserName(this.db, userId);
  }
}
