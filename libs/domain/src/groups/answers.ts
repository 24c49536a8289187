import { z } from 'zod';
import { isoDateTime } from '../shared/answers';

/** One group as getClasses answers it (product.md 3 Group/class, plus who and when). */
export const classViewSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  courseId: z.string(),
  title: z.string(),
  ageGroup: z.string().nullable(),
  level: z.string().nullable(),
  description: z.string().nullable(),
  classCode: z.string().nullable(),
  notes: z.string().nullable(),
  /** Student ids (product.md 3: members as student DBIDs). */
  members: z.array(z.string()),
  /** Members with no enrolment of the group's course running now: kept, marked (docs/DECISIONS.md). */
  endedMembers: z.array(z.string()),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
  editedBy: z.string().nullable(),
  deletedAt: isoDateTime.nullable(),
});
export type ClassView = z.infer<typeof classViewSchema>;
export const classesAnswerSchema = z.array(classViewSchema);
