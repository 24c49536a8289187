/** product.md 2 /mock3ds: the returned query parameters, in the order the page lists them. */
export const MOCK3DS_FIELDS = [
  'mid',
  'posnetID',
  'posnetData',
  'digest',
  'posnetData2',
  'merchantReturnURL',
  'lang',
] as const;

export type Mock3dsField = (typeof MOCK3DS_FIELDS)[number];
export type Mock3dsSearch = Partial<Record<Mock3dsField, string>>;

/** The route's search: only the known fields, only text (anything else in the address is dropped). */
export function parseMock3dsSearch(search: Record<string, unknown>): Mock3dsSearch {
  const out: Mock3dsSearch = {};
  for (const key of MOCK3DS_FIELDS) {
    const v = search[key];
    // the router parses a numeric-looking value as a number: keep its text
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[key] = String(v);
  }
  return out;
}

/**
 * api.md 7.4: GET /payment/mock/finalize takes the query /mock3ds was given (the server finds the payment
 * by posnetData and checks its digest). Empty when the page has no payment to finalise.
 */
export function finalizeQuery(search: Mock3dsSearch): string {
  if (!search.posnetData) return '';
  const q = new URLSearchParams();
  for (const key of MOCK3DS_FIELDS) {
    const v = search[key];
    if (v !== undefined) q.set(key, v);
  }
  return `?${q.toString()}`;
}
