import { enrollmentCoversSql } from '@okul/domain';

/** The table namer of the generation being written. */
export type T = (name: string) => string;

/** The Istanbul month of a timestamptz expression, as 'YYYY-MM'. */
export const month = (at: string) => `to_char(${at} AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM')`;
/** The Istanbul calendar day of a timestamptz expression. */
export const day = (at: string) => `(${at} AT TIME ZONE 'Europe/Istanbul')::date`;

/**
 * The per_class enrolment holding a lesson (api.md 9.3: start inclusive, end exclusive), latest start first as
 * the balance calculator picks it; its charge after the discount (balances/README.md).
 */
export const holder = (t: T, student: string, course: string, at: string) => `
  SELECT greatest(h.price - greatest(h.discount, 0), 0) AS charge
    FROM ${t('stat_enrollments')} h
   WHERE h.recorded_to IS NULL AND h.student_id = ${student} AND h.course_id = ${course}
     AND h.enrollment_type = 'per_class' AND ${enrollmentCoversSql('h.start_date', 'h.end_date', at)}
   ORDER BY h.start_date DESC, h.created_at, h.enrollment_id
   LIMIT 1`;

/** The students enrolled in a course at a lesson time (api.md 9.3: start inclusive, end exclusive). */
export const enrolledAt = (t: T, course: string, at: string) => `
  SELECT count(DISTINCT e.student_id)::int FROM ${t('stat_enrollments')} e
   WHERE e.recorded_to IS NULL AND e.course_id = ${course}
     AND ${enrollmentCoversSql('e.start_date', 'e.end_date', at)}`;
