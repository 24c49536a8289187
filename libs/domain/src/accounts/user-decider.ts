import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';

export type RegistrationStatus = 'pending_payment' | 'active';

/**
 * Single-use e-mail tokens (verification, password reset) are facts in the user's own stream holding only
 * the SHA-256 of the token and its expiry, never the token. Why events and not a table: the user stream is
 * already the consistency boundary of everything the token changes (the verified flag, the password), so
 * consuming a token and applying its effect is one append with the expected version: two requests racing
 * with the same token cannot both win, a newer request replaces the older token, and the audit log shows
 * each request without extra plumbing. The hash of a random 256-bit token is useless once it has expired.
 */
export interface PendingToken {
  email: string;
  tokenHash: string;
  expiresAt: string;
}

export type UserEvent =
  | DomainEvent<
      'UserRegistered',
      {
        userId: string;
        email: string;
        name: string;
        surname: string | null;
        phone: string | null;
        tckn: string | null;
        // Argon2id hash, never the password. Kept in the stream so a user is rebuilt from events alone.
        passwordHash: string;
        registrationStatus: RegistrationStatus;
        globalRoleId: number | null;
        registeredAt: string;
      }
    >
  | DomainEvent<'UserRegistrationActivated', { userId: string; activatedAt?: string }>
  | DomainEvent<
      'EmailVerificationRequested',
      { userId: string; email: string; tokenHash: string; expiresAt: string; requestedAt: string }
    >
  | DomainEvent<'UserEmailVerified', { userId: string; email: string; verifiedAt: string }>
  | DomainEvent<
      'PasswordResetRequested',
      { userId: string; email: string; tokenHash: string; expiresAt: string; requestedAt: string }
    >
  | DomainEvent<'UserPasswordReset', { userId: string; passwordHash: string; resetAt: string }>
  | DomainEvent<
      'UserNameChanged',
      { userId: string; name: string; previousName: string; changedByUserId: string; changedAt: string }
    >
  | DomainEvent<
      'UserEmailChanged',
      { userId: string; email: string; previousEmail: string; changedAt: string }
    >
  | DomainEvent<'UserPasswordChanged', { userId: string; passwordHash: string; changedAt: string }>;

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      name: string;
      surname: string | null;
      phone: string | null;
      tckn: string | null;
      passwordHash: string;
      registrationStatus: RegistrationStatus;
      globalRoleId: number | null;
      /** An invitation accepted through its e-mail link proves the address: the user starts verified. */
      emailVerified?: boolean;
      /** api.md 8.1 "Lütfen mail adresinizi kontrol edin": a self-registered user gets the link at once. */
      emailVerification?: { tokenHash: string; expiresAt: string };
      now: string;
    }
  | { type: 'RequestEmailVerification'; tokenHash: string; expiresAt: string; now: string }
  | { type: 'VerifyEmail'; email: string; presentedHash: string; now: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string; now: string }
  | { type: 'ResetPassword'; email: string; presentedHash: string; passwordHash: string; now: string }
  | {
      type: 'UpdateProfile';
      name?: string;
      email?: string;
      passwordHash?: string;
      /** A changed e-mail must be verified again (product.md 2): the new token comes with the change. */
      emailVerification?: { tokenHash: string; expiresAt: string };
      now: string;
    }
  | {
      type: 'RenameUser';
      name: string;
      changedByUserId: string;
      /** The user is an active member of an organisation other than the one whose admin renames them. */
      memberElsewhere: boolean;
      now: string;
    }
  | { type: 'ActivateRegistration'; now: string };

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      name: string;
      isEmailVerified: boolean;
      registrationStatus: RegistrationStatus;
      globalRoleId: number | null;
      verification: PendingToken | null;
      reset: PendingToken | null;
    };

export const initialUserState: UserState = { status: 'none' };

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState): Registered {
  if (state.status === 'none') throw new DomainError('account.userNotFound');
  return state;
}

