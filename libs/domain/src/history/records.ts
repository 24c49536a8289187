import { attendanceDecider, type AttendanceEvent, type AttendanceState } from '../attendance/decider';
import { courseDecider, type CourseEvent, type CourseState } from '../courses/decider';
import { enrollmentDecider, type EnrollmentState } from '../enrollments/decider';
import { paymentDecider, type PaymentEvent, type PaymentState } from '../payments/decider';
import { message, type MessageKey } from '../shared/messages';
import { studentDecider, type StudentState, type StudentStreamEvent } from '../students/decider';
import {
  dayText,
  instantText,
  moneyText,
  nameOf,
  recordAsOf,
  recordVersions,
  text,
  yesNo,
  type HistoryEvent,
  type HistoryField,
  type HistoryNames,
  type RecordFold,
  type RecordKind,
  type RecordVersion,
} from './history';

type Loose = { type: string; data: unknown };
const dataOf = (e: Loose) => e.data as Record<string, unknown>;

const STATUS: Record<string, MessageKey> = {
  active: 'history.status.active',
  deleted: 'history.status.deleted',
  purged: 'history.status.purged',
};
const status = (s: string) => (STATUS[s] ? message(STATUS[s]) : s);

const METHOD: Record<string, MessageKey> = {
  cash: 'history.method.cash',
  bank_transfer: 'history.method.bankTransfer',
  credit_card: 'history.method.creditCard',
  other: 'history.method.other',
  correction: 'history.method.correction',
};
const UNIT: Record<string, MessageKey> = {
  day: 'history.unit.day',
  week: 'history.unit.week',
  month: 'history.unit.month',
  year: 'history.unit.year',
};
const labelled = (map: Record<string, MessageKey>, v: string | null | undefined) =>
  v ? (map[v] ? message(map[v]) : v) : null;

const STUDENT_ACTIONS: Record<string, MessageKey> = {
  StudentRegistered: 'history.action.studentRegistered',
  StudentEdited: 'history.action.studentEdited',
  StudentSoftDeleted: 'history.action.studentSoftDeleted',
  StudentResurrected: 'history.action.studentResurrected',
};

/** A student (stream `student-<id>`): its own events are its versions; its enrolments are records of their own. */
export const studentHistoryFold: RecordFold<StudentState> = {
  initialState: studentDecider.initialState,
  evolve: (s, e) => studentDecider.evolve(s, e as StudentStreamEvent),
  action: (e, id) => (STUDENT_ACTIONS[e.type] && dataOf(e).studentId === id ? STUDENT_ACTIONS[e.type] : null),
  view: (s, id) => {
    if (s.status === 'none' || s.studentId !== id) return null;
    const f = s.fields;
    return [
      ['status', status(s.status)],
      ['studentNumber', text(s.studentNumber)],
      ['name', text(f.name)],
      ['surname', text(f.surname)],
      ['dob', dayText(f.dobD, f.dobM, f.dobY)],
      ['registration', dayText(f.regD, f.regM, f.regY)],
      ['TCKN', text(f.TCKN)],
      ['email', text(f.email)],
      ['phone', text(f.phone)],
      ['studentPhoneOptInStatus', text(f.studentPhoneOptInStatus)],
      ['studentPhoneConsentDate', instantText(f.studentPhoneConsentDate)],
      ['address', text(f.address)],
      ['pob', text(f.pob)],
      ['facebook', text(f.facebook)],
      ['instagram', text(f.instagram)],
      ['parent1Name', text(f.parent1Name)],
      ['parent1Phone', text(f.parent1Phone)],
      ['parent1Job', text(f.parent1Job)],
      ['parent1PhoneOptInStatus', text(f.parent1PhoneOptInStatus)],
      ['parent1PhoneConsentDate', instantText(f.parent1PhoneConsentDate)],
      ['parent2Name', text(f.parent2Name)],
      ['parent2Phone', text(f.parent2Phone)],
      ['parent2Job', text(f.parent2Job)],
      ['parent2PhoneOptInStatus', text(f.parent2PhoneOptInStatus)],
      ['parent2PhoneConsentDate', instantText(f.parent2PhoneConsentDate)],
      ['notes', text(f.notes)],
    ];
  },
};

const ENROLLMENT_ACTIONS: Record<string, MessageKey> = {
  EnrollmentAdded: 'history.action.enrollmentAdded',
  EnrollmentEdited: 'history.action.enrollmentEdited',
  EnrollmentEnded: 'history.action.enrollmentEnded',
};

/** An enrolment: it lives in its student's stream (enrollments/decider.ts), folded by the enrolment decider. */
export const enrollmentHistoryFold: RecordFold<EnrollmentState> = {
  initialState: enrollmentDecider.initialState,
  evolve: (s, e) => enrollmentDecider.evolve(s, e as StudentStreamEvent),
  action: (e, id) =>
    ENROLLMENT_ACTIONS[e.type] && dataOf(e).enrollmentId === id ? ENROLLMENT_ACTIONS[e.type] : null,
  view: (s, id, names) => {
    const e = s.enrollments.find((x) => x.id === id);
    if (!e) return null;
    return [
      ['student', nameOf(names.students, e.studentId)],
      ['course', nameOf(names.courses, e.courseId)],
      [
        'enrollmentType',
        message(e.enrollmentType === 'periodic' ? 'history.type.periodic' : 'history.type.perClass'),
      ],
      ['startDate', instantText(e.startDate)],
      ['endDate', instantText(e.endDate)],
      ['price', moneyText(e.price)],
      ['discount', moneyText(e.discount)],
      ['isOfficial', yesNo(e.isOfficial)],
      ['periodUnit', labelled(UNIT, e.periodUnit)],
      ['periodLength', text(e.periodLength)],
      ['classesPerPeriod', text(e.classesPerPeriod)],
    ];
  },
};

