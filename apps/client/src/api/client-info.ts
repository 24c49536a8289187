import type { KeyValueStorage } from './token-store';

/** api.md 7.1: "The client version string is 1.0.0." */
export const CLIENT_VERSION = '1.0.0';
export const SESSION_ID_KEY = 'sessionId';

/** The browser family from a user-agent string (order matters: Edge and Opera also say Chrome). */
export function detectBrowser(userAgent: string): string {
  const ua = userAgent || '';
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/YaBrowser\//.test(ua)) return 'Yandex';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Unknown';
}

export function detectMobile(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent || '');
}

/** api.md 7.1: the session id is a random UUID kept in local storage (made once, then reused). */
export function getOrCreateSessionId(storage: KeyValueStorage | null, newId: () => string): string {
  const existing = storage?.getItem(SESSION_ID_KEY);
  if (existing) return existing;
  const id = newId();
  try {
    storage?.setItem(SESSION_ID_KEY, id);
  } catch {
    // a refused storage gives a new id per page load, which the server tolerates
  }
  return id;
}

/** Header values must be Latin-1; user agents are ASCII, but a hostile or odd one must not break fetch. */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '').slice(0, 512);
}

export interface ClientInfo {
  sessionId: string;
  userAgent: string;
  platform: string;
  mobile: boolean;
}

/** api.md 7.1: session id, user agent, platform, mobile flag, browser and client version on every request. */
export function clientHeaders(info: ClientInfo): Record<string, string> {
  return {
    'x-session-id': info.sessionId,
    'x-user-agent': headerSafe(info.userAgent),
    'x-platform': headerSafe(info.platform || 'unknown'),
    'x-mobile': info.mobile ? 'true' : 'false',
    'x-browser': detectBrowser(info.userAgent),
    'x-client-version': CLIENT_VERSION,
  };
}