/** A token is good when it is the latest one issued, for the address it was sent to, and not expired. */
function tokenMatches(
  token: PendingToken | null,
  email: string,
  presentedHash: string,
  now: string,
): boolean {
  return (
    token !== null &&
    token.email === email &&
    token.tokenHash === presentedHash &&
    Date.parse(token.expiresAt) > Date.parse(now)
  );
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new DomainError('auth.emailTaken');
      const { type: _t, now, emailVerified, emailVerification, ...rest } = command;
      const events: UserEvent[] = [{ type: 'UserRegistered', data: { ...rest, registeredAt: now } }];
      if (emailVerified)
        events.push({
          type: 'UserEmailVerified',
          data: { userId: rest.userId, email: rest.email, verifiedAt: now },
        });
      else if (emailVerification)
        events.push({
          type: 'EmailVerificationRequested',
          data: { userId: rest.userId, email: rest.email, ...emailVerification, requestedAt: now },
        });
      return events;
    }
    case 'RequestEmailVerification': {
      const s = registered(state);
      if (s.isEmailVerified) throw new DomainError('account.emailAlreadyVerified');
      return [
        {
          type: 'EmailVerificationRequested',
          data: {
            userId: s.userId,
            email: s.email,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt,
            requestedAt: command.now,
          },
        },
      ];
    }
    case 'VerifyEmail': {
      const s = registered(state);
      if (
        s.isEmailVerified ||
        !tokenMatches(s.verification, command.email, command.presentedHash, command.now)
      ) {
        throw new DomainError('account.verifyTokenInvalid');
      }
      return [
        { type: 'UserEmailVerified', data: { userId: s.userId, email: s.email, verifiedAt: command.now } },
      ];
    }
    case 'RequestPasswordReset': {
      const s = registered(state);
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            userId: s.userId,
            email: s.email,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt,
            requestedAt: command.now,
          },
        },
      ];
    }
    case 'ResetPassword': {
      const s = registered(state);
      if (!tokenMatches(s.reset, command.email, command.presentedHash, command.now))
        throw new DomainError('account.resetTokenInvalid');
      const events: UserEvent[] = [
        {
          type: 'UserPasswordReset',
          data: { userId: s.userId, passwordHash: command.passwordHash, resetAt: command.now },
        },
      ];
      // The link reached this address, which proves it as well as a verification link would.
      if (!s.isEmailVerified)
        events.push({
          type: 'UserEmailVerified',
          data: { userId: s.userId, email: s.email, verifiedAt: command.now },
        });
      return events;
    }
    case 'UpdateProfile': {
      const s = registered(state);
      const events: UserEvent[] = [];
      if (command.name !== undefined && command.name !== s.name) {
        events.push({
          type: 'UserNameChanged',
          data: {
            userId: s.userId,
            name: command.name,
            previousName: s.name,
            changedByUserId: s.userId,
            changedAt: command.now,
          },
        });
      }
      if (command.email !== undefined && command.email !== s.email) {
        if (!command.emailVerification) throw new DomainError('common.badRequest');
        events.push({
          type: 'UserEmailChanged',
          data: { userId: s.userId, email: command.email, previousEmail: s.email, changedAt: command.now },
        });
        events.push({
          type: 'EmailVerificationRequested',
          data: {
            userId: s.userId,
            email: command.email,
            ...command.emailVerification,
            requestedAt: command.now,
          },
        });
      }
      if (command.passwordHash !== undefined) {
        events.push({
          type: 'UserPasswordChanged',
          data: { userId: s.userId, passwordHash: command.passwordHash, changedAt: command.now },
        });
      }
      return events;
    }
    case 'RenameUser': {
      const s = registered(state);
      if (command.name === s.name) return [];
      // One organisation's admin must not change what another organisation sees (DECISIONS.md: shared users).
      if (command.memberElsewhere && command.changedByUserId !== s.userId)
        throw new DomainError('org.renameSharedUser');
      return [
        {
          type: 'UserNameChanged',
          data: {
            userId: s.userId,
            name: command.name,
            previousName: s.name,
            changedByUserId: command.changedByUserId,
            changedAt: command.now,
          },
        },
      ];
    }
    case 'ActivateRegistration': {
      const s = registered(state);
      if (s.registrationStatus === 'active') return [];
      return [{ type: 'UserRegistrationActivated', data: { userId: s.userId, activatedAt: command.now } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    return {
      status: 'registered',
      userId: event.data.userId,
      email: event.data.email,
      name: event.data.name,
      isEmailVerified: false,
      registrationStatus: event.data.registrationStatus,
      globalRoleId: event.data.globalRoleId,
      verification: null,
      reset: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'UserRegistrationActivated':
      return { ...state, registrationStatus: 'active' };
    case 'EmailVerificationRequested':
      return {
        ...state,
        verification: {
          email: event.data.email,
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
        },
      };
    case 'UserEmailVerified':
      return { ...state, isEmailVerified: true, verification: null };
    case 'PasswordResetRequested':
      return {
        ...state,
        reset: { email: event.data.email, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'UserPasswordReset':
    case 'UserPasswordChanged':
      // A new password spends any reset link still out there.
      return { ...state, reset: null };
    case 'UserNameChanged':
      return { ...state, name: event.data.name };
    case 'UserEmailChanged':
      // product.md 2: a changed address is unverified until its own link is used; older links die with it.
      return { ...state, email: event.data.email, isEmailVerified: false, verification: null, reset: null };
    default: {
      // Events this decider does not know (another context's, or a newer version's) leave it unchanged.
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const userDecider = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
} satisfies Decider<UserCommand, UserEvent, UserState>;
export const userStream = (userId: string) => `user-${userId}`;

/**
 * E-mail uniqueness: a reservation stream per address, appended in the same atomic write as the user's
 * event that takes the address (registration, e-mail change), so two users racing for one address cannot
 * both succeed. An address given up by an e-mail change is released and can be taken again.
 */
export type EmailReservationEvent =
  | DomainEvent<'EmailReserved', { email: string; userId: string }>
  | DomainEvent<'EmailReservationReleased', { email: string; userId: string }>;

export type EmailReservationCommand = {
  type: 'ReserveEmail' | 'ReleaseEmail';
  email: string;
  userId: string;
};
export type EmailReservationState = { holder: string | null };

export function decideEmailReservation(
  command: EmailReservationCommand,
  state: EmailReservationState,
): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.holder === command.userId) return [];
      if (state.holder !== null) throw new DomainError('auth.emailTaken');
      return [{ type: 'EmailReserved', data: { email: command.email, userId: command.userId } }];
    case 'ReleaseEmail':
      return state.holder === command.userId
        ? [{ type: 'EmailReservationReleased', data: { email: command.email, userId: command.userId } }]
        : [];
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveEmailReservation(
  state: EmailReservationState,
  event: EmailReservationEvent,
): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      return { holder: event.data.userId };
    case 'EmailReservationReleased':
      return { holder: null };
    default: {
      // Events this decider does not know (another context's, or a newer version's) leave it unchanged.
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const emailReservationDecider = {
  decide: decideEmailReservation,
  evolve: evolveEmailReservation,
  initialState: { holder: null } as EmailReservationState,
} satisfies Decider<EmailReservationCommand, EmailReservationEvent, EmailReservationState>;
export const emailReservationStream = (email: string) => `user_email-${email.trim().toLowerCase()}`;
