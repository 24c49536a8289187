import { z } from 'zod';

/**
 * GET /api/v1/publicInfo: what the public pages need from the server's configuration (the company details
 * of the legal texts of product.md 2) and whether the test-only aids exist (spec README: outside production).
 */
export const publicInfoSchema = z.object({
  testAids: z.boolean(),
  company: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    kep: z.string(),
    taxOffice: z.string(),
    taxNumber: z.string(),
    mersis: z.string(),
    tradeRegistry: z.string(),
    chamber: z.string(),
  }),
});
export type PublicInfo = z.infer<typeof publicInfoSchema>;
