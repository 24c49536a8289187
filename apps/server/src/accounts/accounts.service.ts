import { Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_TYPES_NEEDING_VKN,
  DomainError,
  GLOBAL_ROLES,
  ROLES,
  emailReservationDecider,
  emailReservationStream,
  hasRole,
  organizationDecider,
  organizationStream,
  sessionDecider,
  sessionStream,
  userDecider,
  userStream,
  type PreregisterInput,
  type SessionEvent,
  type UpdateProfileInput,
  type UserCommand,
} from '@okul/domain';
import {
  readAllOrganizations,
  readMemberships,
  readPasswordHash,
  readUser,
  readUserCredentials,
  type Db,
} from '@okul/projections';
import { hashPassword, verifyPassword } from '../auth/password';
import { RATE_LIMITER, type RateLimiter } from '../auth/rate-limiter';
import { TokenService, hashToken } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { CONFIG, CROSS_ORG_DB, DB } from '../infra/tokens';
import { AccountEmailsService, issueToken } from './account-emails.service';
import { organizationView } from './organization-view';
import { SessionsService } from './sessions.service';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpires: Date;
  sessionId: string;
}

// A hash to compare against when the e-mail is unknown, so a wrong address costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password');

type NewUser = Omit<Extract<UserCommand, { type: 'RegisterUser' }>, 'type' | 'now'>;

