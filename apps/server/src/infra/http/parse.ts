import { DomainError, findUnstorableText, message } from '@okul/domain';
import { z } from 'zod';

// Every answer is Turkish (issue 2): schema messages the catalogue does not word come from zod's Turkish locale.
z.config(z.locales.tr());

/**
 * Validates a request body with the shared zod schema. The first issue's message is the answer, so the
 * server says exactly what the client's form says. Unknown fields are refused by the strict schemas.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // Every schema refuses text the database cannot store (NUL, lone surrogates), whatever its fields.
  const field = findUnstorableText(body);
  if (field !== null)
    throw new DomainError('common.badText', message('common.badText', { field }), { field });
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    throw new DomainError(
      'common.unknownField',
      message('common.unknownField', { field: issue.keys.join(', ') }),
    );
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) throw new DomainError('common.badRequest');
  throw new DomainError('common.badRequest', issue.message);
}
