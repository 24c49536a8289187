import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { localToIso } from '../shared/time';
import type { EnrollmentEvent } from '../enrollments/decider';
import {
  studentFormProblems,
  studentValidationError,
  type ConsentStatus,
  type StudentInput,
} from './schemas';
import { formatStudentNumber, studentNumberYear } from './student-number-decider';
import { anonymisedStudentFields } from './personal-data';

/**
 * The student aggregate, stream `student-<id>`. The student's enrolments are appended to the same stream
 * (see enrollments/decider.ts), so folding this stream meets EnrollmentEvents too; the student decider
 * ignores them.
 */
export interface StudentFields extends StudentInput {
  /** product.md 3: the date each phone consent (ONAY/RET) was recorded; null while not obtained. */
  studentPhoneConsentDate: string | null;
  parent1PhoneConsentDate: string | null;
  parent2PhoneConsentDate: string | null;
}

interface StudentIds {
  studentId: string;
  organizationId: string;
}

export type StudentEvent =
  | DomainEvent<
      'StudentRegistered',
      StudentIds & StudentFields & { studentNumber: number; createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'StudentEdited',
      StudentIds & StudentFields & { studentNumber: number; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<'StudentSoftDeleted', StudentIds & { deletedBy: string | null; deletedAt: string }>
  | DomainEvent<'StudentResurrected', StudentIds & { resurrectedBy: string | null; resurrectedAt: string }>
  // KVKK: the student's key is shredded after this event; it carries the number, never a personal field.
  | DomainEvent<
      'StudentPersonalDataErased',
      StudentIds & { studentNumber: number; erasedBy: string | null; erasedAt: string }
    >;

/** Every event of a `student-<id>` stream. */
export type StudentStreamEvent = StudentEvent | EnrollmentEvent;

interface CommandBase extends StudentIds {
  /** The acting user (createdBy/editedBy). */
  userId: string | null;
  /** ISO time of the request: deciders never read the clock. */
  now: string;
}

export type StudentCommand =
  | (CommandBase & { type: 'RegisterStudent'; studentNumber: number; input: StudentInput })
  | (CommandBase & { type: 'EditStudent'; input: StudentInput })
  | (CommandBase & { type: 'SoftDeleteStudent' })
  | (CommandBase & { type: 'ResurrectStudent' })
  /** `confirmation`: the student number as the school-owner typed it to confirm (the second ask). */
  | (CommandBase & { type: 'EraseStudentPersonalData'; confirmation: string });

export interface ExistingStudent extends StudentIds {
  status: 'active' | 'deleted';
  studentNumber: number;
  fields: StudentFields;
  createdAt: string;
  createdBy: string | null;
  editedAt: string | null;
  editedBy: string | null;
  deletedAt: string | null;
  /** When the personal data was erased under KVKK (the fields are anonymised from then on). */
  erasedAt: string | null;
}

export type StudentState = { status: 'none' } | ExistingStudent;

export const initialStudentState: StudentState = { status: 'none' };

export const studentStream = (studentId: string) => `student-${studentId}`;

/** Local midnight of the registration day (regD/regM/regY), as ISO text. */
export function studentRegistrationStart(fields: Pick<StudentInput, 'regD' | 'regM' | 'regY'>): string {
  return localToIso({ year: fields.regY, month: fields.regM, day: fields.regD });
}

type ConsentField = 'studentPhone' | 'parent1Phone' | 'parent2Phone';
const CONSENTS: ConsentField[] = ['studentPhone', 'parent1Phone', 'parent2Phone'];

/** product.md 3: a consent date is set when the status changes (to the command's time), cleared with it. */
function withConsentDates(input: StudentInput, previous: StudentFields | null, now: string): StudentFields {
  const dates = {} as Pick<StudentFields, `${ConsentField}ConsentDate`>;
  for (const c of CONSENTS) {
    const status: ConsentStatus | null = input[`${c}OptInStatus`];
    const before = previous ? previous[`${c}OptInStatus`] : null;
    if (previous && status === before) dates[`${c}ConsentDate`] = previous[`${c}ConsentDate`];
    else dates[`${c}ConsentDate`] = status === null ? null : now;
  }
  // Only the student's own fields: a parsed edit body also carries its id, which is no field of the student.
  const own = Object.fromEntries(
    STUDENT_FIELD_KEYS.map((k) => [k, (input as Partial<StudentFields>)[k] ?? null]),
  );
  return { ...(own as unknown as StudentInput), ...dates };
}

function ownStudent(state: StudentState, organizationId: string): ExistingStudent {
  // A student of another organisation is as good as absent: ids never leak across tenants.
  if (state.status === 'none' || state.organizationId !== organizationId)
    throw new DomainError('student.notFound');
  return state;
}

function sameFields(a: StudentFields, b: StudentFields): boolean {
  return STUDENT_FIELD_KEYS.every((k) => a[k] === b[k]);
}

export function decideStudent(command: StudentCommand, state: StudentState): StudentEvent[] {
  const ids = { studentId: command.studentId, organizationId: command.organizationId };
  switch (command.type) {
    case 'RegisterStudent': {
      if (state.status !== 'none') throw new DomainError('student.alreadyExists');
      const items = studentFormProblems(command.input);
      if (items.length > 0) throw studentValidationError(items, 'create');
      if (studentNumberYear(command.studentNumber) !== command.input.regY % 100) {
        throw new DomainError('student.numberMismatch');
      }
      return [
        {
          type: 'StudentRegistered',
          data: {
            ...ids,
            studentNumber: command.studentNumber,
            ...withConsentDates(command.input, null, command.now),
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditStudent': {
      const s = ownStudent(state, command.organizationId);
      // An erased student's data cannot come back through the form: the erasure would be undone silently.
      if (s.erasedAt !== null) throw new DomainError('student.erased');
      const items = studentFormProblems(command.input);
      if (items.length > 0) throw studentValidationError(items, 'edit');
      const fields = withConsentDates(command.input, s.fields, command.now);
      // An unchanged form writes nothing, so a retried request is harmless.
      if (sameFields(fields, s.fields)) return [];
      // The student number stays as given at registration even if the registration year is corrected:
      // it is the student's identity in routes and on paper.
      return [
        {
          type: 'StudentEdited',
          data: {
            ...ids,
            studentNumber: s.studentNumber,
            ...fields,
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'SoftDeleteStudent': {
      const s = ownStudent(state, command.organizationId);
      if (s.status === 'deleted') throw new DomainError('student.alreadyDeleted');
      return [
        { type: 'StudentSoftDeleted', data: { ...ids, deletedBy: command.userId, deletedAt: command.now } },
      ];
    }
    case 'ResurrectStudent': {
      const s = ownStudent(state, command.organizationId);
      if (s.status !== 'deleted') throw new DomainError('student.notDeleted');
      return [
        {
          type: 'StudentResurrected',
          data: { ...ids, resurrectedBy: command.userId, resurrectedAt: command.now },
        },
      ];
    }
    case 'EraseStudentPersonalData': {
      const s = ownStudent(state, command.organizationId);
      if (command.confirmation.trim() !== formatStudentNumber(s.studentNumber)) {
        throw new DomainError('student.eraseConfirmMismatch');
      }
      // Already erased: nothing to add, and the caller shreds the key again (a retry after a crash).
      if (s.erasedAt !== null) return [];
      return [
        {
          type: 'StudentPersonalDataErased',
          data: { ...ids, studentNumber: s.studentNumber, erasedBy: command.userId, erasedAt: command.now },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

const STUDENT_FIELD_KEYS: (keyof StudentFields)[] = [
  'name',
  'surname',
  'dobD',
  'dobM',
  'dobY',
  'regD',
  'regM',
  'regY',
  'TCKN',
  'email',
  'phone',
  'studentPhoneOptInStatus',
  'address',
  'pob',
  'facebook',
  'instagram',
  'parent1Name',
  'parent1Phone',
  'parent1Job',
  'parent2Name',
  'parent2Phone',
  'parent2Job',
  'parent1PhoneOptInStatus',
  'parent2PhoneOptInStatus',
  'notes',
  'studentPhoneConsentDate',
  'parent1PhoneConsentDate',
  'parent2PhoneConsentDate',
];

/** The student's own fields out of an event (ids and who/when dropped). */
export function studentFieldsOf(data: StudentFields): StudentFields {
  return Object.fromEntries(STUDENT_FIELD_KEYS.map((k) => [k, data[k] ?? null])) as unknown as StudentFields;
}

export function evolveStudent(state: StudentState, event: StudentStreamEvent): StudentState {
  switch (event.type) {
    case 'StudentRegistered':
      return {
        status: 'active',
        studentId: event.data.studentId,
        organizationId: event.data.organizationId,
        studentNumber: event.data.studentNumber,
        fields: studentFieldsOf(event.data),
        createdAt: event.data.createdAt,
        createdBy: event.data.createdBy,
        editedAt: null,
        editedBy: null,
        deletedAt: null,
        erasedAt: null,
      };
    case 'StudentEdited':
      if (state.status === 'none') return state;
      return {
        ...state,
        fields: studentFieldsOf(event.data),
        editedAt: event.data.editedAt,
        editedBy: event.data.editedBy,
      };
    case 'StudentSoftDeleted':
      return state.status === 'none'
        ? state
        : { ...state, status: 'deleted', deletedAt: event.data.deletedAt };
    case 'StudentResurrected':
      return state.status === 'none' ? state : { ...state, status: 'active', deletedAt: null };
    case 'StudentPersonalDataErased':
      return state.status === 'none'
        ? state
        : {
            ...state,
            fields: anonymisedStudentFields(state.fields, state.studentNumber),
            erasedAt: event.data.erasedAt,
          };
    case 'EnrollmentAdded':
    case 'EnrollmentEdited':
    case 'EnrollmentEnded':
      return state;
    default: {
      // Exhaustive for the compiler; an unknown stored type leaves the state as it is.
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const studentDecider = {
  decide: decideStudent,
  evolve: evolveStudent,
  initialState: initialStudentState,
} satisfies Decider<StudentCommand, StudentStreamEvent, StudentState>;
