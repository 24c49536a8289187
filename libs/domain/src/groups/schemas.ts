import { z } from 'zod';
import { message } from '../shared/messages';

/** Limits of a group's fields (the spec names none; ours, docs/DECISIONS.md). */
export const GROUP_LIMITS = { title: 200, short: 100, description: 1000, notes: 1000, members: 500 } as const;

const invalid = message('class.invalidFields');

const optionalText = (max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .nullish()
    .transform((v) => (v ? v : null));

// product.md 5 Group: title and course required; failed validation warns "Eksik veya hatalı alanlar var".
const groupFields = {
  title: z
    .string({ error: invalid })
    .trim()
    .min(1, { error: invalid })
    .max(GROUP_LIMITS.title, { error: invalid }),
  ageGroup: optionalText(GROUP_LIMITS.short),
  level: optionalText(GROUP_LIMITS.short),
  description: optionalText(GROUP_LIMITS.description),
  classCode: optionalText(GROUP_LIMITS.short),
  notes: optionalText(GROUP_LIMITS.notes),
};

// api.md 8.5: the server's rule 'courseId is required for group requests'.
const courseId = z.uuid({ error: message('class.courseRequired') });

/** POST createClass {courseId, title, ageGroup, level, description, classCode, notes}. */
export const createClassSchema = z.strictObject({ courseId, ...groupFields });

/** POST editClass {id, and the same fields}: the course cannot change (product.md 5), so it may be left out. */
export const editClassSchema = z.strictObject({
  id: z.uuid({ error: message('class.notFound') }),
  courseId: courseId.optional(),
  ...groupFields,
});

/** POST editClassMembers {id, studentIds}. */
export const editClassMembersSchema = z.strictObject({
  id: z.uuid({ error: message('class.notFound') }),
  studentIds: z
    .array(z.uuid({ error: message('common.badRequest') }), { error: invalid })
    .max(GROUP_LIMITS.members, { error: message('class.tooManyMembers') })
    .transform((ids) => [...new Set(ids)]),
});

/** POST deleteClass {id}. */
export const classIdSchema = z.strictObject({ id: z.uuid({ error: message('class.notFound') }) });

export type CreateClassInput = z.output<typeof createClassSchema>;
export type EditClassInput = z.output<typeof editClassSchema>;
export type EditClassMembersInput = z.output<typeof editClassMembersSchema>;

/** api.md 8.5: how a list names a group that has been deleted. */
export const deletedGroupLabel = (id: string) => message('class.deletedLabel', { id });
