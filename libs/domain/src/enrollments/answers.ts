import { z } from 'zod';
import { isoDateTime, kurus } from '../shared/answers';
import { ENROLLMENT_PERIOD_UNITS, ENROLLMENT_TYPES } from './schemas';

/** getEnrollments?studentId=: the Enrollment entity (money in kuruş) with its course name and state. */
export const enrollmentViewSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string().nullable(),
  studentId: z.string(),
  organizationId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  price: kurus,
  discount: kurus,
  enrollmentType: z.enum(ENROLLMENT_TYPES),
  isOfficial: z.boolean(),
  periodUnit: z.enum(ENROLLMENT_PERIOD_UNITS).nullable(),
  periodLength: z.number().nullable(),
  classesPerPeriod: z.number().nullable(),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
  editedBy: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
});
export type EnrollmentView = z.infer<typeof enrollmentViewSchema>;
export const enrollmentsAnswerSchema = z.array(enrollmentViewSchema);
