import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import { localToIso } from '../shared/time';
import { isEnrolledInCourseAt } from '../enrollments/decider';
import {
  decideAttendanceNumber,
  type AttendanceNumberEvent,
  type AttendanceNumberState,
} from './attendance-number-decider';
import type { AttendanceInput, EditAttendanceInput } from './schemas';

/** The attendance aggregate, stream `attendance-<id>` (product.md 3 Attendance). */
export interface AttendanceFields {
  courseId: string;
  /** null means Diğer (other). */
  instructorId: string | null;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  /** The lesson time as an instant (local day/hour in Europe/Istanbul), for ordering and balances. */
  timestamp: string;
  /** Student ids. */
  attendants: string[];
}

interface Ids {
  attendanceId: string;
  organizationId: string;
}

export type AttendanceEvent =
  | DomainEvent<
      'AttendanceAdded',
      Ids &
        AttendanceFields & {
          attendanceNumber: number;
          code: string;
          createdBy: string | null;
          createdAt: string;
        }
    >
  | DomainEvent<
      'AttendanceEdited',
      Ids &
        AttendanceFields & {
          editedBy: string | null;
          editedAt: string;
          // For the log (product.md 3 Log entry startDate/newStartDate): the code and the lesson time before
          // the edit. Absent in events stored before the log carried them.
          code?: string;
          previousTimestamp?: string;
        }
    >
  | DomainEvent<
      'AttendanceDeleted',
      Ids & {
        courseId: string;
        deletedBy: string | null;
        deletedAt: string;
        // For the log (product.md 3 Log entry startDate): the code and the lesson time of the deleted
        // attendance. Absent in events stored before the log carried them.
        code?: string;
        timestamp?: string;
      }
    >;

/** What the server knows of each attendee: their enrolments (of any course) and a label for messages. */
export interface AttendeeInfo {
  /** e.g. "26007 Ayşe Yılmaz"; the id is used when absent. */
  label?: string;
  enrollments: ReadonlyArray<{ courseId: string; startDate: string; endDate: string | null }>;
}
export type AttendeeLookup = Readonly<Record<string, AttendeeInfo | undefined>>;

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type AttendanceCommand =
  | (CommandBase & {
      type: 'AddAttendance';
      attendanceNumber: number;
      code: string;
      input: AttendanceInput;
      attendees: AttendeeLookup;
    })
  | (CommandBase & {
      type: 'EditAttendance';
      input: Omit<EditAttendanceInput, 'id'>;
      attendees: AttendeeLookup;
    })
  | (CommandBase & { type: 'DeleteAttendance' });

export interface ExistingAttendance extends Ids, AttendanceFields {
  status: 'active' | 'deleted';
  attendanceNumber: number;
  code: string;
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
}

export type AttendanceState = { status: 'none' } | ExistingAttendance;

export const initialAttendanceState: AttendanceState = { status: 'none' };

export const attendanceStream = (attendanceId: string) => `attendance-${attendanceId}`;

export function attendanceTime(v: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}): string {
  return localToIso(v);
}

/**
 * product.md 5: each attendee needs an enrolment of that course active at the attendance time
 * (start <= time < end if present: the end is exclusive as in the balance rules, enrollmentCoversAttendance). Answers the ids of those who do not, in the order given.
 */
export function attendeesWithoutEnrollment(
  courseId: string,
  time: string,
  attendants: readonly string[],
  attendees: AttendeeLookup,
): string[] {
  return attendants.filter((id) => !isEnrolledInCourseAt(attendees[id]?.enrollments ?? [], courseId, time));
}

function checkEnrollments(courseId: string, fields: AttendanceFields, attendees: AttendeeLookup): void {
  const missing = attendeesWithoutEnrollment(courseId, fields.timestamp, fields.attendants, attendees);
  if (missing.length > 0) {
    const students = missing.map((id) => attendees[id]?.label ?? id).join(', ');
    throw new DomainError('attendance.noEnrollment', message('attendance.noEnrollment', { students }), {
      studentIds: missing,
    });
  }
}

function fieldsOf(courseId: string, input: Omit<AttendanceInput, 'courseId'>): AttendanceFields {
  const { day, month, year, hour, minute } = input;
  return {
    courseId,
    instructorId: input.instructorId ?? null,
    day,
    month,
    year,
    hour,
    minute,
    timestamp: attendanceTime({ year, month, day, hour, minute }),
    attendants: [...new Set(input.attendants)],
  };
}

