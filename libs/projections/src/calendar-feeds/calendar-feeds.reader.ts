import type { CalendarFeedKind } from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { isActiveInstructor } from '../employees/employees.reader';

/** One live calendar feed of the organisation (getCalendarFeeds). */
export interface CalendarFeedView {
  kind: CalendarFeedKind;
  ownerId: string | null;
  token: string;
  rotatedAt: string;
}

interface Row {
  organization_id: string;
  kind: CalendarFeedKind;
  owner_id: string | null;
  token: string;
  rotated_at: Date;
}

const view = (r: Row): CalendarFeedView => ({
  kind: r.kind,
  ownerId: r.owner_id,
  token: r.token,
  rotatedAt: new Date(r.rotated_at).toISOString(),
});

/** The organisation's live feeds. */
export async function readCalendarFeeds(sql: Sql, organizationId: string): Promise<CalendarFeedView[]> {
  const r = await sql.query<Row>(
    `SELECT * FROM calendar_feeds WHERE organization_id = $1 ORDER BY kind, rotated_at`,
    [organizationId],
  );
  return r.rows.map(view);
}

/** The feed a secret token opens, or null (unknown, rotated away or revoked). */
export async function readCalendarFeedByToken(
  sql: Sql,
  token: string,
): Promise<(CalendarFeedView & { organizationId: string }) | null> {
  const r = await sql.query<Row>(`SELECT * FROM calendar_feeds WHERE token = $1`, [token]);
  return r.rows[0] ? { ...view(r.rows[0]), organizationId: r.rows[0].organization_id } : null;
}

/** Is the owner of a feed a live record of the organisation (a student not deleted, a group not deleted). */
export async function calendarFeedOwnerExists(
  sql: Sql,
  organizationId: string,
  kind: CalendarFeedKind,
  ownerId: string | null,
): Promise<boolean> {
  if (kind === 'organization') return true;
  // An instructor's feed: an active instructor of this organisation, as a schedule names them.
  if (kind === 'instructor') return ownerId !== null && isActiveInstructor(sql, organizationId, ownerId);
  const table = kind === 'student' ? 'students' : 'classes';
  const r = await sql.query(
    `SELECT 1 FROM ${table} WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [organizationId, ownerId],
  );
  return r.rows.length > 0;
}

/** What a feed's events name: the organisation (name, address as the place), course names, group titles. */
export async function readCalendarFeedLabels(
  sql: Sql,
  organizationId: string,
): Promise<{
  organizationName: string;
  address: string | null;
  courses: Map<string, string>;
  classes: Map<string, string>;
}> {
  const [org, courses, classes] = await Promise.all([
    sql.query<{ name: string; address: string | null }>(
      `SELECT name, address FROM organizations WHERE id = $1`,
      [organizationId],
    ),
    sql.query<{ id: string; name: string }>(`SELECT id, name FROM courses WHERE organization_id = $1`, [
      organizationId,
    ]),
    sql.query<{ id: string; title: string }>(`SELECT id, title FROM classes WHERE organization_id = $1`, [
      organizationId,
    ]),
  ]);
  return {
    organizationName: org.rows[0]?.name ?? '',
    address: org.rows[0]?.address ?? null,
    courses: new Map(courses.rows.map((c) => [c.id, c.name])),
    classes: new Map(classes.rows.map((c) => [c.id, c.title])),
  };
}
