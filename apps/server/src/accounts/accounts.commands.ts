import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COMPANY_TYPES_NEEDING_VKN,
  DomainError,
  GLOBAL_ROLES,
  emailReservationDecider,
  emailReservationStream,
  endAllSessionsSchema,
  hasRole,
  loginSchema,
  logoutSchema,
  organizationDecider,
  organizationStream,
  registerSchema,
  sessionDecider,
  sessionStream,
  userDecider,
  userStream,
  type PreregisterInput,
  type SessionEvent,
  type UpdateProfileInput,
} from '@okul/domain';
import { readUserCredentials, type Db } from '@okul/projections';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/password';
import { RATE_LIMITER, type RateLimiter } from '../auth/rate-limiter';
import { TokenService, hashToken } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  claimOn,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { CONFIG, DB } from '../infra/tokens';
import { AccountsService } from './accounts.service';
import { SessionsService } from './sessions.service';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpires: Date;
  sessionId: string;
}

// A hash to compare against when the e-mail is unknown, so a wrong address costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password');

export class PreregisterCommand extends Command<{ userId: string; organizationId: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: PreregisterInput,
  ) {
    super();
  }
}

export class RegisterCommand extends Command<{ userId: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: z.infer<typeof registerSchema>,
    /** The signed-in caller, when a token came (only they may grant a global role). */
    readonly caller: Principal | null,
  ) {
    super();
  }
}

export class LoginCommand extends Command<IssuedSession> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: z.infer<typeof loginSchema>,
  ) {
    super();
  }
}

/** A new session for a user whose identity is established (by LoginCommand). */
export class StartSessionCommand extends Command<IssuedSession> {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
  ) {
    super();
  }
}

export class RefreshSessionCommand extends Command<IssuedSession> {
  constructor(
    readonly ctx: CommandContext,
    /** The refresh cookie as it came; empty when none came. */
    readonly presented: string,
  ) {
    super();
  }
}

export class EndSessionCommand extends Command<{ endedSessionId: string; wasCurrent: boolean }> {
  constructor(
    readonly ctx: CommandContext,
    readonly principal: Principal,
    readonly input: z.infer<typeof logoutSchema>,
  ) {
    super();
  }
}

export class EndAllSessionsCommand extends Command<{ endedSessions: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly input: z.infer<typeof endAllSessionsSchema>,
  ) {
    super();
  }
}

export class UpdateProfileCommand extends Command<{ emailVerificationSent: boolean; endedSessions: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly principal: Principal,
    readonly input: UpdateProfileInput,
  ) {
    super();
  }
}

/** product.md 4 registration flow: the user (pending payment) and the organisation with the user as school-owner. */
@CommandHandler(PreregisterCommand)
export class PreregisterHandler implements ICommandHandler<PreregisterCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  async execute({ ctx, input }: PreregisterCommand) {
    const userId = newEntityId(ctx, 'user');
    const organizationId = newEntityId(ctx, 'organization');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.now.toISOString();
    const { token, emailVerification } = this.accounts.newEmailVerification(ctx.now);
    await this.executor.executeMany({ ...ctx, userId, organizationId }, async () => {
      const [user, org] = await Promise.all([
        this.accounts.newUserDecisions(
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
        ),
        this.executor.load(organizationStream(organizationId), organizationDecider),
      ]);
      return [
        ...user,
        decideOn(org, organizationDecider, {
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
        }),
      ];
    });
    await this.accounts.sendVerification(input.email, input.name, token);
    return { userId, organizationId };
  }
}

/**
 * api.md 7.2 register {email, password, name, globalRoleId?}. Only a caller holding a global role at least
 * as privileged may grant one (product.md 6: "registration may include a globalRoleId"); a user created
 * with a global role needs no subscription of their own, so starts active.
 */
@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  async execute({ ctx, input, caller }: RegisterCommand) {
    const globalRoleId = input.globalRoleId ?? null;
    if (globalRoleId !== null) {
      if (!(GLOBAL_ROLES as readonly number[]).includes(globalRoleId))
        throw new DomainError('account.globalRoleInvalid');
      if (!caller || !hasRole(caller.globalRoleId, globalRoleId))
        throw new DomainError('account.globalRoleNotAllowed');
    }
    const userId = newEntityId(ctx, 'user');
    const passwordHash = await hashPassword(input.password);
    const { token, emailVerification } = this.accounts.newEmailVerification(ctx.now);
    await this.executor.executeMany({ ...ctx, userId: caller?.userId ?? userId }, async () =>
      this.accounts.newUserDecisions(
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
        ctx.now.toISOString(),
      ),
    );
    await this.accounts.sendVerification(input.email, input.name, token);
    return { userId };
  }
}