function ownAttendance(state: AttendanceState, organizationId: string): ExistingAttendance {
  // Another organisation's attendance, or a deleted one, is as good as absent.
  if (state.status !== 'active' || state.organizationId !== organizationId)
    throw new DomainError('attendance.notFound');
  return state;
}

function sameFields(a: AttendanceFields, b: AttendanceFields): boolean {
  return (
    a.courseId === b.courseId &&
    a.instructorId === b.instructorId &&
    a.timestamp === b.timestamp &&
    a.attendants.length === b.attendants.length &&
    a.attendants.every((id, i) => id === b.attendants[i])
  );
}

export function decideAttendance(command: AttendanceCommand, state: AttendanceState): AttendanceEvent[] {
  const ids = { attendanceId: command.attendanceId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddAttendance': {
      if (state.status !== 'none') throw new DomainError('attendance.alreadyExists');
      const fields = fieldsOf(command.input.courseId, command.input);
      checkEnrollments(fields.courseId, fields, command.attendees);
      return [
        {
          type: 'AttendanceAdded',
          data: {
            ...ids,
            attendanceNumber: command.attendanceNumber,
            code: command.code,
            ...fields,
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditAttendance': {
      const s = ownAttendance(state, command.organizationId);
      // product.md 5: the course cannot change in edit mode.
      if (command.input.courseId !== undefined && command.input.courseId !== s.courseId) {
        throw new DomainError('attendance.courseFixed');
      }
      const fields = fieldsOf(s.courseId, command.input);
      checkEnrollments(s.courseId, fields, command.attendees);
      if (sameFields(fields, s)) return [];
      return [
        {
          type: 'AttendanceEdited',
          data: {
            ...ids,
            ...fields,
            editedBy: command.userId,
            editedAt: command.now,
            code: s.code,
            previousTimestamp: s.timestamp,
          },
        },
      ];
    }
    case 'DeleteAttendance': {
      const s = ownAttendance(state, command.organizationId);
      return [
        {
          type: 'AttendanceDeleted',
          data: {
            ...ids,
            courseId: s.courseId,
            deletedBy: command.userId,
            deletedAt: command.now,
            code: s.code,
            timestamp: s.timestamp,
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

export function evolveAttendance(state: AttendanceState, event: AttendanceEvent): AttendanceState {
  switch (event.type) {
    case 'AttendanceAdded': {
      const { createdBy, createdAt, ...rest } = event.data;
      return { status: 'active', ...rest, createdBy, createdAt, editedBy: null, editedAt: null };
    }
    case 'AttendanceEdited': {
      if (state.status === 'none') return state;
      // The code never changes and the previous time is only for the log: neither is part of the new state.
      const { attendanceId: _a, organizationId: _o, code: _c, previousTimestamp: _p, ...rest } = event.data;
      return { ...state, ...rest };
    }
    case 'AttendanceDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const attendanceDecider = {
  decide: decideAttendance,
  evolve: evolveAttendance,
  initialState: initialAttendanceState,
} satisfies Decider<AttendanceCommand, AttendanceEvent, AttendanceState>;

/**
 * Adding an attendance writes two streams: the month's code counter and the attendance. Decides both from
 * their folded states; the server appends them in one appendMany with their expected versions.
 */
export function planAttendanceCreation(
  request: CommandBase & { input: AttendanceInput; attendees: AttendeeLookup },
  states: { numbers: AttendanceNumberState; attendance: AttendanceState },
): { code: string; numberEvents: AttendanceNumberEvent[]; attendanceEvents: AttendanceEvent[] } {
  const { attendanceId, organizationId, userId, now } = request;
  if (states.attendance.status !== 'none') throw new DomainError('attendance.alreadyExists');
  const numberEvents = decideAttendanceNumber(
    { type: 'AllocateAttendanceNumber', organizationId, attendanceId, userId, now },
    states.numbers,
  );
  const { sequence, code } = numberEvents[0].data;
  const attendanceEvents = decideAttendance(
    { type: 'AddAttendance', ...request, attendanceNumber: sequence, code },
    states.attendance,
  );
  return { code, numberEvents, attendanceEvents };
}
