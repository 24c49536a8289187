import { Inject, Injectable } from '@nestjs/common';
import { ROLES, hasRole, message } from '@okul/domain';
import { readCourseNames, readStudentsJson, requireStudentRow, type Db } from '@okul/projections';
import { z } from 'zod';
import { DB } from '../infra/tokens';

/**
 * GET getStudents query: all students, or one (`id`, `studentNumber`), or those matching `q`; `view=list`
 * answers the lean rows of the Öğrenciler table and the pickers instead of every field.
 */
export const getStudentsQuerySchema = z.strictObject({
  view: z.enum(['full', 'list'], { error: message('common.badRequest') }).optional(),
  q: z.string().max(200).optional(),
  id: z.uuid({ error: message('student.notFound') }).optional(),
  studentNumber: z
    .string()
    .regex(/^\d{1,5}$/, { error: message('student.notFound') })
    .optional(),
});
export type GetStudentsQuery = z.infer<typeof getStudentsQuerySchema>;

/** Reads of the students read model, through the projection's reader. */
@Injectable()
export class StudentsQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** getStudents as JSON text at `now`; prices only for school-admin and up (product.md 6). */
  listJson(organizationId: string, roleId: number, now: Date, query: GetStudentsQuery) {
    return readStudentsJson(this.db, organizationId, hasRole(roleId, ROLES.schoolAdmin), now, query);
  }

  /** The student as the commands need it, or 404 for an id outside the organisation. */
  requireStudent(organizationId: string, studentId: string) {
    return requireStudentRow(this.db, organizationId, studentId);
  }

  /** Course names of the organisation by id (deleted courses included: old balances still name them). */
  async courseNames(organizationId: string): Promise<Map<string, string>> {
    return readCourseNames(this.db, organizationId);
  }
}
