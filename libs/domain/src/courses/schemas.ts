import { z } from 'zod';
import { message } from '../shared/messages';

// product.md 5: name and explanation required; explanation max 10000; names max 500.
const courseFields = {
  name: z
    .string({ error: message('course.nameMissing') })
    .trim()
    .min(1, { error: message('course.nameMissing') })
    .max(500, { error: message('course.nameTooLong') }),
  courseExplanation: z
    .string({ error: message('course.explanationMissing') })
    .trim()
    .min(1, { error: message('course.explanationMissing') })
    .max(10000, { error: message('course.explanationTooLong') }),
  code: z.string().trim().max(50).nullish(),
  isGroupCourse: z.boolean().optional(),
  isPrivateCourse: z.boolean().optional(),
  index: z.number().int().min(0).max(1_000_000).optional(),
};

export const addCourseSchema = z.strictObject(courseFields);
export const editCourseSchema = z.strictObject({
  id: z.uuid({ error: message('course.notFound') }),
  ...courseFields,
});
export const courseIdSchema = z.strictObject({ id: z.uuid({ error: message('course.notFound') }) });

export type AddCourseInput = z.infer<typeof addCourseSchema>;
export type EditCourseInput = z.infer<typeof editCourseSchema>;
