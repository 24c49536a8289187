import { Inject, Injectable } from '@nestjs/common';
import { message } from '@okul/domain';
import { readEnrollmentStudentId, readEnrollmentsJson, type Db } from '@okul/projections';
import { z } from 'zod';
import { DB } from '../infra/tokens';

/** GET getEnrollments query: all of the organisation's enrolments, or a student's, or a course's. */
export const getEnrollmentsQuerySchema = z.strictObject({
  studentId: z.uuid({ error: message('student.notFound') }).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
});
export type GetEnrollmentsQuery = z.infer<typeof getEnrollmentsQuerySchema>;

/** Reads of the enrolments read model, through the projection's reader. */
@Injectable()
export class EnrollmentsQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** getEnrollments as JSON text, `active` at `now` (enrollments.reader.ts). */
  listJson(organizationId: string, now: Date, query: GetEnrollmentsQuery): Promise<string> {
    return readEnrollmentsJson(this.db, organizationId, now, query);
  }

  /** The student whose stream holds an enrolment of this organisation, or 404. */
  studentOf(organizationId: string, enrollmentId: string): Promise<string> {
    return readEnrollmentStudentId(this.db, organizationId, enrollmentId);
  }
}
