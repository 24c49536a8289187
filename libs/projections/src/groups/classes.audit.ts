import type { AuditMappers } from '../audit/audit-actions';

/** product.md 3 log actions create/edit/delete_class and edit_class_members: the group's title is the name. */
export const classAuditMappers: AuditMappers = {
  ClassCreated: (e) => ({
    action: 'create_class',
    details: { classId: e.data.classId, courseId: e.data.courseId, name: e.data.title },
  }),
  ClassEdited: (e) => ({
    action: 'edit_class',
    details: { classId: e.data.classId, courseId: e.data.courseId, name: e.data.title },
  }),
  ClassMembersEdited: (e) => ({
    action: 'edit_class_members',
    details: {
      classId: e.data.classId,
      courseId: e.data.courseId,
      name: e.data.title,
      added: e.data.added,
      removed: e.data.removed,
    },
  }),
  ClassDeleted: (e) => ({
    action: 'delete_class',
    details: { classId: e.data.classId, courseId: e.data.courseId, name: e.data.title },
  }),
};
