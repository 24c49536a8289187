import type { EventOf } from '@okul/domain';
import { defineProjection, type BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { userIdOrNull } from '../students/students.projection';

const COLUMNS = `id uuid, organization_id uuid, student_id uuid, course_id uuid, amount bigint, method text, reference_code text,
  notes text, is_correction boolean, date timestamptz, "timestamp" timestamptz, created_at timestamptz, created_by uuid,
  edited_at timestamptz, edited_by uuid, deleted_at timestamptz, deleted_by uuid, edit boolean, deletion boolean`;

/** The columns each event sets, to values of the event (so the last event of a run setting a column wins). */
function patchOf(e: { type: string; data: unknown }): Record<string, unknown> {
  switch (e.type) {
    case 'PaymentEdited': {
      const d = e.data as EventOf<'PaymentEdited'>['data'];
      return {
        edit: true,
        amount: d.amount,
        method: d.method ?? null,
        reference_code: d.referenceCode ?? null,
        notes: d.notes ?? null,
        is_correction: d.isCorrection,
        edited_at: d.editedAt,
        edited_by: userIdOrNull(d.editedBy),
      };
    }
    case 'PaymentSoftDeleted': {
      const d = e.data as EventOf<'PaymentSoftDeleted'>['data'];
      return { deletion: true, deleted_at: d.deletedAt, deleted_by: userIdOrNull(d.deletedBy) };
    }
    default:
      return { deletion: true, deleted_at: null, deleted_by: null };
  }
}

/**
 * A run of payment events (all but the permanent delete) in two statements. The handlers only insert rows
 * and set columns to values of the event, so folding the run per payment in event order gives the rows they
 * leave: new payments are inserted as the run leaves them, existing ones get the last value of each column
 * group the run set (`edit`: the edited fields, `deletion`: deleted_at and deleted_by). An id added twice
 * fails as the insert would.
 */
const applyPayments: BatchHandler<
  'PaymentAdded' | 'PaymentEdited' | 'PaymentSoftDeleted' | 'PaymentResurrected'
> = async ({ sql, table }, events) => {
  const added = new Map<string, Record<string, unknown>>();
  const changed = new Map<string, Record<string, unknown>>();
  for (const e of events) {
    const id = (e.data as { paymentId: string }).paymentId.toLowerCase();
    if (e.type === 'PaymentAdded') {
      const d = e.data as EventOf<'PaymentAdded'>['data'];
      if (added.has(id)) throw new Error(`payment ${d.paymentId} added twice`);
      // Changes before the payment existed changed nothing (had it existed, this insert fails as the handler's).
      changed.delete(id);
      added.set(id, {
        id: d.paymentId,
        organization_id: d.organizationId,
        student_id: d.studentId,
        course_id: d.courseId,
        amount: d.amount,
        method: d.method ?? null,
        reference_code: d.referenceCode ?? null,
        notes: d.notes ?? null,
        is_correction: d.isCorrection,
        date: d.date,
        timestamp: d.timestamp,
        created_at: d.createdAt,
        created_by: userIdOrNull(d.createdBy),
        edited_at: null,
        edited_by: null,
        deleted_at: null,
        deleted_by: null,
      });
      continue;
    }
    const patch = patchOf(e);
    const row = added.get(id);
    if (row) Object.assign(row, patch, { edit: undefined, deletion: undefined });
    else changed.set(id, { id, edit: false, deletion: false, ...changed.get(id), ...patch });
  }
  if (added.size > 0) {
    const rows = byColumn(1, COLUMNS, [...added.values()]);
    await sql.query(
      `INSERT INTO ${table('payments')} (id, organization_id, student_id, course_id, amount, method, reference_code, notes,
              is_correction, date, "timestamp", created_at, created_by, edited_at, edited_by, deleted_at, deleted_by)
       SELECT id, organization_id, student_id, course_id, amount, method, reference_code, notes, is_correction, date,
              "timestamp", created_at, created_by, edited_at, edited_by, deleted_at, deleted_by
         FROM ${rows.from}`,
      rows.params,
    );
  }
  if (changed.size > 0) {
    const rows = byColumn(1, COLUMNS, [...changed.values()]);
    await sql.query(
      `UPDATE ${table('payments')} p
          SET amount = CASE WHEN x.edit THEN x.amount ELSE p.amount END,
              method = CASE WHEN x.edit THEN x.method ELSE p.method END,
              reference_code = CASE WHEN x.edit THEN x.reference_code ELSE p.reference_code END,
              notes = CASE WHEN x.edit THEN x.notes ELSE p.notes END,
              is_correction = CASE WHEN x.edit THEN x.is_correction ELSE p.is_correction END,
              edited_at = CASE WHEN x.edit THEN x.edited_at ELSE p.edited_at END,
              edited_by = CASE WHEN x.edit THEN x.edited_by ELSE p.edited_by END,
              deleted_at = CASE WHEN x.deletion THEN x.deleted_at ELSE p.deleted_at END,
              deleted_by = CASE WHEN x.deletion THEN x.deleted_by ELSE p.deleted_by END
         FROM ${rows.from}
        WHERE p.id = x.id`,
      rows.params,
    );
  }
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
    PaymentAdded: async ({ sql, table }, e: EventOf<'PaymentAdded'>) => {
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
    PaymentEdited: async ({ sql, table }, e: EventOf<'PaymentEdited'>) => {
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
    PaymentSoftDeleted: async ({ sql, table }, e: EventOf<'PaymentSoftDeleted'>) => {
      await sql.query(`UPDATE ${table('payments')} SET deleted_at=$2, deleted_by=$3 WHERE id=$1`, [
        e.data.paymentId,
        e.data.deletedAt,
        userIdOrNull(e.data.deletedBy),
      ]);
    },
    PaymentResurrected: async ({ sql, table }, e: EventOf<'PaymentResurrected'>) => {
      await sql.query(`UPDATE ${table('payments')} SET deleted_at=NULL, deleted_by=NULL WHERE id=$1`, [
        e.data.paymentId,
      ]);
    },
    PaymentPermanentlyDeleted: async ({ sql, table }, e: EventOf<'PaymentPermanentlyDeleted'>) => {
      await sql.query(`DELETE FROM ${table('payments')} WHERE id=$1`, [e.data.paymentId]);
    },
  },
  batchHandlers: {
    PaymentAdded: applyPayments,
    PaymentEdited: applyPayments,
    PaymentSoftDeleted: applyPayments,
    PaymentResurrected: applyPayments,
  },
});
