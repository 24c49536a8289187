import type { Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import { studentValidationError, type StudentFormMode } from './schemas';

/**
 * product.md 5: a TCKN belongs to at most one student of an organisation. Uniqueness across streams is held by
 * a reservation stream per organisation and TCKN, appended in the same appendMany as the student's event with
 * its expected version, so two racing registrations of one TCKN cannot both succeed (where appendMany is not
 * atomic, the reservation is written before the student and released if the student's append fails). A
 * soft-deleted student keeps the reservation: it can be restored, and staff should restore it rather than
 * register the person twice. An erased student's reservation is released with the erasure (docs/DECISIONS.md).
 */
export type TcknReservationEvent =
  | DomainEvent<
      'TcknReserved',
      { organizationId: string; tckn: string; studentId: string; reservedAt: string }
    >
  | DomainEvent<
      'TcknReleased',
      { organizationId: string; tckn: string; studentId: string; releasedAt: string }
    >;

interface Base {
  organizationId: string;
  tckn: string;
  studentId: string;
  userId: string | null;
  now: string;
}

export type TcknReservationCommand =
  | (Base & {
      type: 'ReserveTckn';
      mode: StudentFormMode;
      /** The server looked the holder up and found no student stream of that id (see abandonedReservation). */
      holderAbsent?: boolean;
    })
  | (Base & { type: 'ReleaseTckn' });

export interface TcknReservationState {
  holder: string | null;
  /** When the holder reserved it (absent in states written by hand before it was kept). */
  since?: string | null;
}

/**
 * Where appendMany is not atomic (EventStoreDB) a registration writes the reservation before the student, and a
 * process that dies between the two leaves a reservation whose student was never stored. The next reservation
 * of that TCKN takes it over, but only once it is this old: a registration still running holds its
 * reservation for seconds, and taking over a younger one could let both students be written.
 */
export const ABANDONED_TCKN_RESERVATION_MS = 10 * 60 * 1000;

function abandonedReservation(
  state: TcknReservationState,
  command: Base & { holderAbsent?: boolean },
): boolean {
  if (!command.holderAbsent || !state.since) return false;
  return Date.parse(command.now) - Date.parse(state.since) >= ABANDONED_TCKN_RESERVATION_MS;
}

export const initialTcknReservationState: TcknReservationState = { holder: null, since: null };

/**
 * The stream is named by a keyed hash of the TCKN (`tcknRef`, computed by the server with a key the domain
 * never sees), so neither the stream id nor a backup that carries it reveals the TCKN after an erasure.
 */
export const tcknReservationStream = (organizationId: string, tcknRef: string) =>
  `student-tckn-ref-${organizationId}-${tcknRef}`;

/**
 * Reservations made before the keyed names are named by the TCKN itself. They are never written anew but
 * still count: a TCKN held there blocks another student as before, and its holder releases it there.
 */
export const legacyTcknReservationStream = (organizationId: string, tckn: string) =>
  `student-tckn-${organizationId}-${tckn}`;

/** The keyed hash of a TCKN within an organisation (HMAC on the server; the domain only carries it). */
export type TcknRef = (organizationId: string, tckn: string) => string;

/** Both places a TCKN's reservation can live: the keyed stream, and the clear-named one of old. */
export interface TcknReservationStreams {
  current: string;
  legacy: string;
}

export const tcknReservationStreams = (
  organizationId: string,
  tckn: string,
  tcknRef: TcknRef,
): TcknReservationStreams => ({
  current: tcknReservationStream(organizationId, tcknRef(organizationId, tckn)),
  legacy: legacyTcknReservationStream(organizationId, tckn),
});

/** The folded states of both streams of one TCKN. */
export interface TcknReservationStates {
  current: TcknReservationState;
  legacy: TcknReservationState;
}

export const freeTcknReservation: TcknReservationStates = {
  current: { holder: null },
  legacy: { holder: null },
};

/**
 * Who holds the TCKN, and in which stream. Nothing reserves into a legacy stream any more, so a TCKN is held
 * in at most one of them (a new reservation is refused while the legacy one holds it).
 */
export function tcknHolder(states: TcknReservationStates): {
  state: TcknReservationState;
  in: keyof TcknReservationStreams;
} {
  if (states.current.holder === null && states.legacy.holder !== null)
    return { state: states.legacy, in: 'legacy' };
  return { state: states.current, in: 'current' };
}

export function decideTcknReservation(
  command: TcknReservationCommand,
  state: TcknReservationState,
): TcknReservationEvent[] {
  const data = { organizationId: command.organizationId, tckn: command.tckn, studentId: command.studentId };
  switch (command.type) {
    case 'ReserveTckn': {
      if (state.holder === command.studentId) return [];
      if (state.holder !== null && !abandonedReservation(state, command))
        // The holder's id lets a client offer the existing (maybe deleted, restorable) student.
        throw studentValidationError([message('student.itemTcknTaken')], command.mode, {
          tcknHolderId: state.holder,
        });
      const reserved: TcknReservationEvent = {
        type: 'TcknReserved',
        data: { ...data, reservedAt: command.now },
      };
      if (state.holder === null) return [reserved];
      return [
        { type: 'TcknReleased', data: { ...data, studentId: state.holder, releasedAt: command.now } },
        reserved,
      ];
    }
    case 'ReleaseTckn':
      // Only the holder releases; anything else is a no-op so that a retried edit stays harmless.
      if (state.holder !== command.studentId) return [];
      return [{ type: 'TcknReleased', data: { ...data, releasedAt: command.now } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveTcknReservation(
  state: TcknReservationState,
  event: TcknReservationEvent,
): TcknReservationState {
  switch (event.type) {
    case 'TcknReserved':
      return { holder: event.data.studentId, since: event.data.reservedAt };
    case 'TcknReleased':
      return state.holder === event.data.studentId ? { holder: null, since: null } : state;
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const tcknReservationDecider = {
  decide: decideTcknReservation,
  evolve: evolveTcknReservation,
  initialState: initialTcknReservationState,
} satisfies Decider<TcknReservationCommand, TcknReservationEvent, TcknReservationState>;
