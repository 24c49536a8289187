import type { EventOf } from '@okul/domain';
import type { BatchHandler } from '../runtime/projection';
import { recordset } from '../runtime/recordset';
import type { Sql } from '../runtime/sql';
import { day, enrolledAt, holder, month, type T } from './statistics.sql';

/** The frequent event types the batch handler folds; the rare edits and deletions go event by event. */
export const STATISTICS_BATCH_TYPES = ['AttendanceAdded', 'PaymentAdded'] as const;

interface Line {
  pos: number;
  organization_id: string;
  student_id: string;
  course_id: string;
  kind: 'charge' | 'payment';
  ts: string;
  recorded_at: string;
  delta: string;
}

interface LedgerRow {
  organization_id: string;
  metric: string;
  ts: string;
  dim: string;
  recorded_at: string;
  delta: string;
}

/**
 * A run of lessons and payments added, written with a few multi-row statements and leaving the tables exactly
 * as the one-by-one handlers would: the prices and enrolled counts read only stat_enrollments, which these
 * events do not change, and every event still refreshes the debt accounts it would have refreshed (those with
 * a stat_debt line of its organisation recorded at its moment, the lines of the run up to it included), each
 * with a version computed from the lines up to that event.
 */
export const statisticsBatch: BatchHandler<(typeof STATISTICS_BATCH_TYPES)[number]> = async (
  { sql, table: t },
  events,
) => {
  const lessons: Array<{ pos: number; d: EventOf<'AttendanceAdded'>['data']; at: string }> = [];
  const payments: Array<{ pos: number; d: EventOf<'PaymentAdded'>['data']; at: string }> = [];
  events.forEach((e, pos) => {
    const at = e.metadata.occurredAt as string;
    if (e.type === 'AttendanceAdded') lessons.push({ pos, d: e.data, at });
    else payments.push({ pos, d: e.data, at });
  });
  const lines: Line[] = [];
  const ledger: LedgerRow[] = [];

  if (payments.length > 0) {
    await sql.query(
      `INSERT INTO ${t('stat_payments')} (id, organization_id, student_id, course_id, amount, date, counted, active)
       SELECT id, organization_id, student_id, course_id, amount, date, counted, true
         FROM ${recordset('$1', 'id uuid, organization_id uuid, student_id uuid, course_id uuid, amount bigint, date timestamptz, counted boolean')}`,
      [
        JSON.stringify(
          payments.map(({ d }) => ({
            id: d.paymentId,
            organization_id: d.organizationId,
            student_id: d.studentId,
            course_id: d.courseId,
            amount: d.amount,
            date: d.date,
            counted: !d.isCorrection,
          })),
        ),
      ],
    );
    for (const { pos, d, at } of payments) {
      lines.push({
        pos,
        organization_id: d.organizationId,
        student_id: d.studentId,
        course_id: d.courseId,
        kind: 'payment',
        ts: d.date,
        recorded_at: at,
        delta: String(d.amount),
      });
      if (!d.isCorrection)
        ledger.push({
          organization_id: d.organizationId,
          metric: 'collections',
          ts: d.date,
          dim: '',
          recorded_at: at,
          delta: String(d.amount),
        });
    }
  }

  if (lessons.length > 0) {
    const charges = await priceLessons(sql, t, lessons);
    const enrolled = await insertAttendances(sql, t, lessons);
    for (const { pos, d, at } of lessons) {
      let sum = 0n;
      for (const s of d.attendants) {
        const charge = charges.get(`${d.attendanceId} ${s}`) ?? 0n;
        sum += charge;
        if (charge !== 0n)
          lines.push({
            pos,
            organization_id: d.organizationId,
            student_id: s,
            course_id: d.courseId,
            kind: 'charge',
            ts: d.timestamp,
            recorded_at: at,
            delta: charge.toString(),
          });
      }
      if (sum !== 0n)
        ledger.push({
          organization_id: d.organizationId,
          metric: 'lesson_charges',
          ts: d.timestamp,
          dim: '',
          recorded_at: at,
          delta: sum.toString(),
        });
      const counts: Array<[string, number]> = [
        ['lessons', 1],
        ['attendees', d.attendants.length],
        ['enrolled', enrolled.get(d.attendanceId) ?? 0],
      ];
      for (const dim of [`course:${d.courseId}`, `instructor:${d.instructorId ?? ''}`])
        for (const [metric, value] of counts)
          ledger.push({
            organization_id: d.organizationId,
            metric,
            ts: d.timestamp,
            dim,
            recorded_at: at,
            delta: String(value),
          });
    }
  }

  if (ledger.length > 0)
    await sql.query(
      `INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
       SELECT organization_id, metric, ${month('ts')}, dim, recorded_at, delta
         FROM ${recordset('$1', 'organization_id uuid, metric text, ts timestamptz, dim text, recorded_at timestamptz, delta bigint')}`,
      [JSON.stringify(ledger)],
    );

  await refreshAccounts(
    sql,
    t,
    lines,
    events.map((e, pos) => ({
      pos,
      organization_id: e.data.organizationId as string,
      rec: e.metadata.occurredAt as string,
    })),
  );
};

