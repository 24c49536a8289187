/**
 * Every organisation-scoped query key starts with ['org', orgId]: changing the organisation drops them
 * all at once (product.md 4), and a feature invalidates its own list with orgKey(orgId, 'courses').
 */
export const ORG_SCOPE = 'org';

export function orgKey<const T extends readonly unknown[]>(orgId: string, ...rest: T) {
  return [ORG_SCOPE, orgId, ...rest] as const;
}
