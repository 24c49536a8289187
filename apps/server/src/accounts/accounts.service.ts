import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  emailReservationDecider,
  emailReservationStream,
  userDecider,
  userStream,
  type UserCommand,
} from '@okul/domain';
import { readPasswordHash, type Db } from '@okul/projections';
import { verifyPassword } from '../auth/password';
import { RATE_LIMITER, type RateLimiter } from '../auth/rate-limiter';
import type { AppConfig } from '../config/config';
import { CommandExecutor, claimOn, decideOn, type StreamDecision } from '../infra/command-executor';
import { CONFIG, DB } from '../infra/tokens';
import { AccountEmailsService, issueToken } from './account-emails.service';

type NewUser = Omit<Extract<UserCommand, { type: 'RegisterUser' }>, 'type' | 'now'>;

/**
 * What several account use cases share: a new user's first decisions, the current-password check and the
 * verification link of a new address. It holds no use case and appends nothing: the handlers
 * (accounts.commands.ts and the invitations') decide and append through the executor.
 */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
  ) {}

  /** The address reservation plus the user's first events: appended together, so an address is taken once. */
  async newUserDecisions(user: NewUser, now: string): Promise<StreamDecision[]> {
    const [reservation, account] = await Promise.all([
      this.executor.load(emailReservationStream(user.email), emailReservationDecider),
      this.executor.load(userStream(user.userId), userDecider),
    ]);
    return [
      claimOn(
        reservation,
        emailReservationDecider,
        { type: 'ReserveEmail', email: user.email, userId: user.userId },
        { type: 'ReleaseEmail', email: user.email, userId: user.userId },
      ),
      decideOn(account, userDecider, { type: 'RegisterUser', ...user, now }),
    ];
  }

  /**
   * The signed-in user's current password, asked before a sensitive change (e-mail, password, ending another
   * session). Counted per user before it is checked, like logins, so a stolen access token cannot guess it.
   */
  async checkCurrentPassword(userId: string, password: string): Promise<void> {
    const key = `password:user:${userId}`;
    const tries = await this.limiter.hit(key, this.config.LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000);
    if (tries > this.config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT)
      throw new DomainError('account.tooManyPasswordTries');
    const hash = await readPasswordHash(this.db, userId);
    if (hash === null || !(await verifyPassword(hash, password)))
      throw new DomainError('account.currentPasswordWrong');
    await this.limiter.reset(key);
  }

  /**
   * A verification link for an address: the token travels only in the mail, the user's stream keeps its hash
   * and expiry (`emailVerification` of RegisterUser and UpdateProfile).
   */
  newEmailVerification(now: Date): {
    token: string;
    emailVerification: { tokenHash: string; expiresAt: string };
  } {
    const { token, hash } = issueToken();
    return { token, emailVerification: { tokenHash: hash, expiresAt: this.emails.verificationExpiry(now) } };
  }

  /** The mail that follows a registration or an address change; a failure is logged, the user can ask again. */
  async sendVerification(to: string, name: string, token: string): Promise<void> {
    await this.emails.send(this.emails.verificationMailFor(to, name, token), false);
  }
}
