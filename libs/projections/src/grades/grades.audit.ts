import type { AuditMappers } from '../audit/audit-actions';

/** Log actions of grades (ours: product.md 3 lists none); the grade's value is the name. */
export const gradeAuditMappers: AuditMappers = {
  GradeAdded: (e) => ({
    action: 'add_grade',
    details: {
      gradeId: e.data.gradeId,
      courseId: e.data.courseId,
      studentDbId: e.data.studentId,
      classId: e.data.classId,
      name: e.data.gradeValue,
    },
  }),
  GradeEdited: (e) => ({
    action: 'edit_grade',
    details: {
      gradeId: e.data.gradeId,
      courseId: e.data.courseId,
      studentDbId: e.data.studentId,
      classId: e.data.classId,
      name: e.data.gradeValue,
    },
  }),
  GradeDeleted: (e) => ({
    action: 'delete_grade',
    details: {
      gradeId: e.data.gradeId,
      courseId: e.data.courseId,
      studentDbId: e.data.studentId,
      name: e.data.gradeValue,
    },
  }),
};
