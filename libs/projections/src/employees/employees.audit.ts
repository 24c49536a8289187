import { INSTRUCTOR_TYPE_ID } from '@okul/domain';
import type { AuditMappers } from '../audit/audit-actions';

/**
 * product.md 3 log actions add/edit/soft_delete/resurrect_instructor for instructors (employees of type 2);
 * other employees read add/edit/soft_delete/resurrect_employee (ours). The name detail is "İsim Soyisim".
 */
const action = (verb: string, typeId: number) =>
  `${verb}_${typeId === INSTRUCTOR_TYPE_ID ? 'instructor' : 'employee'}`;

const details = (d: { employeeId: string; name: string; surname: string; employeeTypeId: number }) => ({
  employeeId: d.employeeId,
  ...(d.employeeTypeId === INSTRUCTOR_TYPE_ID ? { instructorId: d.employeeId } : {}),
  name: `${d.name} ${d.surname}`,
});

export const employeeAuditMappers: AuditMappers = {
  EmployeeAdded: (e) => ({ action: action('add', e.data.employeeTypeId), details: details(e.data) }),
  EmployeeEdited: (e) => ({ action: action('edit', e.data.employeeTypeId), details: details(e.data) }),
  EmployeeSoftDeleted: (e) => ({
    action: action('soft_delete', e.data.employeeTypeId),
    details: details(e.data),
  }),
  EmployeePermanentlyDeleted: (e) => ({ action: 'delete_employee', details: details(e.data) }),
  EmployeeResurrected: (e) => ({
    action: action('resurrect', e.data.employeeTypeId),
    details: details(e.data),
  }),
};
