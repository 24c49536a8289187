import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';

export type SessionEndReason =
  | 'logout'
  | 'ended_by_user'
  | 'refresh_token_reuse'
  | 'password_changed'
  | 'expired'
  // "Bu ben değildim" in Ayarlar: the user ended every session after seeing activity that was not theirs.
  | 'not_me';

export type SessionEvent =
  | DomainEvent<
      'SessionStarted',
      {
        sessionId: string;
        userId: string;
        refreshTokenHash: string;
        ipAddress: string | null;
        userAgent: string | null;
        startedAt: string;
        expiresAt: string;
      }
    >
  | DomainEvent<
      'SessionRefreshed',
      { sessionId: string; userId: string; refreshTokenHash: string; refreshedAt: string; expiresAt: string }
    >
  | DomainEvent<
      'SessionEnded',
      { sessionId: string; userId: string; reason: SessionEndReason; endedAt: string }
    >;

export type SessionCommand =
  | {
      type: 'StartSession';
      sessionId: string;
      userId: string;
      refreshTokenHash: string;
      ipAddress: string | null;
      userAgent: string | null;
      now: string;
      expiresAt: string;
    }
  | {
      type: 'RefreshSession';
      sessionId: string;
      presentedHash: string;
      newHash: string;
      now: string;
      expiresAt: string;
      /** The absolute lifetime from sign-in: refreshing never moves the end past startedAt + this. */
      maxLifetimeMs: number;
    }
  | { type: 'EndSession'; sessionId: string; userId: string; reason: SessionEndReason; now: string };

export type SessionState =
  | { status: 'none' }
  | {
      status: 'active' | 'ended';
      userId: string;
      currentHash: string;
      usedHashes: string[];
      expiresAt: string;
      startedAt: string;
    };

export const initialSessionState: SessionState = { status: 'none' };

/**
 * Refresh tokens rotate on every use. Presenting a token that was already rotated away means it leaked:
 * the whole session is revoked (the decider answers SessionEnded with reason refresh_token_reuse and the
 * caller refuses the request after storing it). A session lives at most `maxLifetimeMs` from sign-in however
 * often it is refreshed, so a stolen refresh token cannot keep a session alive for ever.
 */
export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession': {
      if (state.status !== 'none') throw new DomainError('common.conflict');
      const { type: _t, now, ...rest } = command;
      return [{ type: 'SessionStarted', data: { ...rest, startedAt: now } }];
    }
    case 'RefreshSession': {
      if (state.status === 'none' || state.status === 'ended') throw new DomainError('auth.refreshInvalid');
      const base = { sessionId: command.sessionId, userId: state.userId };
      if (state.usedHashes.includes(command.presentedHash)) {
        return [
          { type: 'SessionEnded', data: { ...base, reason: 'refresh_token_reuse', endedAt: command.now } },
        ];
      }
      if (state.currentHash !== command.presentedHash) throw new DomainError('auth.refreshInvalid');
      const absoluteEnd = new Date(Date.parse(state.startedAt) + command.maxLifetimeMs).toISOString();
      if (state.expiresAt <= command.now || absoluteEnd <= command.now) {
        return [{ type: 'SessionEnded', data: { ...base, reason: 'expired', endedAt: command.now } }];
      }
      return [
        {
          type: 'SessionRefreshed',
          data: {
            ...base,
            refreshTokenHash: command.newHash,
            refreshedAt: command.now,
            expiresAt: command.expiresAt < absoluteEnd ? command.expiresAt : absoluteEnd,
          },
        },
      ];
    }
    case 'EndSession': {
      if (state.status === 'none' || state.userId !== command.userId)
        throw new DomainError('account.sessionNotFound');
      if (state.status === 'ended') return [];
      return [
        {
          type: 'SessionEnded',
          data: {
            sessionId: command.sessionId,
            userId: state.userId,
            reason: command.reason,
            endedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        userId: event.data.userId,
        currentHash: event.data.refreshTokenHash,
        usedHashes: [],
        expiresAt: event.data.expiresAt,
        startedAt: event.data.startedAt,
      };
    case 'SessionRefreshed':
      if (state.status === 'none') return state;
      return {
        ...state,
        currentHash: event.data.refreshTokenHash,
        usedHashes: [...state.usedHashes, state.currentHash],
        expiresAt: event.data.expiresAt,
      };
    case 'SessionEnded':
      return state.status === 'none' ? state : { ...state, status: 'ended' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const sessionDecider = {
  decide: decideSession,
  evolve: evolveSession,
  initialState: initialSessionState,
} satisfies Decider<SessionCommand, SessionEvent, SessionState>;
export const sessionStream = (sessionId: string) => `session-${sessionId}`;