const PAYMENT_ACTIONS: Record<PaymentEvent['type'], MessageKey> = {
  PaymentAdded: 'history.action.paymentAdded',
  PaymentEdited: 'history.action.paymentEdited',
  PaymentSoftDeleted: 'history.action.paymentSoftDeleted',
  PaymentResurrected: 'history.action.paymentResurrected',
  PaymentPermanentlyDeleted: 'history.action.paymentPermanentlyDeleted',
};

/** A payment (stream `payment-<id>`). */
export const paymentHistoryFold: RecordFold<PaymentState> = {
  initialState: paymentDecider.initialState,
  evolve: (s, e) => paymentDecider.evolve(s, e as PaymentEvent),
  action: (e, id) =>
    e.type in PAYMENT_ACTIONS && dataOf(e).paymentId === id
      ? PAYMENT_ACTIONS[e.type as PaymentEvent['type']]
      : null,
  view: (s, id, names) => {
    if (s.status === 'none' || s.paymentId !== id) return null;
    return [
      ['status', status(s.status)],
      ['student', nameOf(names.students, s.studentId)],
      ['course', nameOf(names.courses, s.courseId)],
      ['amount', moneyText(s.amount)],
      ['method', labelled(METHOD, s.method)],
      ['referenceCode', text(s.referenceCode)],
      ['notes', text(s.notes)],
      ['isCorrection', yesNo(s.isCorrection)],
      ['date', instantText(s.date)],
    ];
  },
};

const ATTENDANCE_ACTIONS: Record<AttendanceEvent['type'], MessageKey> = {
  AttendanceAdded: 'history.action.attendanceAdded',
  AttendanceEdited: 'history.action.attendanceEdited',
  AttendanceDeleted: 'history.action.attendanceDeleted',
};

/** An attendance (stream `attendance-<id>`); its attendants are listed by name, in name order. */
export const attendanceHistoryFold: RecordFold<AttendanceState> = {
  initialState: attendanceDecider.initialState,
  evolve: (s, e) => attendanceDecider.evolve(s, e as AttendanceEvent),
  action: (e, id) =>
    e.type in ATTENDANCE_ACTIONS && dataOf(e).attendanceId === id
      ? ATTENDANCE_ACTIONS[e.type as AttendanceEvent['type']]
      : null,
  view: (s, id, names) => {
    if (s.status === 'none' || s.attendanceId !== id) return null;
    const attendants = s.attendants
      .map((a) => nameOf(names.students, a) ?? a)
      .sort((a, b) => a.localeCompare(b, 'tr'));
    return [
      ['status', status(s.status)],
      ['code', text(s.code)],
      ['course', nameOf(names.courses, s.courseId)],
      [
        'instructor',
        s.instructorId === null
          ? message('history.instructorOther')
          : nameOf(names.instructors, s.instructorId),
      ],
      ['time', instantText(s.timestamp)],
      ['attendants', attendants.length ? attendants.join(', ') : null],
    ];
  },
};

const COURSE_ACTIONS: Record<CourseEvent['type'], MessageKey> = {
  CourseAdded: 'history.action.courseAdded',
  CourseEdited: 'history.action.courseEdited',
  CourseSoftDeleted: 'history.action.courseSoftDeleted',
  CourseResurrected: 'history.action.courseResurrected',
};

/** A course (stream `course-<id>`). */
export const courseHistoryFold: RecordFold<CourseState> = {
  initialState: courseDecider.initialState,
  evolve: (s, e) => (e.type in COURSE_ACTIONS ? courseDecider.evolve(s, e as CourseEvent) : s),
  action: (e, id) =>
    e.type in COURSE_ACTIONS && dataOf(e).courseId === id
      ? COURSE_ACTIONS[e.type as CourseEvent['type']]
      : null,
  view: (s) => {
    if (s.status === 'none') return null;
    const f = s.fields;
    return [
      ['status', status(s.status)],
      ['name', text(f.name)],
      ['courseExplanation', text(f.courseExplanation)],
      ['courseCode', text(f.code)],
      ['isGroupCourse', yesNo(f.isGroupCourse)],
      ['isPrivateCourse', yesNo(f.isPrivateCourse)],
      ['index', text(f.index)],
    ];
  },
};

const FOLDS: { [K in RecordKind]: RecordFold<unknown> } = {
  student: studentHistoryFold,
  enrollment: enrollmentHistoryFold,
  payment: paymentHistoryFold,
  attendance: attendanceHistoryFold,
  course: courseHistoryFold,
};

export interface RecordHistory {
  kind: RecordKind;
  id: string;
  /** Oldest first. */
  versions: RecordVersion[];
  /** The moment asked for and the record then (null when it did not exist yet). */
  asOf: { at: string; fields: HistoryField[] | null };
}

/**
 * The history of one record from its stream's events (in stream order): every version with who/when/where
 * and what changed, and the record as it was at `at`.
 */
export function recordHistory(
  kind: RecordKind,
  events: readonly HistoryEvent[],
  id: string,
  at: string,
  names: HistoryNames = {},
): RecordHistory {
  const fold = FOLDS[kind];
  return {
    kind,
    id,
    versions: recordVersions(fold, events, id, names),
    asOf: { at, fields: recordAsOf(fold, events, id, at, names) },
  };
}
