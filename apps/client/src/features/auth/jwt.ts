/**
 * The server session id inside the access token (the `sid` claim), which logout sends as `sessionId`
 * (api.md 7.2). The token is only read, never trusted: the server checks it on every call.
 */
export function sessionIdFromToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    const sid = typeof claims === 'object' && claims !== null ? (claims as { sid?: unknown }).sid : null;
    return typeof sid === 'string' && sid !== '' ? sid : null;
  } catch {
    return null;
  }
}
