import {
  ACCOUNTING_METHODS,
  periodBounds,
  type AccountingEntryView,
  type AccountingMethod,
  type AccountingMonth,
  type AccountingPage,
  type GetAccountingQuery,
  type MonthMethodTotal,
  type MonthPaymentView,
} from '@okul/domain';
import type { Sql } from '../runtime/sql';

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint::text`;
const iso = (v: string | null) => (v === null ? null : new Date(Number(v)).toISOString());

interface EntryRow {
  id: string;
  type: AccountingEntryView['type'];
  subtype: AccountingEntryView['subtype'];
  method: AccountingMethod;
  amount: string;
  date_ms: string;
  notes: string | null;
  receipt_number: string | null;
  employee_id: string | null;
  created_ms: string;
  created_by: string | null;
  created_by_name: string | null;
  edited_ms: string | null;
  edited_by: string | null;
  reversed_ms: string | null;
  reversed_by: string | null;
  reverse_reason: string | null;
}

const ENTRY_COLUMNS = `e.id, e.type, e.subtype, e.method, e.amount::text AS amount, ${ms('e.date')} AS date_ms, e.notes,
  e.receipt_number, e.employee_id, ${ms('e.created_at')} AS created_ms, e.created_by,
  (SELECT concat_ws(' ', u.name, u.surname) FROM users u WHERE u.id = e.created_by) AS created_by_name,
  ${ms('e.edited_at')} AS edited_ms, e.edited_by, ${ms('e.reversed_at')} AS reversed_ms, e.reversed_by, e.reverse_reason`;

function toEntry(r: EntryRow): AccountingEntryView {
  return {
    id: r.id,
    type: r.type,
    subtype: r.subtype,
    method: r.method,
    amount: Number(r.amount),
    date: iso(r.date_ms)!,
    notes: r.notes,
    receiptNumber: r.receipt_number,
    employeeId: r.employee_id,
    createdAt: iso(r.created_ms)!,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    editedAt: iso(r.edited_ms),
    editedBy: r.edited_by,
    reversedAt: iso(r.reversed_ms),
    reversedBy: r.reversed_by,
    reverseReason: r.reverse_reason,
  };
}

/** A page of an organisation's entries (newest first) and the totals of everything the filter matches. */
export async function readAccountingPage(
  sql: Sql,
  organizationId: string,
  query: GetAccountingQuery,
): Promise<AccountingPage> {
  const params: unknown[] = [organizationId];
  const where = ['e.organization_id = $1'];
  const add = (value: unknown, clause: (p: string) => string) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (query.from) add(query.from, (p) => `e.date >= ${p}::timestamptz`);
  if (query.to) add(query.to, (p) => `e.date < ${p}::timestamptz`);
  if (query.type) add(query.type, (p) => `e.type = ${p}`);
  if (query.subtype) add(query.subtype, (p) => `e.subtype = ${p}`);
  if (query.method) add(query.method, (p) => `e.method = ${p}`);
  if (query.employeeId) add(query.employeeId, (p) => `e.employee_id = ${p}`);
  const filter = where.join(' AND ');
  const listed = query.includeReversed ? filter : `${filter} AND e.reversed_at IS NULL`;
  const n = params.length;
  const [count, page, sums] = await Promise.all([
    sql.query<{ total: string }>(
      `SELECT count(*)::text AS total FROM accounting_entries e WHERE ${listed}`,
      params,
    ),
    sql.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM accounting_entries e WHERE ${listed}
        ORDER BY e.date DESC, e.created_at DESC, e.id LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.limit, query.offset],
    ),
    // A reversed entry stays in the books for the record but moves no money.
    sql.query<{ method: AccountingMethod; type: string; amount: string }>(
      `SELECT e.method, e.type, sum(e.amount)::text AS amount FROM accounting_entries e
        WHERE ${filter} AND e.reversed_at IS NULL GROUP BY e.method, e.type`,
      params,
    ),
  ]);
  const byMethod = ACCOUNTING_METHODS.map((method) => {
    const of = (type: string) =>
      Number(sums.rows.find((r) => r.method === method && r.type === type)?.amount ?? 0);
    return { method, revenue: of('revenue'), cost: of('cost') };
  }).filter((m) => m.revenue !== 0 || m.cost !== 0);
  const revenue = byMethod.reduce((s, m) => s + m.revenue, 0);
  const cost = byMethod.reduce((s, m) => s + m.cost, 0);
  return {
    entries: page.rows.map(toEntry),
    total: Number(count.rows[0].total),
    limit: query.limit,
    offset: query.offset,
    totals: { revenue, cost, net: revenue - cost, byMethod },
  };
}

/**
 * The month view: the month's manual entries (not reversed) beside the students' payments of the same
 * month, read from the payments read model, with totals per method: what should be in the cash drawer.
 * Corrections are balance adjustments, not money that moved, so they are left out (docs/DECISIONS.md).
 */
export async function readAccountingMonth(
  sql: Sql,
  organizationId: string,
  period: string,
): Promise<AccountingMonth> {
  const bounds = periodBounds(period);
  if (!bounds) throw new RangeError(`Not a period: ${period}`);
  const { from, to } = bounds;
  const [entries, payments] = await Promise.all([
    sql.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM accounting_entries e
        WHERE e.organization_id = $1 AND e.date >= $2::timestamptz AND e.date < $3::timestamptz
          AND e.reversed_at IS NULL
        ORDER BY e.date, e.created_at, e.id`,
      [organizationId, from, to],
    ),
    sql.query<{
      id: string;
      date_ms: string;
      amount: string;
      method: string | null;
      reference_code: string | null;
      student_id: string;
      student_number: number | null;
      student_name: string | null;
      course_id: string;
      course_name: string | null;
    }>(
      `SELECT p.id, ${ms('p.date')} AS date_ms, p.amount::text AS amount, p.method, p.reference_code, p.student_id,
              s.student_number, concat_ws(' ', s.name, s.surname) AS student_name, p.course_id, c.name AS course_name
         FROM payments p
         LEFT JOIN students s ON s.id = p.student_id
         LEFT JOIN courses c ON c.id = p.course_id
        WHERE p.organization_id = $1 AND p.date >= $2::timestamptz AND p.date < $3::timestamptz
          AND p.deleted_at IS NULL AND NOT p.is_correction
        ORDER BY p.date, p.id`,
      [organizationId, from, to],
    ),
  ]);
  const paymentViews: MonthPaymentView[] = payments.rows.map((p) => ({
    id: p.id,
    date: iso(p.date_ms)!,
    amount: Number(p.amount),
    method: p.method,
    referenceCode: p.reference_code,
    studentId: p.student_id,
    studentNumber: p.student_number,
    studentName: p.student_name,
    courseId: p.course_id,
    courseName: p.course_name,
  }));
  const entryViews = entries.rows.map(toEntry);
  const lines = new Map<MonthMethodTotal['method'], MonthMethodTotal>();
  const line = (method: MonthMethodTotal['method']) => {
    let l = lines.get(method);
    if (!l) {
      l = { method, payments: 0, revenue: 0, cost: 0, net: 0 };
      lines.set(method, l);
    }
    return l;
  };
  for (const p of paymentViews) {
    const method = (ACCOUNTING_METHODS as readonly string[]).includes(p.method ?? '')
      ? (p.method as AccountingMethod)
      : 'unspecified';
    line(method).payments += p.amount;
  }
  for (const e of entryViews) line(e.method)[e.type] += e.amount;
  const order: Array<MonthMethodTotal['method']> = [...ACCOUNTING_METHODS, 'unspecified'];
  const byMethod = order
    .filter((m) => lines.has(m))
    .map((m) => {
      const l = lines.get(m)!;
      return { ...l, net: l.payments + l.revenue - l.cost };
    });
  const sum = (k: 'payments' | 'revenue' | 'cost') => byMethod.reduce((s, l) => s + l[k], 0);
  const totals = { payments: sum('payments'), revenue: sum('revenue'), cost: sum('cost') };
  const income = totals.payments + totals.revenue;
  return {
    period,
    from,
    to,
    entries: entryViews,
    payments: paymentViews,
    byMethod,
    totals: { ...totals, income, net: income - totals.cost },
  };
}
