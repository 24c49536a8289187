import { Inject, Injectable } from '@nestjs/common';
import { message } from '@okul/domain';
import { requirePaymentTargets, readPaymentsJson, type Db } from '@okul/projections';
import { z } from 'zod';
import { DB } from '../infra/tokens';

/** GET getPayments query: all of the organisation's payments, or a student's, or a course's. */
export const getPaymentsQuerySchema = z.strictObject({
  studentId: z.uuid({ error: message('student.notFound') }).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
});
export type GetPaymentsQuery = z.infer<typeof getPaymentsQuerySchema>;

/** Reads of the payments read model, through the projection's reader. */
@Injectable()
export class PaymentsQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** getPayments as JSON text (payments.reader.ts). */
  listJson(organizationId: string, query: GetPaymentsQuery): Promise<string> {
    return readPaymentsJson(this.db, organizationId, query);
  }

  /** A payment needs a (not deleted) student and a course of this organisation; 404 otherwise. */
  requireStudentAndCourse(organizationId: string, studentId: string, courseId: string): Promise<void> {
    return requirePaymentTargets(this.db, organizationId, studentId, courseId);
  }
}
