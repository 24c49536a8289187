import { enrollmentCoversSql } from '@okul/domain';

/** The table namer of the generation being written. */
export type T = (name: string) => string;

/** The Istanbul month of a timestamptz expression, as 'YYYY-MM'. */
export const month = (at: string) => `to_char(${at} AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM')`;
/** The Istanbul calendar day of a timestamptz expression. */
export const day = (at: string) => `(${at} AT TIME ZONE 'Europe/Istanbul')::date`;

/**
 * The enrolment versions of `alias` current once the event at store position `pos` was applied (every version
 * carries the positions of the events that recorded and replaced it).
 */
export const currentAt = (alias: string, pos: string) =>
  `${alias}.from_pos <= ${pos} AND (${alias}.to_pos IS NULL OR ${alias}.to_pos > ${pos})`;

/**
 * The per_class enrolment holding a lesson (api.md 9.3: start inclusive, end exclusive), latest start first as
 * the balance calculator picks it, among the versions current at store position `pos`; its charge after the
 * discount (balances/README.md).
 */
export const holder = (t: T, org: string, student: string, course: string, at: string, pos: string) => `
  SELECT greatest(h.price - greatest(h.discount, 0), 0) AS charge
    FROM ${t('stat_enrollments')} h
   WHERE h.student_id = ${student} AND h.course_id = ${course} AND h.organization_id = ${org}
     AND ${currentAt('h', pos)}
     AND h.enrollment_type = 'per_class' AND ${enrollmentCoversSql('h.start_date', 'h.end_date', at)}
   ORDER BY h.start_date DESC, h.created_at, h.enrollment_id
   LIMIT 1`;

/** Is the student enrolled in the course at a lesson time, by the versions current at position `pos`? */
export const studentEnrolledAt = (
  t: T,
  org: string,
  student: string,
  course: string,
  at: string,
  pos: string,
) => `
  EXISTS (SELECT 1 FROM ${t('stat_enrollments')} e
           WHERE e.student_id = ${student} AND e.course_id = ${course} AND e.organization_id = ${org}
             AND ${currentAt('e', pos)} AND ${enrollmentCoversSql('e.start_date', 'e.end_date', at)})`;

/**
 * The stat_debt lines (organization_id, student_id, course_id, kind, day, recorded_at, delta) of the rows `d`
 * that `where` keeps: each row holds the lines of one event, course, kind and day, one per student.
 */
export const debtLines = (where: string) => `
  (SELECT d.organization_id, u.student_id, d.course_id, d.kind, d.day, d.recorded_at, u.delta
     FROM stat_debt d CROSS JOIN LATERAL unnest(d.students, d.deltas) AS u(student_id, delta)
    WHERE ${where})`;

/**
 * The debt ageing's inputs per account (a student's course) from its stat_debt lines `d` (a relation of
 * `debtLines`, e.g. those recorded until a moment): its credit, whether it has any debit,
 * and the unpaid part of its debits by Istanbul day, payments settling the oldest first (statistics/ageing.ts
 * debtAgeing): what is unpaid is the newest debits up to debits minus credit. Debits of one day (a lesson and
 * a negative correction) are ordered by their unpaid part too, so the arrays never depend on the plan; of two
 * debits of one day (a lesson and a negative payment) the charge counts as the newer, for the same reason.
 * The projection computes the same in memory (statistics.batch.ts `ageingInputs`).
 * `accounts` is a relation of (organization_id, student_id, course_id) every answered account comes from
 * (accounts without lines answer zero and no debit).
 */
