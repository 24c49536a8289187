import {
  ACCOUNTING_METHOD_LABELS,
  ACCOUNTING_SUBTYPE_LABELS,
  ACCOUNTING_TYPE_LABELS,
  formatStudentNumber,
  type ExportValue,
} from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { readDuePayments } from '../balances/balances.reader';

/** Rows per query: an export of any size holds one batch at a time (docs/DECISIONS.md, exports). */
export const EXPORT_BATCH = 2000;

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  ...ACCOUNTING_METHOD_LABELS,
  correction: 'Düzeltme',
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Pages through a query by a keyset (the last row's sort key), so each batch is one indexed query and no
 * cursor or transaction is held open while the client reads slowly.
 */
async function* keyset<R extends { k1: unknown; k2: string }>(
  sql: Sql,
  query: (after: string) => string,
  params: unknown[],
): AsyncGenerator<R[]> {
  let last: R | null = null;
  for (;;) {
    const r: { rows: R[] } = await sql.query<R>(
      query(last ? `AND (k1, k2) > ($${params.length + 1}, $${params.length + 2})` : ''),
      last ? [...params, last.k1, last.k2] : params,
    );
    if (r.rows.length === 0) return;
    yield r.rows;
    if (r.rows.length < EXPORT_BATCH) return;
    last = r.rows[r.rows.length - 1];
  }
}

/** The students list: every student, deleted ones marked, with the courses running now. */
export async function* exportStudents(
  sql: Sql,
  organizationId: string,
  now: string,
): AsyncGenerator<ExportValue[][]> {
  type Row = {
    k1: number;
    k2: string;
    name: string;
    surname: string;
    tckn: string | null;
    dob_d: number | null;
    dob_m: number | null;
    dob_y: number | null;
    phone: string | null;
    parent1_phone: string | null;
    parent2_phone: string | null;
    courses: string | null;
    deleted_at: Date | null;
    created_at: Date;
  };
  for await (const rows of keyset<Row>(
    sql,
    (after) => `
      SELECT * FROM (
        SELECT s.student_number AS k1, s.id::text AS k2, s.name, s.surname, s.tckn, s.dob_d, s.dob_m, s.dob_y,
               s.phone, s.parent1_phone, s.parent2_phone, s.deleted_at, s.created_at,
               (SELECT string_agg(c.name, ', ' ORDER BY c.name) FROM enrollments e JOIN courses c ON c.id = e.course_id
                 WHERE e.student_id = s.id AND e.start_date <= $2::timestamptz
                   AND (e.end_date IS NULL OR e.end_date > $2::timestamptz)) AS courses
          FROM students s WHERE s.organization_id = $1) x
       WHERE true ${after}
       ORDER BY k1, k2 LIMIT ${EXPORT_BATCH}`,
    [organizationId, now],
  )) {
    yield rows.map((r) => [
      formatStudentNumber(r.k1),
      r.name,
      r.surname,
      r.tckn,
      r.dob_d && r.dob_m && r.dob_y
        ? `${String(r.dob_d).padStart(2, '0')}.${String(r.dob_m).padStart(2, '0')}.${r.dob_y}`
        : null,
      r.phone,
      r.parent1_phone,
      r.parent2_phone,
      r.courses,
      r.deleted_at ? 'Silinmiş' : r.courses ? 'Aktif' : 'İnaktif',
      iso(r.created_at),
    ]);
  }
}

/** The payments (deleted ones left out), oldest first. */
export async function* exportPayments(sql: Sql, organizationId: string): AsyncGenerator<ExportValue[][]> {
  type Row = {
    k1: Date;
    k2: string;
    student_number: number | null;
    student: string | null;
    course: string | null;
    amount: string;
    method: string | null;
    reference_code: string | null;
    notes: string | null;
  };
  for await (const rows of keyset<Row>(
    sql,
    (after) => `
      SELECT p.date AS k1, p.id::text AS k2, s.student_number, s.name || ' ' || s.surname AS student,
             c.name AS course, p.amount::text, p.method, p.reference_code, p.notes
        FROM payments p
        LEFT JOIN students s ON s.id = p.student_id
        LEFT JOIN courses c ON c.id = p.course_id
       WHERE p.organization_id = $1 AND p.deleted_at IS NULL ${after.replace('(k1, k2)', '(p.date, p.id::text)')}
       ORDER BY p.date, p.id::text LIMIT ${EXPORT_BATCH}`,
    [organizationId],
  )) {
    yield rows.map((r) => [
      iso(r.k1),
      r.student_number === null ? null : formatStudentNumber(r.student_number),
      r.student,
      r.course,
      Number(r.amount),
      r.method ? (PAYMENT_METHOD_LABELS[r.method] ?? r.method) : 'Belirtilmemiş',
      r.reference_code,
      r.notes,
    ]);
  }
}

/** The live accounting entries (reversed ones no longer count, docs/DECISIONS.md accounting), oldest first. */
export async function* exportAccountingEntries(
  sql: Sql,
  organizationId: string,
): AsyncGenerator<ExportValue[][]> {
  type Row = {
    k1: Date;
    k2: string;
    type: keyof typeof ACCOUNTING_TYPE_LABELS;
    subtype: keyof typeof ACCOUNTING_SUBTYPE_LABELS;
    method: keyof typeof ACCOUNTING_METHOD_LABELS;
    amount: string;
    employee: string | null;
    receipt_number: string | null;
    notes: string | null;
  };
  for await (const rows of keyset<Row>(
    sql,
    (after) => `
      SELECT a.date AS k1, a.id::text AS k2, a.type, a.subtype, a.method, a.amount::text,
             e.name || ' ' || e.surname AS employee, a.receipt_number, a.notes
        FROM accounting_entries a
        LEFT JOIN employees e ON e.id = a.employee_id
       WHERE a.organization_id = $1 AND a.reversed_at IS NULL ${after.replace('(k1, k2)', '(a.date, a.id::text)')}
       ORDER BY a.date, a.id::text LIMIT ${EXPORT_BATCH}`,
    [organizationId],
  )) {
    yield rows.map((r) => [
      iso(r.k1),
      ACCOUNTING_TYPE_LABELS[r.type],
      ACCOUNTING_SUBTYPE_LABELS[r.subtype],
      ACCOUNTING_METHOD_LABELS[r.method],
      // A cost is money out: negative, so a column sum is the net.
      r.type === 'cost' ? -Number(r.amount) : Number(r.amount),
      r.employee,
      r.receipt_number,
      r.notes,
    ]);
  }
}

/**
 * The due list (api.md 9.3, as Ana Sayfa shows it): at most one row per student and course, so it is read
 * whole, then named in batches.
 */
export async function* exportDueList(
  sql: Sql,
  organizationId: string,
  now: string,
): AsyncGenerator<ExportValue[][]> {
  const due = await readDuePayments(sql, organizationId, now);
  for (let i = 0; i < due.length; i += EXPORT_BATCH) {
    const batch = due.slice(i, i + EXPORT_BATCH);
    const names = await sql.query<{
      student_id: string;
      course_id: string;
      number: number;
      student: string;
      course: string;
    }>(
      `SELECT d.student_id, d.course_id, s.student_number AS number, s.name || ' ' || s.surname AS student, c.name AS course
         FROM unnest($2::uuid[], $3::uuid[]) AS d(student_id, course_id)
         JOIN students s ON s.id = d.student_id AND s.organization_id = $1 AND s.deleted_at IS NULL
         LEFT JOIN courses c ON c.id = d.course_id`,
      [organizationId, batch.map((d) => d.studentId), batch.map((d) => d.courseId)],
    );
    const byKey = new Map(names.rows.map((n) => [`${n.student_id}/${n.course_id}`, n]));
    const rows: ExportValue[][] = [];
    for (const d of batch) {
      const n = byKey.get(`${d.studentId}/${d.courseId}`);
      // Deleted students are left off the due list (docs/DECISIONS.md, due payments).
      if (!n) continue;
      rows.push([formatStudentNumber(n.number), n.student, n.course, d.owed]);
    }
    yield rows;
  }
}
