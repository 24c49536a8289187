import { DomainError, findUnstorableText, message } from '@okul/domain';
import { z } from 'zod';
import { validationRefusal } from './error.filter';

// Every answer is Turkish (api.md 8): schema messages the catalogue does not word come from zod's Turkish locale.
z.config(z.locales.tr());

/**
 * Validates a request body with the shared zod schema; a failure is refused as the error filter words it
 * (validationRefusal), so the server says exactly what the client's form says.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // Every schema refuses text the database cannot store (NUL, lone surrogates), whatever its fields.
  const field = findUnstorableText(body);
  if (field !== null)
    throw new DomainError('common.badText', message('common.badText', { field }), { field });
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw validationRefusal(r.error);
}