/** The lessons' rows priced by the enrolments holding them (as the one-by-one handler's holder), by lesson and student. */
async function priceLessons(
  sql: Sql,
  t: T,
  lessons: Array<{ d: EventOf<'AttendanceAdded'>['data'] }>,
): Promise<Map<string, bigint>> {
  const rows = lessons.flatMap(({ d }) =>
    d.attendants.map((s) => ({
      attendance_id: d.attendanceId,
      student_id: s,
      organization_id: d.organizationId,
      course_id: d.courseId,
      at: d.timestamp,
    })),
  );
  const charges = new Map<string, bigint>();
  if (rows.length === 0) return charges;
  const r = await sql.query<{ attendance_id: string; student_id: string; charge: string }>(
    `INSERT INTO ${t('stat_lessons')} (attendance_id, student_id, organization_id, course_id, at, charge)
     SELECT x.attendance_id, x.student_id, x.organization_id, x.course_id, x.at, coalesce(h.charge, 0)
       FROM ${recordset('$1', 'attendance_id uuid, student_id uuid, organization_id uuid, course_id uuid, at timestamptz')}
       LEFT JOIN LATERAL (${holder(t, 'x.student_id', 'x.course_id', 'x.at')}) h ON true
     RETURNING attendance_id, student_id, charge::text`,
    [JSON.stringify(rows)],
  );
  for (const row of r.rows) charges.set(`${row.attendance_id} ${row.student_id}`, BigInt(row.charge));
  return charges;
}

/** The lessons' counts, with the students enrolled in the course at each (as the one-by-one handler counts them). */
async function insertAttendances(
  sql: Sql,
  t: T,
  lessons: Array<{ d: EventOf<'AttendanceAdded'>['data'] }>,
): Promise<Map<string, number>> {
  const r = await sql.query<{ attendance_id: string; enrolled: number }>(
    `INSERT INTO ${t('stat_attendances')} (attendance_id, organization_id, course_id, instructor_id, at, attendees, enrolled)
     SELECT x.attendance_id, x.organization_id, x.course_id, x.instructor_id, x.at, x.attendees,
            (${enrolledAt(t, 'x.course_id', 'x.at')})
       FROM ${recordset('$1', 'attendance_id uuid, organization_id uuid, course_id uuid, instructor_id uuid, at timestamptz, attendees int')}
     RETURNING attendance_id, enrolled`,
    [
      JSON.stringify(
        lessons.map(({ d }) => ({
          attendance_id: d.attendanceId,
          organization_id: d.organizationId,
          course_id: d.courseId,
          instructor_id: d.instructorId,
          at: d.timestamp,
          attendees: d.attendants.length,
        })),
      ),
    ],
  );
  return new Map(r.rows.map((row) => [row.attendance_id, row.enrolled]));
}

/**
 * The one-by-one handlers' refresh of the debt accounts (statistics.projection.ts refreshAccounts) for every
 * event of the run at once: the run's stat_debt lines are tagged with their event's position, so each event's
 * accounts and versions are computed from the lines written before the run and those of the run up to it
 * (this statement does not see its own inserts). An account refreshed by several events of the run gets one
 * version from each, closed by the next.
 */
