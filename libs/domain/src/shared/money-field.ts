import { z } from 'zod';
import { parseTl, type Kurus } from './money';

// Apart from money.ts: a screen that only shows amounts (the landing page's prices) then loads no zod.

/**
 * A zod field for a TL amount typed by a person or sent as a JSON number; its output is kuruş.
 * `maxLength` is the character limit of the form field (api.md 9.3/9.5).
 */
export function tlAmountField(errorText: string, maxLength = 20) {
  return z
    .union([z.string().max(maxLength, { error: errorText }), z.number()], { error: errorText })
    .transform((value, ctx): Kurus => {
      const kurus = parseTl(value);
      if (kurus === null) {
        ctx.addIssue({ code: 'custom', message: errorText });
        return z.NEVER;
      }
      return kurus;
    });
}