export const accountsFromLines = (debtLines: string, accounts: string) => `
  WITH g AS (
    SELECT d.organization_id, d.student_id, d.course_id, d.kind, d.day,
           CASE WHEN d.kind = 'charge' THEN sum(d.delta) ELSE -sum(d.delta) END AS debit
      FROM ${debtLines}
     GROUP BY d.organization_id, d.student_id, d.course_id, d.kind, d.day
    HAVING sum(d.delta) <> 0
  ),
  w AS (
    SELECT g.organization_id, g.student_id, g.course_id, g.day, g.debit,
           sum(greatest(g.debit, 0)) OVER a - sum(greatest(-g.debit, 0)) OVER a AS owed,
           sum(greatest(g.debit, 0)) OVER (a ORDER BY g.day DESC, g.kind ROWS UNBOUNDED PRECEDING) AS newer
      FROM g
    WINDOW a AS (PARTITION BY g.organization_id, g.student_id, g.course_id)
  ),
  u AS (
    SELECT w.organization_id, w.student_id, w.course_id, w.day, w.debit,
           CASE WHEN w.debit > 0 THEN greatest(0, least(w.debit, w.owed - (w.newer - w.debit))) ELSE 0 END AS unpaid
      FROM w
  )
  SELECT acc.organization_id, acc.student_id, acc.course_id,
         coalesce(sum(greatest(-u.debit, 0)), 0) AS credit, coalesce(bool_or(u.debit > 0), false) AS has_debits,
         coalesce(array_agg(u.day ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}') AS days,
         coalesce(array_agg(u.unpaid ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}') AS unpaid
    FROM ${accounts} acc
    LEFT JOIN u ON u.organization_id = acc.organization_id AND u.student_id = acc.student_id
               AND u.course_id = acc.course_id
   GROUP BY acc.organization_id, acc.student_id, acc.course_id`;

/**
 * The enrolment changes `ch` (q: store position, rec: moment, enrollment_id) with the version each recorded
 * (`cur`) and the one it replaced (`prev`, none when added), and the times whose holding changed: between the
 * two starts (lo1-hi1) and between the two ends (lo2-hi2), the whole range when added (`added`, and lo-hi is then
 * that same range); `terms` when the price, discount, type or start changed too (then every lesson either version
 * holds may change price: lo-hi).
 */
export const movedRanges = (t: T) => `
  SELECT ch.q, ch.rec, cur.organization_id, cur.student_id, cur.course_id,
         cur.enrollment_type = 'per_class' OR prev.enrollment_type = 'per_class' AS per_class,
         prev.enrollment_id IS NULL AS added,
         -- The whole of both versions is priced again when the terms changed, and when the start moved: the
         -- latest start holds a lesson several enrolments hold, so a moved start can hand lessons that both
         -- versions hold to or from another enrolment.
         prev.enrollment_id IS NULL OR cur.price <> prev.price OR cur.discount <> prev.discount
           OR cur.enrollment_type <> prev.enrollment_type OR cur.start_date <> prev.start_date AS terms,
         least(cur.start_date, coalesce(prev.start_date, cur.start_date)) AS lo1,
         greatest(cur.start_date, coalesce(prev.start_date, cur.start_date)) AS hi1,
         CASE WHEN prev.enrollment_id IS NULL THEN cur.start_date
              ELSE least(coalesce(cur.end_date, 'infinity'), coalesce(prev.end_date, 'infinity')) END AS lo2,
         CASE WHEN prev.enrollment_id IS NULL THEN coalesce(cur.end_date, 'infinity')
              ELSE greatest(coalesce(cur.end_date, 'infinity'), coalesce(prev.end_date, 'infinity')) END AS hi2,
         least(cur.start_date, coalesce(prev.start_date, cur.start_date)) AS lo,
         CASE WHEN cur.end_date IS NULL OR (prev.enrollment_id IS NOT NULL AND prev.end_date IS NULL) THEN 'infinity'
              ELSE greatest(cur.end_date, coalesce(prev.end_date, cur.end_date)) END AS hi
    FROM ch
    JOIN ${t('stat_enrollments')} cur ON cur.enrollment_id = ch.enrollment_id AND cur.from_pos = ch.q
    LEFT JOIN ${t('stat_enrollments')} prev ON prev.enrollment_id = ch.enrollment_id AND prev.to_pos = ch.q`;
