import type { AuditMappers } from '../audit/audit-actions';

const who = (d: { entryId: string; type: string; subtype: string; employeeId: string | null }) => ({
  entryId: d.entryId,
  type: d.type,
  subtype: d.subtype,
  ...(d.employeeId ? { employeeId: d.employeeId } : {}),
});

/** Log actions add/edit/reverse_accounting_entry with the kind and amount (kuruş); an edit carries both amounts. */
export const accountingAuditMappers: AuditMappers = {
  AccountingEntryAdded: (e) => ({
    action: 'add_accounting_entry',
    details: { ...who(e.data), amount: e.data.amount },
  }),
  AccountingEntryEdited: (e) => ({
    action: 'edit_accounting_entry',
    details: {
      ...who(e.data),
      amount: e.data.amount,
      oldAmount: e.data.previous.amount,
      newAmount: e.data.amount,
    },
  }),
  // The receipts of payments (a Tahsilat Makbuzu issued): the receipt number is the log's name.
  PaymentReceiptIssued: (e) => ({
    action: 'issue_receipt',
    details: { paymentId: e.data.paymentId, name: e.data.receiptNumber },
  }),
  AccountingEntryReversed: (e) => ({
    action: 'reverse_accounting_entry',
    details: { ...who(e.data), amount: e.data.amount, ...(e.data.reason ? { reason: e.data.reason } : {}) },
  }),
};
