import { z } from 'zod';
import { parseDateInput } from './time';

/**
 * A date field or query parameter as the client sends it (parseDateInput: an ISO instant or a calendar day),
 * answered as ISO text in UTC; anything else is refused with `error` (a catalogue text).
 */
export const dateInputSchema = (error: string) =>
  z
    .string({ error })
    .max(40, { error })
    .transform((value, ctx) => {
      const iso = parseDateInput(value);
      if (iso === null) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return iso;
    });