/**
 * Failed logins are counted per account and per ip in a window; past the limit every attempt (right password
 * or not) answers 429 until the window ends. Each attempt is counted (one atomic increment) before the
 * password is checked, so parallel guesses are throttled too; a success takes its ip hit back and clears the
 * account's count.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ ctx, input: { email, password } }: LoginCommand): Promise<IssuedSession> {
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
    return this.commands.execute(new StartSessionCommand({ ...ctx, userId: user.id }, user.id));
  }
}

/** A session lasts its refresh token's lifetime, never past the absolute lifetime from sign-in. */
@CommandHandler(StartSessionCommand)
export class StartSessionHandler implements ICommandHandler<StartSessionCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  async execute({ ctx, userId }: StartSessionCommand): Promise<IssuedSession> {
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
}

/** Rotates the refresh token; a reused one revokes the session (and is refused). */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  async execute({ ctx, presented }: RefreshSessionCommand): Promise<IssuedSession> {
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
}

/**
 * api.md 7.2 logout {sessionId}: the caller's own session when none is named; ending another of one's own
 * sessions uses the same call, after the current password (a stolen access token must not be enough to
 * sign the owner out of their other devices).
 */
@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  async execute({ ctx, principal: p, input }: EndSessionCommand) {
    const sessionId = input.sessionId && input.sessionId !== '' ? input.sessionId : p.sessionId;
    const wasCurrent = sessionId === p.sessionId;
    if (!wasCurrent) {
      if (!input.currentPassword) throw new DomainError('account.currentPasswordMissing');
      await this.accounts.checkCurrentPassword(p.userId, input.currentPassword);
    }
    await this.executor.execute(ctx, sessionStream(sessionId), sessionDecider, {
      type: 'EndSession',
      sessionId,
      userId: p.userId,
      reason: wasCurrent ? 'logout' : 'ended_by_user',
      now: ctx.now.toISOString(),
    });
    return { endedSessionId: sessionId, wasCurrent };
  }
}

/**
 * "Bu ben değildim" (Ayarlar): every live session of the user ends, this one too, in one write, after the
 * password (a stolen access token alone must not be able to sign the owner out). Answers how many ended.
 */
@CommandHandler(EndAllSessionsCommand)
export class EndAllSessionsHandler implements ICommandHandler<EndAllSessionsCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async execute({ ctx, userId, input }: EndAllSessionsCommand) {
    if (!input.currentPassword) throw new DomainError('account.currentPasswordMissing');
    await this.accounts.checkCurrentPassword(userId, input.currentPassword);
    let endedSessions = 0;
    await this.executor.executeMany(ctx, async () => {
      const ends = await this.sessions.endAllDecisions(userId, null, 'not_me', ctx.now);
      endedSessions = ends.filter((d) => d.events.length > 0).length;
      return ends;
    });
    return { endedSessions };
  }
}

/**
 * api.md 7.2 updateProfile {name, email, password}: only what is sent and differs changes. A new e-mail
 * must be verified again (a link goes to it, and until then only account calls work); a new password ends
 * every other session of the user, in the same write.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async execute({ ctx, principal: p, input }: UpdateProfileCommand) {
    if (input.currentPassword !== undefined)
      await this.accounts.checkCurrentPassword(p.userId, input.currentPassword);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const newEmail = input.email !== undefined && input.email !== p.email ? input.email : undefined;
    const verification = newEmail ? this.accounts.newEmailVerification(ctx.now) : null;
    let endedSessions = 0;
    await this.executor.executeMany(ctx, async () => {
      const user = await this.executor.load(userStream(p.userId), userDecider);
      const decisions: StreamDecision[] = [
        decideOn(user, userDecider, {
          type: 'UpdateProfile',
          name: input.name,
          email: newEmail,
          passwordHash,
          emailVerification: verification?.emailVerification,
          now: ctx.now.toISOString(),
        }),
      ];
      if (newEmail && user.state.status === 'registered') {
        const [taken, old] = await Promise.all([
          this.executor.load(emailReservationStream(newEmail), emailReservationDecider),
          this.executor.load(emailReservationStream(user.state.email), emailReservationDecider),
        ]);
        decisions.push(
          claimOn(
            taken,
            emailReservationDecider,
            { type: 'ReserveEmail', email: newEmail, userId: p.userId },
            { type: 'ReleaseEmail', email: newEmail, userId: p.userId },
          ),
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
    if (newEmail && verification)
      await this.accounts.sendVerification(newEmail, input.name ?? p.name, verification.token);
    return { emailVerificationSent: !!newEmail, endedSessions };
  }
}
