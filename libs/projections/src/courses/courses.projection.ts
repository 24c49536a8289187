import type { EventOf } from '@okul/domain';
import { defineProjection } from '../runtime/projection';

/** The courses of each organisation (getCourses), deleted ones included with deletedAt set. */
export const coursesProjection = defineProjection({
  name: 'courses',
  version: 1,
  tables: ['courses'],
  schema: (t) => `
    CREATE TABLE ${t('courses')} (
      id uuid PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      course_explanation text NOT NULL,
      code text,
      is_group_course boolean NOT NULL,
      is_private_course boolean NOT NULL,
      idx int NOT NULL,
      safe_name text NOT NULL,
      cover_photo text,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL,
      created_by text,
      edited_at timestamptz,
      edited_by text
    );
    CREATE INDEX ON ${t('courses')} (organization_id, idx);
  `,
  handlers: {
    CourseAdded: async ({ sql, table }, e: EventOf<'CourseAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('courses')} (id, organization_id, name, course_explanation, code, is_group_course, is_private_course, idx, safe_name, created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
        [
          d.courseId,
          d.organizationId,
          d.name,
          d.courseExplanation,
          d.code,
          d.isGroupCourse,
          d.isPrivateCourse,
          d.index,
          d.safeName,
          e.metadata.occurredAt,
          e.metadata.userId,
        ],
      );
    },
    CourseEdited: async ({ sql, table }, e: EventOf<'CourseEdited'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('courses')} SET name=$2, course_explanation=$3, code=$4, is_group_course=$5, is_private_course=$6, idx=$7, safe_name=$8, edited_at=$9, edited_by=$10 WHERE id=$1`,
        [
          d.courseId,
          d.name,
          d.courseExplanation,
          d.code,
          d.isGroupCourse,
          d.isPrivateCourse,
          d.index,
          d.safeName,
          e.metadata.occurredAt,
          e.metadata.userId,
        ],
      );
    },
    CourseSoftDeleted: async ({ sql, table }, e: EventOf<'CourseSoftDeleted'>) => {
      await sql.query(
        `UPDATE ${table('courses')} SET deleted_at=$2, edited_at=$3, edited_by=$4 WHERE id=$1`,
        [e.data.courseId, e.data.deletedAt, e.metadata.occurredAt, e.metadata.userId],
      );
    },
    CourseResurrected: async ({ sql, table }, e: EventOf<'CourseResurrected'>) => {
      await sql.query(
        `UPDATE ${table('courses')} SET deleted_at=NULL, edited_at=$2, edited_by=$3 WHERE id=$1`,
        [e.data.courseId, e.metadata.occurredAt, e.metadata.userId],
      );
    },
    // api.md 7.5: the uploaded cover of a course (courses/{id}/cover.jpg).
    MediaUploaded: async ({ sql, table }, e: EventOf<'MediaUploaded'>) => {
      const t = e.data.target;
      if (t.kind !== 'course') return;
      await sql.query(
        `UPDATE ${table('courses')} SET cover_photo = $3 WHERE id = $1 AND organization_id = $2`,
        [t.id, e.data.organizationId, e.data.url],
      );
    },
    MediaDeleted: async ({ sql, table }, e: EventOf<'MediaDeleted'>) => {
      const t = e.data.target;
      if (t.kind !== 'course') return;
      await sql.query(
        `UPDATE ${table('courses')} SET cover_photo = NULL WHERE id = $1 AND organization_id = $2`,
        [t.id, e.data.organizationId],
      );
    },
  },
});
