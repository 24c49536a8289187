import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { AddGradeInput, EditGradeInput } from './schemas';

/** A grade (product.md 3 Grade), stream `grade-<id>`. */
export interface GradeFields {
  classId: string | null;
  gradeValue: string;
  gradePeriod: string | null;
  notes: string | null;
}

interface Ids {
  gradeId: string;
  organizationId: string;
}

export type GradeEvent =
  | DomainEvent<
      'GradeAdded',
      Ids & GradeFields & { courseId: string; studentId: string; createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'GradeEdited',
      Ids & GradeFields & { courseId: string; studentId: string; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<
      'GradeDeleted',
      Ids & {
        courseId: string;
        studentId: string;
        gradeValue: string;
        deletedBy: string | null;
        deletedAt: string;
      }
    >;

/** The groups of the grade's course that hold the student now (product.md 5), from the read model. */
export interface GradeLookup {
  studentExists: boolean;
  classesHoldingStudent: readonly string[];
}

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type GradeCommand =
  | (CommandBase & { type: 'AddGrade'; input: AddGradeInput; lookup: GradeLookup })
  | (CommandBase & { type: 'EditGrade'; input: Omit<EditGradeInput, 'id'>; lookup: GradeLookup })
  | (CommandBase & { type: 'DeleteGrade' });

export interface ExistingGrade extends Ids, GradeFields {
  status: 'active' | 'deleted';
  courseId: string;
  studentId: string;
}

export type GradeState = { status: 'none' } | ExistingGrade;

export const initialGradeState: GradeState = { status: 'none' };
export const gradeStream = (gradeId: string) => `grade-${gradeId}`;

function own(state: GradeState, organizationId: string): ExistingGrade {
  if (state.status !== 'active' || state.organizationId !== organizationId)
    throw new DomainError('grade.notFound');
  return state;
}

function checkClass(classId: string | null, lookup: GradeLookup) {
  if (classId !== null && !lookup.classesHoldingStudent.includes(classId))
    throw new DomainError('grade.classInvalid');
}

const fieldsOf = (i: Omit<EditGradeInput, 'id'>): GradeFields => ({
  classId: i.classId,
  gradeValue: i.gradeValue,
  gradePeriod: i.gradePeriod,
  notes: i.notes,
});

export function decideGrade(command: GradeCommand, state: GradeState): GradeEvent[] {
  const ids = { gradeId: command.gradeId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddGrade': {
      if (state.status !== 'none') throw new DomainError('grade.alreadyExists');
      if (!command.lookup.studentExists) throw new DomainError('grade.studentNotFound');
      checkClass(command.input.classId, command.lookup);
      const { courseId, studentId } = command.input;
      return [
        {
          type: 'GradeAdded',
          data: {
            ...ids,
            courseId,
            studentId,
            ...fieldsOf(command.input),
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditGrade': {
      const s = own(state, command.organizationId);
      const fields = fieldsOf(command.input);
      // A class the grade already names may stay even if the student has left it since.
      if (fields.classId !== s.classId) checkClass(fields.classId, command.lookup);
      if (JSON.stringify(fields) === JSON.stringify(fieldsOf(s))) return [];
      return [
        {
          type: 'GradeEdited',
          data: {
            ...ids,
            courseId: s.courseId,
            studentId: s.studentId,
            ...fields,
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'DeleteGrade': {
      const s = own(state, command.organizationId);
      return [
        {
          type: 'GradeDeleted',
          data: {
            ...ids,
            courseId: s.courseId,
            studentId: s.studentId,
            gradeValue: s.gradeValue,
            deletedBy: command.userId,
            deletedAt: command.now,
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

export function evolveGrade(state: GradeState, event: GradeEvent): GradeState {
  switch (event.type) {
    case 'GradeAdded': {
      const d = event.data;
      return { status: 'active', ...ids(d), courseId: d.courseId, studentId: d.studentId, ...fieldsOf(d) };
    }
    case 'GradeEdited':
      return state.status === 'none' ? state : { ...state, ...fieldsOf(event.data) };
    case 'GradeDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

const ids = (d: Ids): Ids => ({ gradeId: d.gradeId, organizationId: d.organizationId });

export const gradeDecider = {
  decide: decideGrade,
  evolve: evolveGrade,
  initialState: initialGradeState,
} satisfies Decider<GradeCommand, GradeEvent, GradeState>;
