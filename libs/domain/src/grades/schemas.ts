import { z } from 'zod';
import { message } from '../shared/messages';

const invalid = message('grade.invalid');

/** Limits (ours, docs/DECISIONS.md): a grade is text such as "85" or "AA". */
export const GRADE_LIMITS = { value: 50, period: 100, notes: 1000 } as const;

const optionalText = (max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .nullish()
    .transform((v) => (v ? v : null));

const gradeValue = z
  .union([z.string(), z.number()], { error: invalid })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0 && v.length <= GRADE_LIMITS.value, { error: invalid });

const classId = z
  .uuid({ error: message('grade.classInvalid') })
  .nullish()
  .transform((v) => v ?? null);

/** POST addGrade {classId, courseId, studentId, gradeValue, gradePeriod, notes}. */
export const addGradeSchema = z.strictObject({
  courseId: z.uuid({ error: message('grade.courseRequired') }),
  studentId: z.uuid({ error: message('grade.studentNotFound') }),
  classId,
  gradeValue,
  gradePeriod: optionalText(GRADE_LIMITS.period),
  notes: optionalText(GRADE_LIMITS.notes),
});

/** POST editGrade {id, classId, gradeValue, gradePeriod, notes}. */
export const editGradeSchema = z.strictObject({
  id: z.uuid({ error: message('grade.notFound') }),
  classId,
  gradeValue,
  gradePeriod: optionalText(GRADE_LIMITS.period),
  notes: optionalText(GRADE_LIMITS.notes),
});

/** POST deleteGrade {id}. */
export const gradeIdSchema = z.strictObject({ id: z.uuid({ error: message('grade.notFound') }) });

export type AddGradeInput = z.output<typeof addGradeSchema>;
export type EditGradeInput = z.output<typeof editGradeSchema>;
