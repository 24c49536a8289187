import { z } from 'zod';

/** GET getGrades: one grade (product.md 3 Grade) with who and when. */
export const gradeAnswerSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  studentId: z.string(),
  classId: z.string().nullable(),
  gradeValue: z.string(),
  gradePeriod: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  editedAt: z.string().nullable(),
  editedBy: z.string().nullable(),
});

export const gradesAnswerSchema = z.array(gradeAnswerSchema);
export type Grade = z.infer<typeof gradeAnswerSchema>;
