import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ROLE_LABELS_TR } from '@okul/domain';
import { RATE_LIMITER, type RateLimiter } from '../auth/rate-limiter';
import { hashToken } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { log } from '../infra/observability/logger';
import { accountLink, invitationMail, passwordResetMail, verificationMail } from '../mail/mail-templates';
import { MAILER, type Mailer, type MailMessage } from '../mail/mailer';

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
 * The account mails of api.md 7.2 and 7.3 (verification, password reset, invitation): their links, expiries,
 * sending and the throttle on asking for them. Shared by the use-case handlers; it decides nothing and
 * writes no events. Tokens travel only in the mail; the streams keep their hash and expiry.
 */
@Injectable()
export class AccountEmailsService {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  verificationExpiry(now: Date): string {
    return new Date(now.getTime() + this.config.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000).toISOString();
  }

  passwordResetExpiry(now: Date): string {
    return new Date(now.getTime() + this.config.PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString();
  }

  invitationExpiry(now: Date): string {
    return new Date(now.getTime() + this.config.INVITATION_TTL_DAYS * 86_400_000).toISOString();
  }

  verificationMailFor(to: string, name: string, token: string): MailMessage {
    return verificationMail({
      to,
      name,
      link: accountLink(this.config.PUBLIC_URL, 'verify', to, token),
      hours: this.config.EMAIL_VERIFICATION_TTL_HOURS,
    });
  }

  passwordResetMailFor(to: string, name: string, token: string): MailMessage {
    return passwordResetMail({
      to,
      name,
      link: accountLink(this.config.PUBLIC_URL, 'reset', to, token),
      minutes: this.config.PASSWORD_RESET_TTL_MINUTES,
    });
  }

  invitationMailFor(p: {
    to: string;
    name: string;
    inviterName: string;
    organizationName: string;
    orgRoleId: number;
    token: string;
  }): MailMessage {
    return invitationMail({
      to: p.to,
      name: p.name,
      inviterName: p.inviterName,
      organizationName: p.organizationName,
      roleLabel: ROLE_LABELS_TR[p.orgRoleId] ?? String(p.orgRoleId),
      link: accountLink(this.config.PUBLIC_URL, 'invite', p.to, p.token),
      days: this.config.INVITATION_TTL_DAYS,
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

  /** Counts one request for a mail of `purpose` to `email` from `ip`; too many refuse with 429. */
  async throttle(purpose: 'verify' | 'reset', email: string, ip: string | null): Promise<void> {
    const [a, i] = await Promise.all([
      this.limiter.hit(`mail:${purpose}:${email}`, MAIL_WINDOW_MS),
      this.limiter.hit(`mail:${purpose}:ip:${ip ?? 'unknown'}`, MAIL_WINDOW_MS),
    ]);
    if (a > MAIL_REQUESTS_PER_ADDRESS || i > MAIL_REQUESTS_PER_IP)
      throw new DomainError('account.tooManyRequests');
  }
}
