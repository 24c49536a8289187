import { DomainError, type Course } from '@okul/domain';
import type { Sql } from '../runtime/sql';

interface CourseRow {
  id: string;
  name: string;
  course_explanation: string;
  code: string | null;
  is_group_course: boolean;
  is_private_course: boolean;
  idx: number;
  safe_name: string;
  cover_photo: string | null;
  deleted_at: Date | null;
  created_at: Date;
  created_by: string | null;
  edited_at: Date | null;
  edited_by: string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The public fields of a course (product.md 3 Public data), as a signed-out visitor reads them. */
export type PublicCourse = Omit<Course, 'deletedAt' | 'createdAt' | 'createdBy' | 'editedAt' | 'editedBy'>;

function publicFields(c: CourseRow): PublicCourse {
  return {
    id: c.id,
    name: c.name,
    courseName: c.name,
    courseExplanation: c.course_explanation,
    code: c.code,
    isGroupCourse: c.is_group_course,
    isPrivateCourse: c.is_private_course,
    index: c.idx,
    safeName: c.safe_name,
    coverPhoto: c.cover_photo,
  };
}

// product.md 3: courses sorted ascending by index.
async function courseRows(sql: Sql, organizationId: string): Promise<CourseRow[]> {
  const r = await sql.query<CourseRow>(
    `SELECT * FROM courses WHERE organization_id = $1 ORDER BY idx, name`,
    [organizationId],
  );
  return r.rows;
}

/** getCourses for members: every course, the soft-deleted ones with deletedAt set (listed apart). */
export async function readCourses(sql: Sql, organizationId: string): Promise<Course[]> {
  return (await courseRows(sql, organizationId)).map((c) => ({
    ...publicFields(c),
    deletedAt: iso(c.deleted_at),
    createdAt: iso(c.created_at),
    createdBy: c.created_by,
    editedAt: iso(c.edited_at),
    editedBy: c.edited_by,
  }));
}

/** getCourses for visitors (product.md 4 Visitor data loading): active courses, public fields only. */
export async function readPublicCourses(sql: Sql, organizationId: string): Promise<PublicCourse[]> {
  return (await courseRows(sql, organizationId)).filter((c) => c.deleted_at === null).map(publicFields);
}

/** The index a new course takes: after the last one (product.md 3: courses sorted by index). */
export async function readNextCourseIndex(sql: Sql, organizationId: string): Promise<number> {
  const r = await sql.query<{ n: number | null }>(
    `SELECT max(idx) AS n FROM courses WHERE organization_id = $1`,
    [organizationId],
  );
  const n = r.rows[0]?.n;
  return n === null || n === undefined ? 0 : Number(n) + 1;
}

/** Course names by id, deleted courses included (old records keep naming them). */
export async function readCourseNames(sql: Sql, organizationId: string): Promise<Map<string, string>> {
  const r = await sql.query<{ id: string; name: string }>(
    `SELECT id, name FROM courses WHERE organization_id = $1`,
    [organizationId],
  );
  return new Map(r.rows.map((c) => [c.id, c.name]));
}

/** A course of this organisation that is not deleted. */
export async function courseIsOpen(sql: Sql, organizationId: string, courseId: string): Promise<boolean> {
  const r = await sql.query<{ ok: boolean }>(
    `SELECT deleted_at IS NULL AS ok FROM courses WHERE organization_id = $1 AND id = $2`,
    [organizationId, courseId],
  );
  return r.rows[0]?.ok === true;
}

/**
 * The one rule for "a course that can take new records" (enrolments, attendance, groups, grades, schedules):
 * it belongs to this organisation and is not deleted; otherwise 404 "course.notFound".
 */
export async function requireOpenCourse(sql: Sql, organizationId: string, courseId: string): Promise<void> {
  if (!(await courseIsOpen(sql, organizationId, courseId))) throw new DomainError('course.notFound');
}
