import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import type { AttendeeLookup } from '../attendance/decider';
import { studentsNotEnrolled } from '../groups/decider';
import type { SchedulePeriodUnit } from './occurrences';
import type { AddScheduleInput, ScheduleTime, UpdateScheduleDetailsInput } from './schemas';

/** A schedule's details (product.md 3 Schedule, members apart). */
export interface ScheduleDetails {
  courseId: string;
  title: string | null;
  scheduleType: 'periodic' | 'one_off';
  scheduleTimes: ScheduleTime[];
  periodLength: number | null;
  periodUnit: SchedulePeriodUnit | null;
  repeatCount: number | null;
  attendanceMandatory: boolean;
  notes: string | null;
  /** The lesson's Eğitmen (an employee id), or null; events written before it existed read as null. */
  instructorId: string | null;
}

/** The details as events carry them: those written before the Eğitmen existed have no instructorId. */
type StoredDetails = Omit<ScheduleDetails, 'instructorId'> & { instructorId?: string | null };

export interface ScheduleMembers {
  /** Student ids. */
  students: string[];
  /** Group (class) ids. */
  classes: string[];
}

interface Ids {
  scheduleId: string;
  organizationId: string;
}

export type ScheduleEvent =
  | DomainEvent<
      'ScheduleAdded',
      Ids & StoredDetails & ScheduleMembers & { createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'ScheduleDetailsUpdated',
      Ids &
        StoredDetails & {
          /** The fields that changed, for the log. */
          changed: string[];
          /** product.md 5: changing the course clears students and classes. */
          membersCleared: boolean;
          editedBy: string | null;
          editedAt: string;
        }
    >
  | DomainEvent<
      'ScheduleMembersUpdated',
      Ids &
        ScheduleMembers & {
          courseId: string;
          title: string | null;
          editedBy: string | null;
          editedAt: string;
        }
    >
  | DomainEvent<
      'ScheduleStudentRemoved',
      Ids & { courseId: string; studentId: string; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<
      'ScheduleClassRemoved',
      Ids & { courseId: string; classId: string; editedBy: string | null; editedAt: string }
    >
  | DomainEvent<
      'ScheduleDeleted',
      Ids & {
        courseId: string;
        title: string | null;
        /** product.md 4: deleting a course removes its schedules irreversibly. */
        reason: 'user' | 'course_deleted';
        deletedBy: string | null;
        deletedAt: string;
      }
    >;

/** What the member rules need: each student's enrolments, each named group's course and state. */
export interface MemberLookup {
  students: AttendeeLookup;
  classes: Readonly<Record<string, { courseId: string; title: string; deleted: boolean } | undefined>>;
}

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type ScheduleCommand =
  | (CommandBase & { type: 'AddSchedule'; input: AddScheduleInput; lookup: MemberLookup })
  | (CommandBase & { type: 'UpdateScheduleDetails'; input: Omit<UpdateScheduleDetailsInput, 'scheduleId'> })
  | (CommandBase & { type: 'UpdateScheduleMembers'; members: ScheduleMembers; lookup: MemberLookup })
  | (CommandBase & { type: 'RemoveScheduleStudent'; studentId: string })
  | (CommandBase & { type: 'RemoveScheduleClass'; classId: string })
  | (CommandBase & { type: 'DeleteSchedule'; reason: 'user' | 'course_deleted' });

export interface ExistingSchedule extends Ids, ScheduleDetails, ScheduleMembers {
  status: 'active' | 'deleted';
}

export type ScheduleState = { status: 'none' } | ExistingSchedule;

export const initialScheduleState: ScheduleState = { status: 'none' };

export const scheduleStream = (scheduleId: string) => `schedule-${scheduleId}`;

/** product.md 5: a periodic schedule keeps its period fields (all three needed); a one-off nulls them. */
function normalise(d: ScheduleDetails): ScheduleDetails {
  if (d.scheduleType === 'one_off') return { ...d, periodLength: null, periodUnit: null, repeatCount: null };
  if (!d.periodLength || !d.periodUnit || !d.repeatCount) throw new DomainError('schedule.periodMissing');
  return d;
}

function own(state: ScheduleState, organizationId: string): ExistingSchedule {
  if (state.status !== 'active' || state.organizationId !== organizationId)
    throw new DomainError('schedule.notFound');
  return state;
}

/** product.md 5: the pickers offer the course's students and groups; the server holds the same line. */
function checkMembers(
  courseId: string,
  now: string,
  members: ScheduleMembers,
  keep: ScheduleMembers,
  lookup: MemberLookup,
) {
  const newStudents = members.students.filter((id) => !keep.students.includes(id));
  const missing = studentsNotEnrolled(courseId, now, newStudents, lookup.students);
  if (missing.length > 0) {
    const students = missing.map((id) => lookup.students[id]?.label ?? id).join(', ');
    throw new DomainError(
      'schedule.studentsNotEnrolled',
      message('schedule.studentsNotEnrolled', { students }),
      {
        studentIds: missing,
      },
    );
  }
  const badClasses = members.classes.filter((id) => {
    const c = lookup.classes[id];
    return !c || c.deleted || c.courseId !== courseId;
  });
  if (badClasses.length > 0) {
    const classes = badClasses.map((id) => lookup.classes[id]?.title ?? id).join(', ');
    throw new DomainError('schedule.classesInvalid', message('schedule.classesInvalid', { classes }), {
      classIds: badClasses,
    });
  }
}

const DETAIL_KEYS = [
  'courseId',
  'title',
  'scheduleType',
  'scheduleTimes',
  'periodLength',
  'periodUnit',
  'repeatCount',
  'attendanceMandatory',
  'notes',
  'instructorId',
] as const satisfies ReadonlyArray<keyof ScheduleDetails>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function detailsOf(s: StoredDetails): ScheduleDetails {
  return {
    courseId: s.courseId,
    title: s.title,
    scheduleType: s.scheduleType,
    scheduleTimes: s.scheduleTimes,
    periodLength: s.periodLength,
    periodUnit: s.periodUnit,
    repeatCount: s.repeatCount,
    attendanceMandatory: s.attendanceMandatory,
    notes: s.notes,
    instructorId: s.instructorId ?? null,
  };
}

export function decideSchedule(command: ScheduleCommand, state: ScheduleState): ScheduleEvent[] {
  const ids = { scheduleId: command.scheduleId, organizationId: command.organizationId };
  const by = { editedBy: command.userId, editedAt: command.now };
  switch (command.type) {
    case 'AddSchedule': {
      if (state.status !== 'none') throw new DomainError('schedule.alreadyExists');
      const { students, classes, ...rest } = command.input;
      const details = normalise({
        ...rest,
        periodLength: rest.periodLength ?? null,
        periodUnit: rest.periodUnit ?? null,
        repeatCount: rest.repeatCount ?? null,
        instructorId: rest.instructorId ?? null,
      });
      checkMembers(
        details.courseId,
        command.now,
        { students, classes },
        { students: [], classes: [] },
        command.lookup,
      );
      return [
        {
          type: 'ScheduleAdded',
          data: { ...ids, ...details, students, classes, createdBy: command.userId, createdAt: command.now },
        },
      ];
    }
    case 'UpdateScheduleDetails': {
      const s = own(state, command.organizationId);
      const patch = Object.fromEntries(
        Object.entries(command.input).filter(([, v]) => v !== undefined),
      ) as Partial<ScheduleDetails>;
      const next = normalise({ ...detailsOf(s), ...patch });
      const changed = DETAIL_KEYS.filter((k) => !same(next[k], s[k]));
      // product.md 5: an edit with no change gives "Değişiklik yok" (the caller sees no event).
      if (changed.length === 0) return [];
      const membersCleared = next.courseId !== s.courseId && (s.students.length > 0 || s.classes.length > 0);
      return [{ type: 'ScheduleDetailsUpdated', data: { ...ids, ...next, changed, membersCleared, ...by } }];
    }
    case 'UpdateScheduleMembers': {
      const s = own(state, command.organizationId);
      checkMembers(s.courseId, command.now, command.members, s, command.lookup);
      if (same(command.members.students, s.students) && same(command.members.classes, s.classes)) return [];
      return [
        {
          type: 'ScheduleMembersUpdated',
          data: { ...ids, courseId: s.courseId, title: s.title, ...command.members, ...by },
        },
      ];
    }
    case 'RemoveScheduleStudent': {
      const s = own(state, command.organizationId);
      if (!s.students.includes(command.studentId)) throw new DomainError('schedule.studentRemoveFailed');
      return [
        {
          type: 'ScheduleStudentRemoved',
          data: { ...ids, courseId: s.courseId, studentId: command.studentId, ...by },
        },
      ];
    }
    case 'RemoveScheduleClass': {
      const s = own(state, command.organizationId);
      if (!s.classes.includes(command.classId)) throw new DomainError('schedule.classRemoveFailed');
      return [
        {
          type: 'ScheduleClassRemoved',
          data: { ...ids, courseId: s.courseId, classId: command.classId, ...by },
        },
      ];
    }
    case 'DeleteSchedule': {
      const s = own(state, command.organizationId);
      return [
        {
          type: 'ScheduleDeleted',
          data: {
            ...ids,
            courseId: s.courseId,
            title: s.title,
            reason: command.reason,
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

export function evolveSchedule(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case 'ScheduleAdded': {
      const { createdBy: _b, createdAt: _a, ...rest } = event.data;
      return { status: 'active', ...rest, instructorId: rest.instructorId ?? null };
    }
    case 'ScheduleDetailsUpdated': {
      if (state.status === 'none') return state;
      const d = event.data;
      const cleared = d.courseId !== state.courseId;
      return {
        ...state,
        ...detailsOf(d),
        students: cleared ? [] : state.students,
        classes: cleared ? [] : state.classes,
      };
    }
    case 'ScheduleMembersUpdated':
      return state.status === 'none'
        ? state
        : { ...state, students: event.data.students, classes: event.data.classes };
    case 'ScheduleStudentRemoved':
      return state.status === 'none'
        ? state
        : { ...state, students: state.students.filter((id) => id !== event.data.studentId) };
    case 'ScheduleClassRemoved':
      return state.status === 'none'
        ? state
        : { ...state, classes: state.classes.filter((id) => id !== event.data.classId) };
    case 'ScheduleDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const scheduleDecider = {
  decide: decideSchedule,
  evolve: evolveSchedule,
  initialState: initialScheduleState,
} satisfies Decider<ScheduleCommand, ScheduleEvent, ScheduleState>;

/**
 * product.md 4: deleting a course also removes its schedules, irreversibly. Decides the schedule side of a
 * course deletion from the folded states of the course's schedules: every one still active is deleted with
 * reason `course_deleted`.
 */
export function decideCourseSchedulesRemoval(
  request: { organizationId: string; userId: string | null; now: string },
  schedules: ReadonlyArray<{ scheduleId: string; state: ScheduleState }>,
): Array<{ scheduleId: string; events: ScheduleEvent[] }> {
  return schedules
    .filter((s) => s.state.status === 'active')
    .map((s) => ({
      scheduleId: s.scheduleId,
      events: decideSchedule(
        { type: 'DeleteSchedule', scheduleId: s.scheduleId, ...request, reason: 'course_deleted' },
        s.state,
      ),
    }));
}
