import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import type { AttendeeLookup } from '../attendance/decider';
import type { CreateClassInput, EditClassInput } from './schemas';

/** A group (class) of one course, stream `class-<id>` (product.md 3 Group/class). */
export interface ClassFields {
  title: string;
  ageGroup: string | null;
  level: string | null;
  description: string | null;
  classCode: string | null;
  notes: string | null;
}

interface Ids {
  classId: string;
  organizationId: string;
}

export type ClassEvent =
  | DomainEvent<
      'ClassCreated',
      Ids & ClassFields & { courseId: string; createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'ClassEdited',
      Ids & ClassFields & { courseId: string; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<
      'ClassMembersEdited',
      Ids & {
        courseId: string;
        title: string;
        studentIds: string[];
        added: string[];
        removed: string[];
        editedBy: string | null;
        editedAt: string;
      }
    >
  | DomainEvent<
      'ClassDeleted',
      Ids & { courseId: string; title: string; deletedBy: string | null; deletedAt: string }
    >;

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type ClassCommand =
  | (CommandBase & { type: 'CreateClass'; input: CreateClassInput })
  | (CommandBase & { type: 'EditClass'; input: Omit<EditClassInput, 'id'> })
  | (CommandBase & {
      type: 'EditClassMembers';
      studentIds: string[];
      /** The proposed members' enrolments (any course) and labels, from the read model. */
      students: AttendeeLookup;
    })
  | (CommandBase & { type: 'DeleteClass' });

export interface ExistingClass extends Ids, ClassFields {
  status: 'active' | 'deleted';
  courseId: string;
  members: string[];
}

export type ClassState = { status: 'none' } | ExistingClass;

export const initialClassState: ClassState = { status: 'none' };

export const classStream = (classId: string) => `class-${classId}`;

function fieldsOf(input: CreateClassInput | Omit<EditClassInput, 'id'>): ClassFields {
  return {
    title: input.title,
    ageGroup: input.ageGroup,
    level: input.level,
    description: input.description,
    classCode: input.classCode,
    notes: input.notes,
  };
}

function ownClass(state: ClassState, organizationId: string): ExistingClass {
  // Another organisation's group, or a deleted one, is as good as absent.
  if (state.status !== 'active' || state.organizationId !== organizationId)
    throw new DomainError('class.notFound');
  return state;
}

/**
 * product.md 5: members are limited to students enrolled in the group's course. A student joins with an
 * enrolment of that course that has not ended (running, or starting later); a member whose enrolment ends
 * stays in the group, marked (docs/DECISIONS.md), so an edit that keeps them is not refused.
 */
export function studentsNotEnrolled(
  courseId: string,
  now: string,
  candidates: readonly string[],
  students: AttendeeLookup,
): string[] {
  const at = Date.parse(now);
  return candidates.filter(
    (id) =>
      !(students[id]?.enrollments ?? []).some(
        (e) => e.courseId === courseId && (e.endDate === null || Date.parse(e.endDate) > at),
      ),
  );
}

const sameFields = (a: ClassFields, b: ClassFields) =>
  a.title === b.title &&
  a.ageGroup === b.ageGroup &&
  a.level === b.level &&
  a.description === b.description &&
  a.classCode === b.classCode &&
  a.notes === b.notes;

export function decideClass(command: ClassCommand, state: ClassState): ClassEvent[] {
  const ids = { classId: command.classId, organizationId: command.organizationId };
  switch (command.type) {
    case 'CreateClass': {
      if (state.status !== 'none') throw new DomainError('class.alreadyExists');
      return [
        {
          type: 'ClassCreated',
          data: {
            ...ids,
            courseId: command.input.courseId,
            ...fieldsOf(command.input),
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditClass': {
      const s = ownClass(state, command.organizationId);
      // product.md 5: the course cannot change on edit.
      if (command.input.courseId !== undefined && command.input.courseId !== s.courseId) {
        throw new DomainError('class.courseFixed');
      }
      const fields = fieldsOf(command.input);
      if (sameFields(fields, s)) return [];
      return [
        {
          type: 'ClassEdited',
          data: { ...ids, courseId: s.courseId, ...fields, editedBy: command.userId, editedAt: command.now },
        },
      ];
    }
    case 'EditClassMembers': {
      const s = ownClass(state, command.organizationId);
      const ids2 = [...new Set(command.studentIds)];
      const added = ids2.filter((id) => !s.members.includes(id));
      const removed = s.members.filter((id) => !ids2.includes(id));
      const missing = studentsNotEnrolled(s.courseId, command.now, added, command.students);
      if (missing.length > 0) {
        const students = missing.map((id) => command.students[id]?.label ?? id).join(', ');
        throw new DomainError('class.notEnrolled', message('class.notEnrolled', { students }), {
          studentIds: missing,
        });
      }
      if (added.length === 0 && removed.length === 0 && ids2.length === s.members.length) return [];
      return [
        {
          type: 'ClassMembersEdited',
          data: {
            ...ids,
            courseId: s.courseId,
            title: s.title,
            studentIds: ids2,
            added,
            removed,
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'DeleteClass': {
      const s = ownClass(state, command.organizationId);
      return [
        {
          type: 'ClassDeleted',
          data: {
            ...ids,
            courseId: s.courseId,
            title: s.title,
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

export function evolveClass(state: ClassState, event: ClassEvent): ClassState {
  switch (event.type) {
    case 'ClassCreated': {
      const { classId, organizationId, courseId, title, ageGroup, level, description, classCode, notes } =
        event.data;
      return {
        status: 'active',
        classId,
        organizationId,
        courseId,
        title,
        ageGroup,
        level,
        description,
        classCode,
        notes,
        members: [],
      };
    }
    case 'ClassEdited': {
      if (state.status === 'none') return state;
      const { title, ageGroup, level, description, classCode, notes } = event.data;
      return { ...state, title, ageGroup, level, description, classCode, notes };
    }
    case 'ClassMembersEdited':
      return state.status === 'none' ? state : { ...state, members: event.data.studentIds };
    case 'ClassDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const classDecider = {
  decide: decideClass,
  evolve: evolveClass,
  initialState: initialClassState,
} satisfies Decider<ClassCommand, ClassEvent, ClassState>;
