import { erasedStudentName } from '@okul/domain';
import type { AuditMappers } from '../audit/audit-actions';

const fullName = (d: { name?: string; surname?: string }) =>
  [d.name, d.surname].filter((x) => typeof x === 'string' && x !== '').join(' ') || undefined;

/** product.md 3 log actions register/edit/soft_delete/resurrect_student, with the student's DBID and name. */
export const studentAuditMappers: AuditMappers = {
  StudentRegistered: (e) => ({
    action: 'register_student',
    details: { studentDbId: e.data.studentId, name: fullName(e.data), studentNumber: e.data.studentNumber },
  }),
  StudentEdited: (e) => ({
    action: 'edit_student',
    details: { studentDbId: e.data.studentId, name: fullName(e.data), studentNumber: e.data.studentNumber },
  }),
  StudentSoftDeleted: (e) => ({ action: 'soft_delete_student', details: { studentDbId: e.data.studentId } }),
  StudentResurrected: (e) => ({ action: 'resurrect_student', details: { studentDbId: e.data.studentId } }),
  // The name is set here so the log does not fill in the one it knew before the erasure.
  StudentPersonalDataErased: (e) => ({
    action: 'erase_student_personal_data',
    details: {
      studentDbId: e.data.studentId,
      studentNumber: e.data.studentNumber,
      studentName: erasedStudentName(e.data.studentNumber as number),
    },
  }),
  StudentsImported: (e) => ({
    action: 'import_students',
    details: {
      fileName: e.data.fileName,
      total: e.data.total,
      created: e.data.created,
      existing: e.data.existing,
      refused: e.data.refused,
    },
  }),
};
