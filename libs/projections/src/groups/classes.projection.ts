import type { EventOf } from '@okul/domain';
import type { ProjectionHandlers } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

/**
 * The groups (classes) of each organisation with their members (getClasses). A deleted group stays with
 * deleted_at set, so lists that still name it (grades, schedules) can show `[Silinmiş Grup ID: {id}]`.
 */
export const classesTables = ['classes'];

export const classesSchema = (t: (name: string) => string) => `
    CREATE TABLE ${t('classes')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      title text NOT NULL,
      age_group text,
      level text,
      description text,
      class_code text,
      notes text,
      members uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid,
      deleted_at timestamptz
    );
    CREATE INDEX ON ${t('classes')} (organization_id, course_id);
    CREATE INDEX ON ${t('classes')} USING gin (members);
  `;

export const classesHandlers: ProjectionHandlers = {
  ClassCreated: async ({ sql, table }, e: EventOf<'ClassCreated'>) => {
    const d = e.data;
    await sql.query(
      `INSERT INTO ${table('classes')} (id, organization_id, course_id, title, age_group, level, description, class_code, notes,
                created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) ON CONFLICT (id) DO NOTHING`,
      [
        d.classId,
        d.organizationId,
        d.courseId,
        d.title,
        d.ageGroup,
        d.level,
        d.description,
        d.classCode,
        d.notes,
        d.createdAt,
        userIdOrNull(d.createdBy),
      ],
    );
  },
  ClassEdited: async ({ sql, table }, e: EventOf<'ClassEdited'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('classes')} SET title=$2, age_group=$3, level=$4, description=$5, class_code=$6, notes=$7,
                edited_at=$8, edited_by=$9 WHERE id=$1`,
      [
        d.classId,
        d.title,
        d.ageGroup,
        d.level,
        d.description,
        d.classCode,
        d.notes,
        d.editedAt,
        userIdOrNull(d.editedBy),
      ],
    );
  },
  ClassMembersEdited: async ({ sql, table }, e: EventOf<'ClassMembersEdited'>) => {
    const d = e.data;
    await sql.query(`UPDATE ${table('classes')} SET members=$2, edited_at=$3, edited_by=$4 WHERE id=$1`, [
      d.classId,
      d.studentIds,
      d.editedAt,
      userIdOrNull(d.editedBy),
    ]);
  },
  ClassDeleted: async ({ sql, table }, e: EventOf<'ClassDeleted'>) => {
    await sql.query(`UPDATE ${table('classes')} SET deleted_at=$2 WHERE id=$1`, [
      e.data.classId,
      e.data.deletedAt,
    ]);
  },
};
