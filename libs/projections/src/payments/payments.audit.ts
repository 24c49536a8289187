import type { AuditMappers } from '../audit/audit-actions';

const who = (d: { studentId: string; courseId: string; paymentId: string }) => ({
  studentDbId: d.studentId,
  courseId: d.courseId,
  paymentId: d.paymentId,
});

/**
 * product.md 3 log actions add/edit/soft_delete/resurrect/delete_payment (delete = permanent) with the student,
 * course and amount; an edit carries oldAmount and newAmount. Amounts in kuruş.
 */
export const paymentAuditMappers: AuditMappers = {
  PaymentAdded: (e) => ({ action: 'add_payment', details: { ...who(e.data), amount: e.data.amount } }),
  PaymentEdited: (e) => ({
    action: 'edit_payment',
    details: { ...who(e.data), amount: e.data.amount, oldAmount: e.data.oldAmount, newAmount: e.data.amount },
  }),
  PaymentSoftDeleted: (e) => ({
    action: 'soft_delete_payment',
    details: { ...who(e.data), amount: e.data.amount },
  }),
  PaymentResurrected: (e) => ({
    action: 'resurrect_payment',
    details: { ...who(e.data), amount: e.data.amount },
  }),
  PaymentPermanentlyDeleted: (e) => ({
    action: 'delete_payment',
    details: { ...who(e.data), amount: e.data.amount },
  }),
};
