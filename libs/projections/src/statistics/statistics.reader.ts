import { countAgeGroups, toLocal, type AgeGroupsAnswer } from '@okul/domain';
import type { Sql } from '../runtime/sql';

/**
 * api.md 9.4: the active students (product.md 4: an enrolment running at `now`; deleted students left out)
 * by age group on the institution's calendar day. Ages move with the calendar, not with events, so they are
 * counted at read time from the birth dates.
 */
export async function readAgeGroups(sql: Sql, organizationId: string, now: Date): Promise<AgeGroupsAnswer> {
  const r = await sql.query<{ dob_d: number | null; dob_m: number | null; dob_y: number | null }>(
    `SELECT s.dob_d, s.dob_m, s.dob_y FROM students s
      WHERE s.organization_id = $1 AND s.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM enrollments e
                     WHERE e.organization_id = $1 AND e.student_id = s.id
                       AND e.start_date <= $2::timestamptz AND (e.end_date IS NULL OR e.end_date >= $2::timestamptz))`,
    [organizationId, now.toISOString()],
  );
  const local = toLocal(now.getTime());
  const counted = countAgeGroups(
    r.rows.map((s) => ({ dobD: s.dob_d, dobM: s.dob_m, dobY: s.dob_y })),
    { year: local.year, month: local.month, day: local.day },
  );
  return { asOf: now.toISOString(), activeStudents: r.rows.length, ...counted };
}
