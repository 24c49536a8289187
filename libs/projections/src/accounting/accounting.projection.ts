import type { EventOf } from '@okul/domain';
import { defineProjection } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

/**
 * The accounting entries of each organisation (getAccounting), reversed ones kept with reversed_at set
 * (an entry is never deleted). Amounts in kuruş (bigint), always positive: the type says which way.
 */
export const accountingProjection = defineProjection({
  name: 'accounting',
  version: 1,
  tables: ['accounting_entries'],
  schema: (t) => `
    CREATE TABLE ${t('accounting_entries')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      type text NOT NULL,
      subtype text NOT NULL,
      method text NOT NULL,
      amount bigint NOT NULL,
      date timestamptz NOT NULL,
      notes text,
      receipt_number text,
      employee_id uuid,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid,
      reversed_at timestamptz,
      reversed_by uuid,
      reverse_reason text
    );
    CREATE INDEX ON ${t('accounting_entries')} (organization_id, date DESC, id);
    CREATE INDEX ON ${t('accounting_entries')} (organization_id, employee_id) WHERE employee_id IS NOT NULL;
  `,
  handlers: {
    AccountingEntryAdded: async ({ sql, table }, e: EventOf<'AccountingEntryAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('accounting_entries')} (id, organization_id, type, subtype, method, amount, date, notes,
                receipt_number, employee_id, created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [
          d.entryId,
          d.organizationId,
          d.type,
          d.subtype,
          d.method,
          d.amount,
          d.date,
          d.notes,
          d.receiptNumber,
          d.employeeId,
          d.createdAt,
          userIdOrNull(d.createdBy),
        ],
      );
    },
    AccountingEntryEdited: async ({ sql, table }, e: EventOf<'AccountingEntryEdited'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('accounting_entries')} SET type=$2, subtype=$3, method=$4, amount=$5, date=$6, notes=$7,
                receipt_number=$8, employee_id=$9, edited_at=$10, edited_by=$11
          WHERE id=$1`,
        [
          d.entryId,
          d.type,
          d.subtype,
          d.method,
          d.amount,
          d.date,
          d.notes,
          d.receiptNumber,
          d.employeeId,
          d.editedAt,
          userIdOrNull(d.editedBy),
        ],
      );
    },
    AccountingEntryReversed: async ({ sql, table }, e: EventOf<'AccountingEntryReversed'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('accounting_entries')} SET reversed_at=$2, reversed_by=$3, reverse_reason=$4 WHERE id=$1`,
        [d.entryId, d.reversedAt, userIdOrNull(d.reversedBy), d.reason],
      );
    },
  },
});
