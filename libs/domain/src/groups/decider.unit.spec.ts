import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { COURSE, COURSE_2, ORG, OTHER_ORG, STUDENT, STUDENT_2, USER } from '../students/fixtures';
import type { AttendeeLookup } from '../attendance/decider';
import { classDecider, type ClassCommand, type ClassEvent } from './decider';
import { createClassSchema, deletedGroupLabel, editClassMembersSchema, editClassSchema } from './schemas';

const G = '00000000-0000-4000-8000-0000000000e1';
const STUDENT_3 = '00000000-0000-4000-8000-000000000003';
const NOW = '2026-02-01T10:00:00.000Z';
const ids = { classId: G, organizationId: ORG };
const base = { ...ids, userId: USER, now: NOW };
const fields = {
  title: 'Gitar A',
  ageGroup: '7-10',
  level: 'Başlangıç',
  description: null,
  classCode: 'GA1',
  notes: null,
};

const created: ClassEvent = {
  type: 'ClassCreated',
  data: { ...ids, courseId: COURSE, ...fields, createdBy: USER, createdAt: NOW },
};

const students: AttendeeLookup = {
  [STUDENT]: {
    label: '26001 Ayşe Yılmaz',
    enrollments: [{ courseId: COURSE, startDate: '2026-01-01T00:00:00.000Z', endDate: null }],
  },
  [STUDENT_2]: {
    label: '26002 Can Demir',
    // Enrolled in another course, and in this one only until before now.
    enrollments: [
      { courseId: COURSE_2, startDate: '2026-01-01T00:00:00.000Z', endDate: null },
      { courseId: COURSE, startDate: '2025-01-01T00:00:00.000Z', endDate: '2026-01-15T00:00:00.000Z' },
    ],
  },
  [STUDENT_3]: {
    label: '26003 Elif Kaya',
    // Starts next month: may join already.
    enrollments: [{ courseId: COURSE, startDate: '2026-03-01T00:00:00.000Z', endDate: null }],
  },
};

const members = (studentIds: string[]): ClassCommand => ({
  type: 'EditClassMembers',
  ...base,
  studentIds,
  students,
});

const membersEdited = (studentIds: string[], added: string[], removed: string[]): ClassEvent => ({
  type: 'ClassMembersEdited',
  data: {
    ...ids,
    courseId: COURSE,
    title: 'Gitar A',
    studentIds,
    added,
    removed,
    editedBy: USER,
    editedAt: NOW,
  },
});

describe('group (class) decider', () => {
  it('creates a group of a course', () => {
    given(classDecider, [])
      .when({ type: 'CreateClass', ...base, input: { courseId: COURSE, ...fields } })
      .then([created]);
    given(classDecider, [created])
      .when({ type: 'CreateClass', ...base, input: { courseId: COURSE, ...fields } })
      .thenThrows('class.alreadyExists');
  });

  it('edits the fields but never the course; an unchanged edit writes nothing', () => {
    given(classDecider, [created])
      .when({ type: 'EditClass', ...base, input: { ...fields, title: 'Gitar B' } })
      .then([
        {
          type: 'ClassEdited',
          data: { ...ids, courseId: COURSE, ...fields, title: 'Gitar B', editedBy: USER, editedAt: NOW },
        },
      ]);
    given(classDecider, [created])
      .when({ type: 'EditClass', ...base, input: { ...fields, courseId: COURSE_2 } })
      .thenThrows('class.courseFixed');
    given(classDecider, [created])
      .when({ type: 'EditClass', ...base, input: { ...fields, courseId: COURSE } })
      .then([]);
  });

  it('takes members with an enrolment of the course that has not ended, naming the others with their ids', () => {
    given(classDecider, [created])
      .when(members([STUDENT, STUDENT_3]))
      .then([membersEdited([STUDENT, STUDENT_3], [STUDENT, STUDENT_3], [])]);
    const unknown = '00000000-0000-4000-8000-000000000009';
    const run = given(classDecider, [created]).when(members([STUDENT, STUDENT_2, unknown]));
    run.thenThrows(
      'class.notEnrolled',
      `Bu kursa kaydı olmayan öğrenciler gruba eklenemez: 26002 Can Demir, ${unknown}`,
    );
    expect(() => run.run()).toThrowError(
      expect.objectContaining({ details: { studentIds: [STUDENT_2, unknown] } }) as Error,
    );
  });

  it('keeps a member whose enrolment has ended when the members are edited again', () => {
    // Can joined while enrolled (an earlier "now"); his enrolment ended since.
    const joined = membersEdited([STUDENT_2], [STUDENT_2], []);
    given(classDecider, [created, joined])
      .when(members([STUDENT_2, STUDENT]))
      .then([membersEdited([STUDENT_2, STUDENT], [STUDENT], [])]);
    given(classDecider, [created, joined])
      .when(members([STUDENT]))
      .then([membersEdited([STUDENT], [STUDENT], [STUDENT_2])]);
    given(classDecider, [created, joined])
      .when(members([STUDENT_2]))
      .then([]);
  });

  it("deletes; a deleted group, or another organisation's, is not found", () => {
    const del: ClassCommand = { type: 'DeleteClass', ...base };
    const deleted: ClassEvent = {
      type: 'ClassDeleted',
      data: { ...ids, courseId: COURSE, title: 'Gitar A', deletedBy: USER, deletedAt: NOW },
    };
    given(classDecider, [created]).when(del).then([deleted]);
    given(classDecider, [created, deleted]).when(del).thenThrows('class.notFound');
    given(classDecider, [created, deleted])
      .when(members([STUDENT]))
      .thenThrows('class.notFound');
    given(classDecider, [created])
      .when({ ...del, organizationId: OTHER_ORG })
      .thenThrows('class.notFound');
  });
});

describe('group schemas', () => {
  it('requires the course with the server rule and a title with the form warning', () => {
    const noCourse = createClassSchema.safeParse({ title: 'A' });
    expect(noCourse.error?.issues[0].message).toBe('courseId is required for group requests');
    const noTitle = createClassSchema.safeParse({ courseId: COURSE, title: '  ' });
    expect(noTitle.error?.issues[0].message).toBe('Eksik veya hatalı alanlar var');
    expect(createClassSchema.parse({ courseId: COURSE, title: ' A ', notes: ' ' })).toEqual({
      courseId: COURSE,
      title: 'A',
      ageGroup: null,
      level: null,
      description: null,
      classCode: null,
      notes: null,
    });
    expect(editClassSchema.safeParse({ id: G, title: 'A' }).success).toBe(true);
    expect(editClassMembersSchema.parse({ id: G, studentIds: [STUDENT, STUDENT] }).studentIds).toEqual([
      STUDENT,
    ]);
    expect(deletedGroupLabel(G)).toBe(`[Silinmiş Grup ID: ${G}]`);
  });
});
