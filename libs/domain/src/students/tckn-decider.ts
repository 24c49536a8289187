import type { Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import { studentValidationError, type StudentFormMode } from './schemas';

/**
 * product.md 5: a TCKN belongs to at most one student of an organisation. Uniqueness across streams is held by
 * a reservation stream per organisation and TCKN (`student-tckn-<orgId>-<tckn>`), appended in the same
 * appendMany as the student's event with its expected version, so two racing registrations of one TCKN cannot
 * both succeed. A soft-deleted student keeps the reservation: it can be restored, and staff should restore it
 * rather than register the person twice.
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
  (Base & { type: 'ReserveTckn'; mode: StudentFormMode }) | (Base & { type: 'ReleaseTckn' });

export interface TcknReservationState {
  holder: string | null;
}

export const initialTcknReservationState: TcknReservationState = { holder: null };

export const tcknReservationStream = (organizationId: string, tckn: string) =>
  `student-tckn-${organizationId}-${tckn}`;

export function decideTcknReservation(
  command: TcknReservationCommand,
  state: TcknReservationState,
): TcknReservationEvent[] {
  const data = { organizationId: command.organizationId, tckn: command.tckn, studentId: command.studentId };
  switch (command.type) {
    case 'ReserveTckn':
      if (state.holder === command.studentId) return [];
      if (state.holder !== null)
        // The holder's id lets a client offer the existing (maybe deleted, restorable) student.
        throw studentValidationError([message('student.itemTcknTaken')], command.mode, {
          tcknHolderId: state.holder,
        });
      return [{ type: 'TcknReserved', data: { ...data, reservedAt: command.now } }];
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
      return { holder: event.data.studentId };
    case 'TcknReleased':
      return state.holder === event.data.studentId ? { holder: null } : state;
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
