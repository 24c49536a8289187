import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { AddCourseInput } from './schemas';

export interface CourseFields {
  name: string;
  courseExplanation: string;
  code: string | null;
  isGroupCourse: boolean;
  isPrivateCourse: boolean;
  index: number;
  safeName: string;
}

export type CourseEvent =
  | DomainEvent<'CourseAdded', { courseId: string; organizationId: string } & CourseFields>
  | DomainEvent<'CourseEdited', { courseId: string; organizationId: string } & CourseFields>
  | DomainEvent<'CourseSoftDeleted', { courseId: string; organizationId: string; deletedAt: string }>
  | DomainEvent<'CourseResurrected', { courseId: string; organizationId: string }>;

export type CourseCommand =
  | { type: 'AddCourse'; courseId: string; organizationId: string; input: AddCourseInput; nextIndex: number }
  | { type: 'EditCourse'; courseId: string; organizationId: string; input: AddCourseInput }
  | { type: 'DeleteCourse'; courseId: string; organizationId: string; now: string }
  | { type: 'ResurrectCourse'; courseId: string; organizationId: string };

export type CourseState =
  { status: 'none' } | { status: 'active' | 'deleted'; organizationId: string; fields: CourseFields };

export const initialCourseState: CourseState = { status: 'none' };

/** product.md 5 Slug: accents stripped, non-word characters to hyphens, repeats collapsed, lowercased, trimmed. */
export function slugify(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const map: Record<string, string> = {
    ç: 'c',
    ğ: 'g',
    ı: 'i',
    ö: 'o',
    ş: 's',
    ü: 'u',
    Ç: 'c',
    Ğ: 'g',
    İ: 'i',
    Ö: 'o',
    Ş: 's',
    Ü: 'u',
  };
  const out = text
    .replace(/[çğıöşüÇĞİÖŞÜ]/g, (c) => map[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return out || null;
}

function fields(input: AddCourseInput, index: number): CourseFields {
  return {
    name: input.name,
    courseExplanation: input.courseExplanation,
    code: input.code ?? null,
    isGroupCourse: input.isGroupCourse ?? false,
    isPrivateCourse: input.isPrivateCourse ?? false,
    index,
    safeName: slugify(input.name) ?? '',
  };
}

function ownCourse(state: CourseState, organizationId: string): Exclude<CourseState, { status: 'none' }> {
  // A course of another organisation is as good as absent: ids never leak across tenants.
  if (state.status === 'none' || state.organizationId !== organizationId)
    throw new DomainError('course.notFound');
  return state;
}

export function decideCourse(command: CourseCommand, state: CourseState): CourseEvent[] {
  const ids = { courseId: command.courseId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddCourse':
      if (state.status !== 'none') throw new DomainError('course.alreadyExists');
      return [
        {
          type: 'CourseAdded',
          data: { ...ids, ...fields(command.input, command.input.index ?? command.nextIndex) },
        },
      ];
    case 'EditCourse': {
      const s = ownCourse(state, command.organizationId);
      return [
        {
          type: 'CourseEdited',
          data: { ...ids, ...fields(command.input, command.input.index ?? s.fields.index) },
        },
      ];
    }
    case 'DeleteCourse': {
      const s = ownCourse(state, command.organizationId);
      if (s.status === 'deleted') throw new DomainError('course.alreadyDeleted');
      return [{ type: 'CourseSoftDeleted', data: { ...ids, deletedAt: command.now } }];
    }
    case 'ResurrectCourse': {
      const s = ownCourse(state, command.organizationId);
      if (s.status !== 'deleted') throw new DomainError('course.notDeleted');
      return [{ type: 'CourseResurrected', data: ids }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseAdded': {
      const { courseId: _c, organizationId, ...f } = event.data;
      return { status: 'active', organizationId, fields: f };
    }
    case 'CourseEdited': {
      const { courseId: _c, organizationId, ...f } = event.data;
      return { status: state.status === 'deleted' ? 'deleted' : 'active', organizationId, fields: f };
    }
    case 'CourseSoftDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'CourseResurrected':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const courseDecider = {
  decide: decideCourse,
  evolve: evolveCourse,
  initialState: initialCourseState,
} satisfies Decider<CourseCommand, CourseEvent, CourseState>;
export const courseStream = (courseId: string) => `course-${courseId}`;
