import type { Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/events';
import { toEpoch, toLocal } from '../shared/time';

/**
 * The readable attendance code (product.md 3 attendanceNumber): `YK-<yy><mm>-<seq>`, "YK" for yoklama, the
 * local year and month in which the attendance was recorded, and a sequence from 0001 within that month
 * (it grows past four digits if ever needed). The code is given once and never changes, even when the
 * lesson's date is edited. Allocation works like student numbers: a small counter stream per organisation and
 * month (`attendance-numbers-<orgId>-<yymm>`), appended with the attendance in one appendMany, so racing adds
 * conflict on its expected version instead of sharing a code. A stream per month keeps it short to read.
 */
export type AttendanceNumberEvent = DomainEvent<
  'AttendanceNumberAllocated',
  {
    organizationId: string;
    period: string;
    sequence: number;
    code: string;
    attendanceId: string;
    allocatedAt: string;
  }
>;

export type AttendanceNumberCommand = {
  type: 'AllocateAttendanceNumber';
  organizationId: string;
  attendanceId: string;
  userId: string | null;
  now: string;
};

export interface AttendanceNumberState {
  highest: number;
}

export const initialAttendanceNumberState: AttendanceNumberState = { highest: 0 };

/** "2601" for a time in January 2026, Istanbul time. */
export function attendanceCodePeriod(now: string): string {
  const l = toLocal(toEpoch(now));
  return `${String(l.year % 100).padStart(2, '0')}${String(l.month).padStart(2, '0')}`;
}

export function attendanceCode(period: string, sequence: number): string {
  return `YK-${period}-${String(sequence).padStart(4, '0')}`;
}

export const attendanceNumberStream = (organizationId: string, now: string) =>
  `attendance-numbers-${organizationId}-${attendanceCodePeriod(now)}`;

export function decideAttendanceNumber(
  command: AttendanceNumberCommand,
  state: AttendanceNumberState,
): AttendanceNumberEvent[] {
  switch (command.type) {
    case 'AllocateAttendanceNumber': {
      const period = attendanceCodePeriod(command.now);
      const sequence = state.highest + 1;
      return [
        {
          type: 'AttendanceNumberAllocated',
          data: {
            organizationId: command.organizationId,
            period,
            sequence,
            code: attendanceCode(period, sequence),
            attendanceId: command.attendanceId,
            allocatedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveAttendanceNumber(
  state: AttendanceNumberState,
  event: AttendanceNumberEvent,
): AttendanceNumberState {
  switch (event.type) {
    case 'AttendanceNumberAllocated':
      return { highest: Math.max(state.highest, event.data.sequence) };
    default: {
      const _exhaustive: never = event.type;
      void _exhaustive;
      return state;
    }
  }
}

export const attendanceNumberDecider = {
  decide: decideAttendanceNumber,
  evolve: evolveAttendanceNumber,
  initialState: initialAttendanceNumberState,
} satisfies Decider<AttendanceNumberCommand, AttendanceNumberEvent, AttendanceNumberState>;
