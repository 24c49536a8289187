import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { CalendarFeedKind } from './schemas';

interface FeedIds {
  organizationId: string;
  kind: CalendarFeedKind;
  /** null for the organisation's own feed. */
  ownerId: string | null;
}

export type CalendarFeedEvent =
  | DomainEvent<
      'CalendarFeedRotated',
      FeedIds & { token: string; rotatedBy: string | null; rotatedAt: string }
    >
  | DomainEvent<'CalendarFeedRevoked', FeedIds & { revokedBy: string | null; revokedAt: string }>;

interface CommandBase extends FeedIds {
  userId: string | null;
  now: string;
}

export type CalendarFeedCommand =
  | (CommandBase & {
      type: 'RotateCalendarFeed';
      /** A fresh secret made by the caller (deciders are pure). */
      token: string;
      /** Is the student or group a live record of this organisation (from the read models). */
      ownerExists: boolean;
    })
  | (CommandBase & { type: 'RevokeCalendarFeed' });

export type CalendarFeedState = { token: string | null };
export const initialCalendarFeedState: CalendarFeedState = { token: null };

/** One stream per organisation and owner: rotating replaces the token, so the old URL stops at once. */
export const calendarFeedStream = (organizationId: string, kind: CalendarFeedKind, ownerId: string | null) =>
  `calendar_feed-${organizationId}-${kind}-${ownerId ?? organizationId}`;

/** A token long enough that it cannot be guessed: base64url of at least 32 random bytes. */
const TOKEN = /^[A-Za-z0-9_-]{43,}$/;

export function decideCalendarFeed(
  command: CalendarFeedCommand,
  state: CalendarFeedState,
): CalendarFeedEvent[] {
  const ids = { organizationId: command.organizationId, kind: command.kind, ownerId: command.ownerId };
  switch (command.type) {
    case 'RotateCalendarFeed':
      if (!command.ownerExists) throw new DomainError('calendarFeed.ownerNotFound');
      if (!TOKEN.test(command.token)) throw new DomainError('calendarFeed.invalid');
      return [
        {
          type: 'CalendarFeedRotated',
          data: { ...ids, token: command.token, rotatedBy: command.userId, rotatedAt: command.now },
        },
      ];
    case 'RevokeCalendarFeed':
      if (state.token === null) throw new DomainError('calendarFeed.notFound');
      return [
        { type: 'CalendarFeedRevoked', data: { ...ids, revokedBy: command.userId, revokedAt: command.now } },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveCalendarFeed(state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState {
  switch (event.type) {
    case 'CalendarFeedRotated':
      return { token: event.data.token };
    case 'CalendarFeedRevoked':
      return { token: null };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const calendarFeedDecider = {
  decide: decideCalendarFeed,
  evolve: evolveCalendarFeed,
  initialState: initialCalendarFeedState,
} satisfies Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeedState>;