@Injectable()
export class AccountsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  /** The address reservation plus the user's first events: appended together, so an address is taken once. */
  async newUserDecisions(user: NewUser, now: string): Promise<StreamDecision[]> {
    const [reservation, account] = await Promise.all([
      this.executor.load(emailReservationStream(user.email), emailReservationDecider),
      this.executor.load(userStream(user.userId), userDecider),
    ]);
    return [
      decideOn(reservation, emailReservationDecider, {
        type: 'ReserveEmail',
        email: user.email,
        userId: user.userId,
      }),
      decideOn(account, userDecider, { type: 'RegisterUser', ...user, now }),
    ];
  }

  /** product.md 4 registration flow: the user (pending payment) and the organisation with the user as school-owner. */
  async preregister(
    ctx: CommandContext,
    input: PreregisterInput,
  ): Promise<{ userId: string; organizationId: string }> {
    const userId = newEntityId(ctx, 'user');
    const organizationId = newEntityId(ctx, 'organization');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.now.toISOString();
    const { token, hash } = issueToken();
    const emailVerification = { tokenHash: hash, expiresAt: this.emails.verificationExpiry(ctx.now) };
    await this.executor.executeMany({ ...ctx, userId, organizationId }, async () => {
      const user = await this.newUserDecisions(
        {
          userId,
          email: input.email,
          name: input.name,
          surname: input.surname,
          phone: input.phone,
          tckn: input.tckn,
          passwordHash,
          registrationStatus: 'pending_payment',
          globalRoleId: null,
          emailVerification,
        },
        now,
      );
      const org = decideOn(
        await this.executor.load(organizationStream(organizationId), organizationDecider),
        organizationDecider,
        {
          type: 'CreateOrganization',
          organizationId,
          ownerUserId: userId,
          now,
          profile: {
            name: input.organizationName,
            address: input.organizationAddress,
            // product.md 5: a tax ID belongs only to şahıs, limited and anonim companies
            vkn: COMPANY_TYPES_NEEDING_VKN.includes(input.companyType) ? input.vkn : null,
            employeeCount: Number(input.employeeCount),
            organizationType: input.organizationType,
            companyType: input.companyType,
          },
        },
      );
      return [...user, org];
    });
    await this.emails.send(this.emails.verificationMailFor(input.email, input.name, token), false);
    return { userId, organizationId };
  }

  /**
   * api.md 7.2 register {email, password, name, globalRoleId?}. Only a caller holding a global role at least
   * as privileged may grant one (product.md 6: "registration may include a globalRoleId"); a user created
   * with a global role needs no subscription of their own, so starts active.
   */
  async register(
    ctx: CommandContext,
    input: { email: string; password: string; name: string; globalRoleId?: number | null },
    caller: Principal | null,
  ): Promise<{ userId: string }> {
    const globalRoleId = input.globalRoleId ?? null;
    if (globalRoleId !== null) {
      if (!(GLOBAL_ROLES as readonly number[]).includes(globalRoleId))
        throw new DomainError('account.globalRoleInvalid');
      if (!caller || !hasRole(caller.globalRoleId, globalRoleId))
        throw new DomainError('account.globalRoleNotAllowed');
    }
    const userId = newEntityId(ctx, 'user');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.now.toISOString();
    const { token, hash } = issueToken();
    const emailVerification = { tokenHash: hash, expiresAt: this.emails.verificationExpiry(ctx.now) };
    await this.executor.executeMany({ ...ctx, userId: caller?.userId ?? userId }, async () =>
      this.newUserDecisions(
        {
          userId,
          email: input.email,
          name: input.name,
          surname: null,
          phone: null,
          tckn: null,
          passwordHash,
          registrationStatus: globalRoleId !== null ? 'active' : 'pending_payment',
          globalRoleId,
          emailVerification,
        },
        now,
      ),
    );
    await this.emails.send(this.emails.verificationMailFor(input.email, input.name, token), false);
    return { userId };
  }

  /**
   * Failed logins are counted per account and per ip in a window; past the limit every attempt (right password
   * or not) answers 429 until the window ends. Each attempt is counted (one atomic increment) before the
   * password is checked, so parallel guesses are throttled too; a success takes its ip hit back and clears the
   * account's count.
   */
  async login(ctx: CommandContext, email: string, password: string): Promise<IssuedSession> {
    const windowMs = this.config.LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000;
    const accountKey = `login:account:${email}`;
    const ipKey = `login:ip:${ctx.ipAddress ?? 'unknown'}`;
    const [byAccount, byIp] = await Promise.all([
      this.limiter.hit(accountKey, windowMs),
      this.limiter.hit(ipKey, windowMs),
    ]);
    if (
      byAccount > this.config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT ||
      byIp > this.config.LOGIN_MAX_ATTEMPTS_PER_IP
    ) {
      throw new DomainError('auth.tooManyAttempts');
    }
    const user = await readUserCredentials(this.db, email);
    const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
    if (!user || !ok) throw new DomainError('auth.invalidCredentials');
    await Promise.all([this.limiter.reset(accountKey), this.limiter.release(ipKey)]);
    return this.startSession({ ...ctx, userId: user.id }, user.id);
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

  async startSession(ctx: CommandContext, userId: string): Promise<IssuedSession> {
    const sessionId = newEntityId(ctx, 'session');
    const { token, hash } = this.tokens.newRefreshToken(sessionId);
    const refreshExpires = this.tokens.refreshExpiry(ctx.now);
    const absoluteEnd = new Date(ctx.now.getTime() + this.tokens.sessionMaxAgeMs);
    const expires = refreshExpires < absoluteEnd ? refreshExpires : absoluteEnd;
    await this.executor.execute(ctx, sessionStream(sessionId), sessionDecider, {
      type: 'StartSession',
      sessionId,
      userId,
      refreshTokenHash: hash,
      ipAddress: ctx.ipAddress,
      userAgent: ctx.userAgent,
      now: ctx.now.toISOString(),
      expiresAt: expires.toISOString(),
    });
    return {
      accessToken: await this.tokens.signAccess({ userId, sessionId }),
      refreshToken: token,
      refreshExpires: expires,
      sessionId,
    };
  }

  /** Rotates the refresh token; a reused one revokes the session (and is refused). */
  async refresh(ctx: CommandContext, presented: string): Promise<IssuedSession> {
    const sessionId = presented.split('.')[0] ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw new DomainError('auth.refreshInvalid');
    const { token, hash } = this.tokens.newRefreshToken(sessionId);
    const expires = this.tokens.refreshExpiry(ctx.now);
    const { state } = await this.executor.load(sessionStream(sessionId), sessionDecider);
    const userId = state.status === 'none' ? null : state.userId;
    const written: SessionEvent[] = await this.executor.execute(
      { ...ctx, userId },
      sessionStream(sessionId),
      sessionDecider,
      {
        type: 'RefreshSession',
        sessionId,
        presentedHash: hashToken(presented),
        newHash: hash,
        now: ctx.now.toISOString(),
        expiresAt: expires.toISOString(),
        maxLifetimeMs: this.tokens.sessionMaxAgeMs,
      },
    );
    const ended = written.find((e) => e.type === 'SessionEnded');
    const refreshed = written.find(
      (e): e is Extract<SessionEvent, { type: 'SessionRefreshed' }> => e.type === 'SessionRefreshed',
    );
    if (ended || !userId || !refreshed) throw new DomainError('auth.refreshInvalid');
    return {
      accessToken: await this.tokens.signAccess({ userId, sessionId }),
      refreshToken: token,
      refreshExpires: new Date(refreshed.data.expiresAt),
      sessionId,
    };
  }

  async endSession(
    ctx: CommandContext,
    userId: string,
    sessionId: string,
    reason: 'logout' | 'ended_by_user',
  ): Promise<void> {
    await this.executor.execute(ctx, sessionStream(sessionId), sessionDecider, {
      type: 'EndSession',
      sessionId,
      userId,
      reason,
      now: ctx.now.toISOString(),
    });
  }

  /**
   * "Bu ben değildim" (Ayarlar): every live session of the user ends, this one too, in one write, after the
   * password (a stolen access token alone must not be able to sign the owner out). Answers how many ended.
   */
  async endAllSessions(ctx: CommandContext, userId: string, password: string | undefined): Promise<number> {
    if (!password) throw new DomainError('account.currentPasswordMissing');
    await this.checkCurrentPassword(userId, password);
    let ended = 0;
    await this.executor.executeMany(ctx, async () => {
      const ends = await this.sessions.endAllDecisions(userId, null, 'not_me', ctx.now);
      ended = ends.filter((d) => d.events.length > 0).length;
      return ends;
    });
    return ended;
  }

  /**
   * api.md 7.2 updateProfile {name, email, password}: only what is sent and differs changes. A new e-mail
   * must be verified again (a link goes to it, and until then only account calls work); a new password ends
   * every other session of the user, in the same write.
   */
  async updateProfile(
    ctx: CommandContext,
    p: Principal,
    input: UpdateProfileInput,
  ): Promise<{ emailVerificationSent: boolean; endedSessions: number }> {
    if (input.currentPassword !== undefined) await this.checkCurrentPassword(p.userId, input.currentPassword);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const newEmail = input.email !== undefined && input.email !== p.email ? input.email : undefined;
    const verification = newEmail ? issueToken() : null;
    let endedSessions = 0;
    await this.executor.executeMany(ctx, async () => {
      const user = await this.executor.load(userStream(p.userId), userDecider);
      const decisions: StreamDecision[] = [
        decideOn(user, userDecider, {
          type: 'UpdateProfile',
          name: input.name,
          email: newEmail,
          passwordHash,
          emailVerification: verification
            ? { tokenHash: verification.hash, expiresAt: this.emails.verificationExpiry(ctx.now) }
            : undefined,
          now: ctx.now.toISOString(),
        }),
      ];
      if (newEmail && user.state.status === 'registered') {
        const [taken, old] = await Promise.all([
          this.executor.load(emailReservationStream(newEmail), emailReservationDecider),
          this.executor.load(emailReservationStream(user.state.email), emailReservationDecider),
        ]);
        decisions.push(
          decideOn(taken, emailReservationDecider, {
            type: 'ReserveEmail',
            email: newEmail,
            userId: p.userId,
          }),
          decideOn(old, emailReservationDecider, {
            type: 'ReleaseEmail',
            email: user.state.email,
            userId: p.userId,
          }),
        );
      }
      if (passwordHash) {
        const ends = await this.sessions.endAllDecisions(p.userId, p.sessionId, 'password_changed', ctx.now);
        endedSessions = ends.filter((d) => d.events.length > 0).length;
        decisions.push(...ends);
      }
      return decisions;
    });
    if (newEmail && verification) {
      const name = input.name ?? p.name;
      await this.emails.send(this.emails.verificationMailFor(newEmail, name, verification.token), false);
    }
    return { emailVerificationSent: !!newEmail, endedSessions };
  }

  async profile(userId: string) {
    const u = await readUser(this.db, userId);
    if (!u) throw new DomainError('account.userNotFound');
    return {
      id: u.id,
      name: u.name,
      surname: u.surname,
      displayName: [u.name, u.surname].filter(Boolean).join(' '),
      email: u.email,
      isEmailVerified: u.is_email_verified,
      registrationStatus: u.registration_status,
      globalRoleId: u.global_role_id,
      createdAt: new Date(u.created_at).toISOString(),
      passwordChangedAt: u.password_changed_at ? new Date(u.password_changed_at).toISOString() : null,
    };
  }

  async organizations(userId: string) {
    // The caller's own memberships in every organisation (the organisation picker after sign-in).
    const rows = await readMemberships(this.crossOrgDb, userId);
    return rows.map((row) => ({
      organization: organizationView(row),
      organizationUser: {
        id: `${row.id}:${row.user_id}`,
        userId: row.user_id,
        orgRoleId: row.org_role_id,
        isActive: row.is_active,
      },
    }));
  }

  /** api.md 7.2 getAllOrganizations: every organisation, for the developer's second picker (product.md 2). */
  async allOrganizations(p: Principal) {
    if (!hasRole(p.globalRoleId, ROLES.developer)) throw new DomainError('auth.forbidden');
    // Every organisation's member count, for the developer only (checked above).
    const rows = await readAllOrganizations(this.crossOrgDb);
    return rows.map((row) => ({
      ...organizationView({ ...row, org_role_id: p.globalRoleId }),
      ownerUserId: row.owner_user_id,
      ownerEmail: row.owner_email,
      ownerName: row.owner_name,
      memberCount: Number(row.member_count),
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