async function refreshAccounts(
  sql: Sql,
  t: T,
  lines: Line[],
  events: Array<{ pos: number; organization_id: string; rec: string }>,
) {
  await sql.query(
    `WITH nl AS (
       SELECT * FROM ${recordset('$1', 'pos int, organization_id uuid, student_id uuid, course_id uuid, kind text, ts timestamptz, recorded_at timestamptz, delta bigint')}
     ),
     ev AS (SELECT * FROM ${recordset('$2', 'pos int, organization_id uuid, rec timestamptz')}),
     ins AS (
       INSERT INTO ${t('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
       SELECT organization_id, student_id, course_id, kind, ${day('ts')}, recorded_at, delta FROM nl
     ),
     acc AS (
       SELECT ev.pos, ev.rec, d.organization_id, d.student_id, d.course_id
         FROM ev JOIN ${t('stat_debt')} d ON d.organization_id = ev.organization_id AND d.recorded_at = ev.rec
       UNION
       SELECT ev.pos, ev.rec, n.organization_id, n.student_id, n.course_id
         FROM ev JOIN nl n ON n.organization_id = ev.organization_id AND n.recorded_at = ev.rec AND n.pos <= ev.pos
     ),
     lines AS (
       SELECT acc.pos, acc.student_id, acc.course_id, d.kind, d.day, d.delta
         FROM acc JOIN ${t('stat_debt')} d ON d.student_id = acc.student_id AND d.course_id = acc.course_id
       UNION ALL
       SELECT acc.pos, acc.student_id, acc.course_id, n.kind, ${day('n.ts')}, n.delta
         FROM acc JOIN nl n ON n.student_id = acc.student_id AND n.course_id = acc.course_id AND n.pos <= acc.pos
     ),
     g AS (
       SELECT pos, student_id, course_id, day,
              CASE WHEN kind = 'charge' THEN sum(delta) ELSE -sum(delta) END AS debit
         FROM lines
        GROUP BY pos, student_id, course_id, kind, day
       HAVING sum(delta) <> 0
     ),
     w AS (
       SELECT g.pos, g.student_id, g.course_id, g.day, g.debit,
              sum(greatest(g.debit, 0)) OVER a - sum(greatest(-g.debit, 0)) OVER a AS owed,
              sum(greatest(g.debit, 0)) OVER (a ORDER BY g.day DESC ROWS UNBOUNDED PRECEDING) AS newer
         FROM g
       WINDOW a AS (PARTITION BY g.pos, g.student_id, g.course_id)
     ),
     u AS (
       SELECT w.pos, w.student_id, w.course_id, w.day, w.debit,
              CASE WHEN w.debit > 0 THEN greatest(0, least(w.debit, w.owed - (w.newer - w.debit))) ELSE 0 END
                AS unpaid
         FROM w
     ),
     ver AS (
       SELECT acc.pos, acc.rec, acc.organization_id, acc.student_id, acc.course_id,
              coalesce(sum(greatest(-u.debit, 0)), 0) AS credit, coalesce(bool_or(u.debit > 0), false) AS has_debits,
              coalesce(array_agg(u.day ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}') AS days,
              coalesce(array_agg(u.unpaid ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}') AS unpaid
         FROM acc
         LEFT JOIN u ON u.pos = acc.pos AND u.student_id = acc.student_id AND u.course_id = acc.course_id
        GROUP BY acc.pos, acc.rec, acc.organization_id, acc.student_id, acc.course_id
     ),
     seq AS (
       SELECT ver.*, lead(ver.rec) OVER s AS next_rec, row_number() OVER s AS n
         FROM ver
       WINDOW s AS (PARTITION BY ver.student_id, ver.course_id ORDER BY ver.pos)
     ),
     closed AS (
       UPDATE ${t('stat_debt_accounts')} x SET recorded_to = seq.rec
         FROM seq
        WHERE seq.n = 1 AND x.student_id = seq.student_id AND x.course_id = seq.course_id AND x.recorded_to IS NULL
     )
     INSERT INTO ${t('stat_debt_accounts')} (organization_id, student_id, course_id, recorded_from, recorded_to, credit,
            has_debits, days, unpaid)
     SELECT organization_id, student_id, course_id, rec, next_rec, credit, has_debits, days, unpaid FROM seq`,
    [JSON.stringify(lines), JSON.stringify(events)],
  );
}
