import { redirect } from '@tanstack/react-router';
import type { PanelGate } from '../../features/auth/session';
import { canAccess, homePathFor, type PanelPage } from './menu';

/**
 * The redirect a gate asks for when the current page is not the one that handles it (product.md 2,
 * "Panel gating behaviour"). `returnTo` brings a signed-out user back after login.
 */
export function throwGateRedirect(gate: PanelGate, returnTo?: string): never {
  switch (gate.kind) {
    case 'login':
      throw redirect({ to: '/giris', search: returnTo ? { redirect: returnTo } : {} });
    case 'registration':
      throw redirect({ to: '/kayit' });
    case 'verifyEmail':
      throw redirect({ to: '/giris/email-dogrulama' });
    case 'membershipInactive':
      throw redirect({ to: '/giris/odeme-tamamla' });
    case 'selectOrganization':
    case 'ready':
      throw redirect({ to: '/giris' });
  }
}

/**
 * product.md 2: only routes the current role may access are reachable. A page's beforeLoad calls this;
 * a role below the page's minimum goes to its own home page (or to /giris, which explains there is none).
 */
export function requirePage(role: number, page: Pick<PanelPage, 'minRole'>): void {
  if (canAccess(role, page)) return;
  throw redirect({ href: homePathFor(role) ?? '/giris', replace: true });
}

/** A return path from the login page's `redirect` search value: only panel paths, never another origin. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/giris/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
