import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message, type MessageKey } from '../shared/messages';
import { toEpoch } from '../shared/time';
import { studentRegistrationStart, studentStream, type StudentStreamEvent } from '../students/decider';
import type { AddEnrollmentInput, EnrollmentChanges, EnrollmentTerms, EnrollmentType } from './schemas';

/**
 * Enrolments live in the student's stream (`student-<id>`), not in streams of their own. The rules that guard
 * them span all of a student's enrolments of one course: "only a course with no active enrolment" on add and
 * "no overlap with earlier or later enrolments of the same course" on edit (product.md 5). With every
 * enrolment of the student in one stream, the decider sees all of them and one append with the stream's
 * expected version makes the check and the write atomic; two racing adds for the same course conflict on the
 * version instead of both passing. A student's enrolments are few, so the stream stays short.
 */
export interface Enrollment extends EnrollmentTerms {
  id: string;
  courseId: string;
  studentId: string;
  organizationId: string;
  enrollmentType: EnrollmentType;
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
}

interface EnrollmentIds {
  enrollmentId: string;
  studentId: string;
  organizationId: string;
  courseId: string;
}

export type EnrollmentEvent =
  | DomainEvent<
      'EnrollmentAdded',
      EnrollmentIds &
        EnrollmentTerms & { enrollmentType: EnrollmentType; createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'EnrollmentEdited',
      // `previous` carries the terms before the edit for the log's old/new values (product.md 3 Log entry).
      EnrollmentIds &
        EnrollmentTerms & { previous: EnrollmentTerms; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<
      'EnrollmentEnded',
      EnrollmentIds & {
        endDate: string;
        previousEndDate: string | null;
        endedBy: string | null;
        endedAt: string;
      }
    >;

interface CommandBase {
  enrollmentId: string;
  studentId: string;
  organizationId: string;
  userId: string | null;
  now: string;
}

export type EnrollmentCommand =
  | (CommandBase & { type: 'AddEnrollment'; input: Omit<AddEnrollmentInput, 'studentId'> })
  | (CommandBase & { type: 'EditEnrollment'; changes: EnrollmentChanges })
  | (CommandBase & { type: 'EndEnrollment' });

export interface EnrollmentState {
  /** What the enrolment rules need of the student, folded from the same stream. */
  student: { studentId: string; organizationId: string; deleted: boolean; registrationStart: string } | null;
  enrollments: Enrollment[];
}

export const initialEnrollmentState: EnrollmentState = { student: null, enrollments: [] };

/** Enrolments are appended to their student's stream (see above). */
export const enrollmentStream = (studentId: string) => studentStream(studentId);

const TERM_KEYS: (keyof EnrollmentTerms)[] = [
  'startDate',
  'endDate',
  'price',
  'discount',
  'isOfficial',
  'periodUnit',
  'periodLength',
  'classesPerPeriod',
];

export function termsOf(e: EnrollmentTerms): EnrollmentTerms {
  return Object.fromEntries(TERM_KEYS.map((k) => [k, e[k]])) as unknown as EnrollmentTerms;
}

const endEpoch = (end: string | null) => (end === null ? Number.POSITIVE_INFINITY : toEpoch(end));

/** product.md 4: active when it has no endDate or its endDate is in the future. */
export function isEnrollmentActive(e: { endDate: string | null }, now: string): boolean {
  return endEpoch(e.endDate) > toEpoch(now);
}

/**
 * isEnrollmentActive as a SQL condition over the `end` (null when open) and `now` timestamptz expressions: the
 * end is exclusive (api.md 9.3), so an enrolment ending at `now` is no longer active. The read models that
 * count active enrolments use this one definition (statistics age-groups test proves both agree).
 */
export const enrollmentActiveSql = (end: string, now: string) => `(${end} IS NULL OR ${end} > ${now})`;

/** product.md 4: a student is active with at least one active enrolment. */
export function isStudentActive(
  enrollments: ReadonlyArray<{ endDate: string | null }>,
  now: string,
): boolean {
  return enrollments.some((e) => isEnrollmentActive(e, now));
}

/**
 * An enrolment holds an attendance when start <= time < end (end when present). product.md 5 writes
 * "time <= end" but api.md 9.3 charges per_class lessons up to the end exclusive and product.md 4 calls an
 * enrolment ended at its endDate: a lesson exactly at the end would be accepted and never charged, so the
 * end is exclusive here too (docs/DECISIONS.md, Reliability).
 */
export function enrollmentCoversAttendance(
  e: { startDate: string; endDate: string | null },
  time: string,
): boolean {
  const t = toEpoch(time);
  return toEpoch(e.startDate) <= t && t < endEpoch(e.endDate);
}

/**
 * enrollmentCoversAttendance as a SQL condition over the `start`, `end` (null when open) and `at` timestamptz
 * expressions: the read models that pick the enrolment holding a time in the database use this one
 * definition (libs/projections balances coverage test proves both agree).
 */
export const enrollmentCoversSql = (start: string, end: string, at: string) =>
  `(${start} <= ${at} AND (${end} IS NULL OR ${at} < ${end}))`;

/**
 * product.md 5 Attendance: a student may attend a lesson of a course when one of their enrolments of that
 * course holds the lesson time.
 */
export function isEnrolledInCourseAt(
  enrollments: ReadonlyArray<{ courseId: string; startDate: string; endDate: string | null }>,
  courseId: string,
  time: string,
): boolean {
  return enrollments.some((e) => e.courseId === courseId && enrollmentCoversAttendance(e, time));
}

/** Two ranges [start, end) overlap; an absent end is open. */
export function rangesOverlap(
  a: { startDate: string; endDate: string | null },
  b: { startDate: string; endDate: string | null },
): boolean {
  return toEpoch(a.startDate) < endEpoch(b.endDate) && toEpoch(b.startDate) < endEpoch(a.endDate);
}

export type EnrollmentRangeProblem =
  'enrollment.startBeforeRegistration' | 'enrollment.startAfterEnd' | 'enrollment.overlap';

/**
 * product.md 5 Retroactive enrolment edit, in the order of the spec: the start not before the student's
 * registration day (skipped when `registrationStart` is null), the start not after the end, and no overlap
 * with the student's other enrolments of the same course (`others`).
 */
export function enrollmentRangeProblems(args: {
  startDate: string;
  endDate: string | null;
  registrationStart: string | null;
  others: ReadonlyArray<{ startDate: string; endDate: string | null }>;
}): EnrollmentRangeProblem[] {
  const problems: EnrollmentRangeProblem[] = [];
  if (args.registrationStart !== null && toEpoch(args.startDate) < toEpoch(args.registrationStart)) {
    problems.push('enrollment.startBeforeRegistration');
  }
  if (args.endDate !== null && toEpoch(args.startDate) > toEpoch(args.endDate))
    problems.push('enrollment.startAfterEnd');
  if (args.others.some((o) => rangesOverlap(args, o))) problems.push('enrollment.overlap');
  return problems;
}

/** product.md 5: the errors are joined and shown under "Güncelleme yapılamadı.", one per line. */
export function enrollmentEditMessage(problems: readonly MessageKey[]): string {
  return [message('enrollment.updateRefused'), ...problems.map((p) => message(p))].join('\n');
}

function ownStudent(state: EnrollmentState, organizationId: string) {
  if (state.student === null || state.student.organizationId !== organizationId)
    throw new DomainError('student.notFound');
  return state.student;
}

function ownEnrollment(state: EnrollmentState, enrollmentId: string): Enrollment {
  const e = state.enrollments.find((x) => x.id === enrollmentId);
  if (!e) throw new DomainError('enrollment.notFound');
  return e;
}

function sameTerms(a: EnrollmentTerms, b: EnrollmentTerms): boolean {
  return TERM_KEYS.every((k) => a[k] === b[k]);
}

export function decideEnrollment(command: EnrollmentCommand, state: EnrollmentState): EnrollmentEvent[] {
  const student = ownStudent(state, command.organizationId);
  const base = {
    enrollmentId: command.enrollmentId,
    studentId: command.studentId,
    organizationId: command.organizationId,
  };
  switch (command.type) {
    case 'AddEnrollment': {
      if (student.deleted) throw new DomainError('student.deleted');
      if (state.enrollments.some((e) => e.id === command.enrollmentId))
        throw new DomainError('enrollment.alreadyExists');
      const { input } = command;
      const sameCourse = state.enrollments.filter((e) => e.courseId === input.courseId);
      // product.md 5: only courses with no active enrolment are offered.
      if (sameCourse.some((e) => isEnrollmentActive(e, command.now)))
        throw new DomainError('enrollment.courseActive');
      const terms: EnrollmentTerms = {
        startDate: input.startDate ?? command.now,
        endDate: input.endDate,
        price: input.price,
        discount: input.discount,
        isOfficial: input.isOfficial,
        periodUnit: input.enrollmentType === 'periodic' ? input.periodUnit : null,
        periodLength: input.enrollmentType === 'periodic' ? input.periodLength : null,
        classesPerPeriod: input.enrollmentType === 'periodic' ? input.classesPerPeriod : null,
      };
      if (terms.discount < 0 || terms.discount > terms.price)
        throw new DomainError('enrollment.discountInvalid');
      const problems = enrollmentRangeProblems({
        startDate: terms.startDate,
        endDate: terms.endDate,
        // An explicit start is a retroactive choice and meets the registration rule; "now" needs no check.
        registrationStart: input.startDate ? student.registrationStart : null,
        others: sameCourse,
      });
      if (problems.length > 0) {
        throw new DomainError(
          'enrollment.addFailed',
          `${message('enrollment.addFailed')}: ${problems.map((p) => message(p)).join(' ')}`,
          { problems },
        );
      }
      return [
        {
          type: 'EnrollmentAdded',
          data: {
            ...base,
            courseId: input.courseId,
            enrollmentType: input.enrollmentType,
            ...terms,
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditEnrollment': {
      const e = ownEnrollment(state, command.enrollmentId);
      const previous = termsOf(e);
      const defined = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([k, v]) => v !== undefined && (TERM_KEYS as string[]).includes(k),
        ),
      ) as EnrollmentChanges;
      const next: EnrollmentTerms = { ...previous, ...defined };
      if (e.enrollmentType === 'per_class') {
        // product.md 3: the period fields describe periodic enrolments only.
        Object.assign(next, { periodUnit: null, periodLength: null, classesPerPeriod: null });
      } else {
        next.periodUnit ??= 'month';
        next.periodLength ??= 1;
      }
      if (next.discount < 0 || next.discount > next.price)
        throw new DomainError('enrollment.discountInvalid');
      const startChanged = next.startDate !== previous.startDate;
      if (startChanged || next.endDate !== previous.endDate) {
        const problems = enrollmentRangeProblems({
          startDate: next.startDate,
          endDate: next.endDate,
          registrationStart: startChanged ? student.registrationStart : null,
          others: state.enrollments.filter((o) => o.courseId === e.courseId && o.id !== e.id),
        });
        if (problems.length > 0)
          throw new DomainError('enrollment.updateRefused', enrollmentEditMessage(problems), { problems });
      }
      // product.md 5: nothing changed writes nothing (the dialog's button is disabled until something changes).
      if (sameTerms(next, previous)) return [];
      return [
        {
          type: 'EnrollmentEdited',
          data: {
            ...base,
            courseId: e.courseId,
            ...next,
            previous,
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'EndEnrollment': {
      const e = ownEnrollment(state, command.enrollmentId);
      if (!isEnrollmentActive(e, command.now)) throw new DomainError('enrollment.alreadyEnded');
      // An enrolment that has not started yet ends at its start (an empty range), never before it.
      const endDate = toEpoch(e.startDate) > toEpoch(command.now) ? e.startDate : command.now;
      return [
        {
          type: 'EnrollmentEnded',
          data: {
            ...base,
            courseId: e.courseId,
            endDate,
            previousEndDate: e.endDate,
            endedBy: command.userId,
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

function replace(state: EnrollmentState, id: string, patch: (e: Enrollment) => Enrollment): EnrollmentState {
  return { ...state, enrollments: state.enrollments.map((e) => (e.id === id ? patch(e) : e)) };
}

export function evolveEnrollment(state: EnrollmentState, event: StudentStreamEvent): EnrollmentState {
  switch (event.type) {
    case 'StudentRegistered':
    case 'StudentEdited':
      return {
        ...state,
        student: {
          studentId: event.data.studentId,
          organizationId: event.data.organizationId,
          deleted: state.student?.deleted ?? false,
          registrationStart: studentRegistrationStart(event.data),
        },
      };
    case 'StudentSoftDeleted':
      return state.student ? { ...state, student: { ...state.student, deleted: true } } : state;
    case 'StudentResurrected':
      return state.student ? { ...state, student: { ...state.student, deleted: false } } : state;
    case 'StudentPersonalDataErased':
      return state;
    case 'EnrollmentAdded': {
      const { enrollmentId, ...rest } = event.data;
      const enrollment: Enrollment = { id: enrollmentId, ...rest, editedBy: null, editedAt: null };
      return { ...state, enrollments: [...state.enrollments, enrollment] };
    }
    case 'EnrollmentEdited': {
      const d = event.data;
      return replace(state, d.enrollmentId, (e) => ({
        ...e,
        ...termsOf(d),
        editedBy: d.editedBy,
        editedAt: d.editedAt,
      }));
    }
    case 'EnrollmentEnded': {
      const d = event.data;
      return replace(state, d.enrollmentId, (e) => ({
        ...e,
        endDate: d.endDate,
        editedBy: d.endedBy,
        editedAt: d.endedAt,
      }));
    }
    default: {
      // Exhaustive for the compiler; an unknown stored type leaves the state as it is.
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const enrollmentDecider = {
  decide: decideEnrollment,
  evolve: evolveEnrollment,
  initialState: initialEnrollmentState,
} satisfies Decider<EnrollmentCommand, StudentStreamEvent, EnrollmentState>;
