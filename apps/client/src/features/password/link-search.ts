/**
 * The query of the e-mail links (/giris/reset and /giris/invite), read by the route table: kept apart from
 * the password rules (link-params.ts), so the entry chunk carries no schema.
 */
export interface LinkParams {
  email: string;
  token: string;
}

export interface LinkSearch {
  email?: string;
  token?: string;
}

/** validateSearch of the link routes: keeps non-empty strings only. */
export function readLinkSearch(search: Record<string, unknown>): LinkSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return { email: text(search.email), token: text(search.token) };
}

/** product.md 5: missing e-mail or token in the query redirects to /; this says whether both are there. */
export function linkParams(search: LinkSearch): LinkParams | null {
  return search.email && search.token ? { email: search.email, token: search.token } : null;
}
