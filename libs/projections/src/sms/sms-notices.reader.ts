import {
  DEFAULT_SMS_NOTICE_SETTINGS,
  type SmsNoticeDebt,
  type SmsNoticeLesson,
  type SmsNoticeSettings,
} from '@okul/domain';
import { readDuePayments } from '../balances/balances.reader';
import type { Sql } from '../runtime/sql';
import { readOccurrences } from '../schedules/schedules.reader';

/** The organisation's automatic notices, or the defaults (all off) when staff never saved them. */
export async function readSmsNoticeSettings(sql: Sql, organizationId: string): Promise<SmsNoticeSettings> {
  const r = await sql.query<{ settings: string }>(
    `SELECT settings FROM sms_notice_settings WHERE organization_id = $1`,
    [organizationId],
  );
  return r.rows[0] ? (JSON.parse(r.rows[0].settings) as SmsNoticeSettings) : DEFAULT_SMS_NOTICE_SETTINGS;
}

/** Organisations with at least one automatic notice switched on (the scheduled job's round). */
export async function readSmsNoticeOrganizations(sql: Sql): Promise<string[]> {
  const r = await sql.query<{ organization_id: string }>(
    `SELECT n.organization_id FROM sms_notice_settings n JOIN organizations o ON o.id = n.organization_id
      WHERE n.enabled AND NOT o.deactivated ORDER BY n.organization_id`,
  );
  return r.rows.map((x) => x.organization_id);
}

async function courseNames(sql: Sql, organizationId: string): Promise<Map<string, string>> {
  const r = await sql.query<{ id: string; name: string }>(
    `SELECT id, name FROM courses WHERE organization_id = $1`,
    [organizationId],
  );
  return new Map(r.rows.map((c) => [c.id, c.name]));
}

/** What each student owes per course now (balances read model), for the debt warning. */
export async function readSmsNoticeDebts(
  sql: Sql,
  organizationId: string,
  now: string,
): Promise<SmsNoticeDebt[]> {
  const [due, names] = await Promise.all([
    readDuePayments(sql, organizationId, now),
    courseNames(sql, organizationId),
  ]);
  return due
    .filter((d) => d.owed > 0)
    .map((d) => ({ studentId: d.studentId, courseName: names.get(d.courseId) ?? '', owed: d.owed }));
}

/**
 * The lessons of [from, to) with the students expected in each (the schedule's students and groups' members
 * enrolled at its start) and, where an attendance was taken, the students it lists.
 */
export async function readSmsNoticeLessons(
  sql: Sql,
  organizationId: string,
  from: string,
  to: string,
): Promise<SmsNoticeLesson[]> {
  const [lessons, names] = await Promise.all([
    readOccurrences(sql, organizationId, { from, to, members: true }),
    courseNames(sql, organizationId),
  ]);
  const taken = [...new Set(lessons.map((l) => l.attendanceId).filter((id): id is string => id !== null))];
  const attendants = new Map<string, string[]>();
  if (taken.length > 0) {
    const r = await sql.query<{ id: string; attendants: string[] }>(
      `SELECT id, attendants FROM attendances WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, taken],
    );
    for (const a of r.rows) attendants.set(a.id, a.attendants);
  }
  return lessons.map((l) => ({
    lessonId: l.id,
    courseName: names.get(l.courseId) ?? '',
    start: l.start,
    end: l.end,
    memberIds: l.memberIds ?? [],
    attendantIds: l.attendanceId === null ? null : (attendants.get(l.attendanceId) ?? []),
  }));
}
