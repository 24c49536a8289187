import type { PaymentEvent } from '@okul/domain';
import { defineProjection } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

type E<T extends PaymentEvent['type']> = {
  data: Extract<PaymentEvent, { type: T }>['data'];
  metadata: { occurredAt: string; userId: string | null };
};

/**
 * The payments of each organisation (getPayments), the soft-deleted ones included with deleted_at set
 * (product.md 3: deleted payments are kept in a separate list). A permanent delete removes the row.
 * Amounts in kuruş (bigint).
 */
export const paymentsProjection = defineProjection({
  name: 'payments',
  version: 1,
  tables: ['payments'],
  schema: (t) => `
    CREATE TABLE ${t('payments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      amount bigint NOT NULL,
      method text,
      reference_code text,
      notes text,
      is_correction boolean NOT NULL,
      date timestamptz NOT NULL,
      "timestamp" timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid,
      deleted_at timestamptz,
      deleted_by uuid
    );
    CREATE INDEX ON ${t('payments')} (student_id, date);
    CREATE INDEX ON ${t('payments')} (organization_id, date DESC);
  `,
  handlers: {
    PaymentAdded: async ({ sql, table }, e: E<'PaymentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('payments')} (id, organization_id, student_id, course_id, amount, method, reference_code, notes, is_correction,
                date, "timestamp", created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [
          d.paymentId,
          d.organizationId,
          d.studentId,
          d.courseId,
          d.amount,
          d.method ?? null,
          d.referenceCode ?? null,
          d.notes ?? null,
          d.isCorrection,
          d.date,
          d.timestamp,
          d.createdAt,
          userIdOrNull(d.createdBy),
        ],
      );
    },
    PaymentEdited: async ({ sql, table }, e: E<'PaymentEdited'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('payments')} SET amount=$2, method=$3, reference_code=$4, notes=$5, is_correction=$6, edited_at=$7, edited_by=$8
          WHERE id=$1`,
        [
          d.paymentId,
          d.amount,
          d.method ?? null,
          d.referenceCode ?? null,
          d.notes ?? null,
          d.isCorrection,
          d.editedAt,
          userIdOrNull(d.editedBy),
        ],
      );
    },
    PaymentSoftDeleted: async ({ sql, table }, e: E<'PaymentSoftDeleted'>) => {
      await sql.query(`UPDATE ${table('payments')} SET deleted_at=$2, deleted_by=$3 WHERE id=$1`, [
        e.data.paymentId,
        e.data.deletedAt,
        userIdOrNull(e.data.deletedBy),
      ]);
    },
    PaymentResurrected: async ({ sql, table }, e: E<'PaymentResurrected'>) => {
      await sql.query(`UPDATE ${table('payments')} SET deleted_at=NULL, deleted_by=NULL WHERE id=$1`, [
        e.data.paymentId,
      ]);
    },
    PaymentPermanentlyDeleted: async ({ sql, table }, e: E<'PaymentPermanentlyDeleted'>) => {
      await sql.query(`DELETE FROM ${table('payments')} WHERE id=$1`, [e.data.paymentId]);
    },
  },
});
