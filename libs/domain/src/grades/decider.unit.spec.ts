import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { COURSE, ORG, OTHER_ORG, STUDENT, USER } from '../students/fixtures';
import { gradeDecider, type GradeCommand, type GradeEvent, type GradeLookup } from './decider';
import { addGradeSchema } from './schemas';

const GR = '00000000-0000-4000-8000-0000000000d9';
const G1 = '00000000-0000-4000-8000-0000000000e1';
const G2 = '00000000-0000-4000-8000-0000000000e2';
const NOW = '2026-02-01T10:00:00.000Z';
const base = { gradeId: GR, organizationId: ORG, userId: USER, now: NOW };
const lookup: GradeLookup = { studentExists: true, classesHoldingStudent: [G1] };
const input = {
  courseId: COURSE,
  studentId: STUDENT,
  classId: G1,
  gradeValue: '85',
  gradePeriod: '1. dönem',
  notes: null,
};
const added: GradeEvent = {
  type: 'GradeAdded',
  data: { gradeId: GR, organizationId: ORG, ...input, createdBy: USER, createdAt: NOW },
};
const edit = (patch: Partial<typeof input>, l = lookup): GradeCommand => ({
  type: 'EditGrade',
  ...base,
  input: { classId: G1, gradeValue: '85', gradePeriod: '1. dönem', notes: null, ...patch },
  lookup: l,
});

describe('grade decider', () => {
  it('adds a grade; the class must hold the student for that course', () => {
    given(gradeDecider, [])
      .when({ type: 'AddGrade', ...base, input, lookup })
      .then([added]);
    given(gradeDecider, [])
      .when({ type: 'AddGrade', ...base, input: { ...input, classId: G2 }, lookup })
      .thenThrows('grade.classInvalid');
    given(gradeDecider, [])
      .when({
        type: 'AddGrade',
        ...base,
        input: { ...input, classId: null },
        lookup: { studentExists: true, classesHoldingStudent: [] },
      })
      .then([{ ...added, data: { ...added.data, classId: null } } as GradeEvent]);
    given(gradeDecider, [])
      .when({
        type: 'AddGrade',
        ...base,
        input,
        lookup: { studentExists: false, classesHoldingStudent: [G1] },
      })
      .thenThrows('grade.studentNotFound');
  });

  it('edits, keeping a class the student has left since; an unchanged edit writes nothing', () => {
    given(gradeDecider, [added])
      .when(edit({ gradeValue: '90' }, { studentExists: true, classesHoldingStudent: [] }))
      .then([
        {
          type: 'GradeEdited',
          data: {
            gradeId: GR,
            organizationId: ORG,
            courseId: COURSE,
            studentId: STUDENT,
            classId: G1,
            gradeValue: '90',
            gradePeriod: '1. dönem',
            notes: null,
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
    given(gradeDecider, [added])
      .when(edit({ classId: G2 }))
      .thenThrows('grade.classInvalid');
    given(gradeDecider, [added]).when(edit({})).then([]);
  });

  it("deletes; a deleted grade or another organisation's is not found", () => {
    const del: GradeCommand = { type: 'DeleteGrade', ...base };
    const deleted: GradeEvent = {
      type: 'GradeDeleted',
      data: {
        gradeId: GR,
        organizationId: ORG,
        courseId: COURSE,
        studentId: STUDENT,
        gradeValue: '85',
        deletedBy: USER,
        deletedAt: NOW,
      },
    };
    given(gradeDecider, [added]).when(del).then([deleted]);
    given(gradeDecider, [added, deleted]).when(del).thenThrows('grade.notFound');
    given(gradeDecider, [added])
      .when({ ...del, organizationId: OTHER_ORG })
      .thenThrows('grade.notFound');
  });

  it('asks for the course with the spec message (Kurs seçimi zorunludur.)', () => {
    const r = addGradeSchema.safeParse({ studentId: STUDENT, gradeValue: 85 });
    expect(r.error?.issues[0].message).toBe('Kurs seçimi zorunludur.');
    expect(addGradeSchema.parse({ courseId: COURSE, studentId: STUDENT, gradeValue: 85 })).toEqual({
      courseId: COURSE,
      studentId: STUDENT,
      classId: null,
      gradeValue: '85',
      gradePeriod: null,
      notes: null,
    });
  });
});
