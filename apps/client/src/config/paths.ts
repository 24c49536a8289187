/**
 * Public pages that other parts of the product own (registration and payment, product.md 2). Until their
 * routes are registered they are reached by href, which the router resolves like any internal link.
 */
export const PUBLIC_PATHS = {
  landing: '/',
  registration: '/kayit',
  payment: '/odeme',
} as const;
