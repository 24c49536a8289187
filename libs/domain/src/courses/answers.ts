import { z } from 'zod';
import { isoDateTime } from '../shared/answers';

/** api.md 7.3 getCourses: one course (product.md 3 Course), sorted by index. */
export const courseSchema = z.object({
  id: z.string(),
  name: z.string(),
  courseName: z.string().optional(),
  courseExplanation: z.string(),
  code: z.string().nullable(),
  isGroupCourse: z.boolean(),
  isPrivateCourse: z.boolean(),
  index: z.number(),
  safeName: z.string(),
  coverPhoto: z.string().nullable(),
  /** Set on soft-deleted courses, which are listed apart and can be restored (product.md 4). */
  deletedAt: isoDateTime.nullable(),
  createdAt: isoDateTime.nullable().optional(),
  createdBy: z.string().nullable().optional(),
  editedAt: isoDateTime.nullable().optional(),
  editedBy: z.string().nullable().optional(),
});
export type Course = z.infer<typeof courseSchema>;
export const coursesAnswerSchema = z.array(courseSchema);
