import { z } from 'zod';

const text = z.string().nullable();

/** GET getClasses: one group (product.md 3 Group/class) with who and when; `endedMembers` see docs/DECISIONS.md. */
export const classAnswerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  courseId: z.string(),
  title: z.string(),
  ageGroup: text,
  level: text,
  description: text,
  classCode: text,
  notes: text,
  members: z.array(z.string()),
  endedMembers: z.array(z.string()),
  createdAt: z.string(),
  createdBy: text,
  editedAt: text,
  editedBy: text,
  deletedAt: text,
});

export const classesAnswerSchema = z.array(classAnswerSchema);
export type ClassView = z.infer<typeof classAnswerSchema>;
