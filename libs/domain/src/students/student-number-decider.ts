import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';

/**
 * product.md 3: a student number is the last two digits of the registration year followed by a three-digit
 * sequence from 001; a new number is the highest of that year plus one.
 *
 * The allocation is its own tiny aggregate, one stream per organisation and two-digit registration year
 * (`student-numbers-<orgId>-<20yy>`): the number holds only the year's last two digits, so 2026 and 2126 (both
 * allowed, api.md 9.5: year at most 2999) share one counter and never both give 26001. The server appends the allocation and the StudentRegistered event
 * together (appendMany), each with its expected version: two registrations that read the same counter both
 * decide the same number, and the second append fails on the counter's expected version and is decided again
 * from the fresh state, so no number is ever given twice.
 */
export const MAX_STUDENT_SEQUENCE = 999;

export type StudentNumberEvent = DomainEvent<
  'StudentNumberAllocated',
  {
    organizationId: string;
    year: number;
    sequence: number;
    studentNumber: number;
    studentId: string;
    allocatedAt: string;
  }
>;

export type StudentNumberCommand = {
  type: 'AllocateStudentNumber';
  organizationId: string;
  /** The registration year (regY), four digits. */
  year: number;
  studentId: string;
  userId: string | null;
  now: string;
};

export interface StudentNumberState {
  /** The highest sequence given so far in this year (0: none yet). */
  highest: number;
}

export const initialStudentNumberState: StudentNumberState = { highest: 0 };

export const studentNumberStream = (organizationId: string, year: number) =>
  // Named by the 20yy year of the two digits, the name the per-year streams already had for 2000-2099.
  `student-numbers-${organizationId}-${2000 + (year % 100)}`;

/** 2026 and 7 -> 26007. */
export function studentNumberFor(year: number, sequence: number): number {
  return (year % 100) * 1000 + sequence;
}

/** The two-digit year of a student number (26007 -> 26). */
export function studentNumberYear(studentNumber: number): number {
  return Math.floor(studentNumber / 1000);
}

/** api.md 9.5: a student number has five digits (a 2005 number 5001 is written 05001). */
export function formatStudentNumber(studentNumber: number): string {
  return String(studentNumber).padStart(5, '0');
}

export function decideStudentNumber(
  command: StudentNumberCommand,
  state: StudentNumberState,
): StudentNumberEvent[] {
  switch (command.type) {
    case 'AllocateStudentNumber': {
      if (!Number.isInteger(command.year) || command.year < 2000 || command.year > 2999) {
        throw new DomainError(
          'student.createInvalid',
          message('student.createInvalid', { items: message('student.itemRegistrationDate') }),
        );
      }
      const sequence = state.highest + 1;
      if (sequence > MAX_STUDENT_SEQUENCE) {
        throw new DomainError(
          'student.numbersExhausted',
          message('student.numbersExhausted', { year: command.year }),
        );
      }
      return [
        {
          type: 'StudentNumberAllocated',
          data: {
            organizationId: command.organizationId,
            year: command.year,
            sequence,
            studentNumber: studentNumberFor(command.year, sequence),
            studentId: command.studentId,
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

export function evolveStudentNumber(
  state: StudentNumberState,
  event: StudentNumberEvent,
): StudentNumberState {
  switch (event.type) {
    case 'StudentNumberAllocated':
      return { highest: Math.max(state.highest, event.data.sequence) };
    default: {
      const _exhaustive: never = event.type;
      void _exhaustive;
      return state;
    }
  }
}

export const studentNumberDecider = {
  decide: decideStudentNumber,
  evolve: evolveStudentNumber,
  initialState: initialStudentNumberState,
} satisfies Decider<StudentNumberCommand, StudentNumberEvent, StudentNumberState>;
