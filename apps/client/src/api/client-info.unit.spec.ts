import { describe, expect, it } from 'vitest';
import {
  CLIENT_VERSION,
  SESSION_ID_KEY,
  clientHeaders,
  detectBrowser,
  detectMobile,
  getOrCreateSessionId,
} from './client-info';
import { createTokenStore, memoryStorage } from './token-store';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
};

describe('client headers (api.md 7.1)', () => {
  it('names the browser family, checking the ones that also claim Chrome first', () => {
    expect(detectBrowser(UA.chrome)).toBe('Chrome');
    expect(detectBrowser(UA.edge)).toBe('Edge');
    expect(detectBrowser(UA.opera)).toBe('Opera');
    expect(detectBrowser(UA.firefox)).toBe('Firefox');
    expect(detectBrowser(UA.safariIphone)).toBe('Safari');
    expect(detectBrowser('')).toBe('Unknown');
  });

  it('flags mobile user agents', () => {
    expect(detectMobile(UA.safariIphone)).toBe(true);
    expect(detectMobile(UA.chrome)).toBe(false);
  });

  it('keeps one random session id in storage', () => {
    const storage = memoryStorage();
    let n = 0;
    const newId = () => `uuid-${++n}`;
    expect(getOrCreateSessionId(storage, newId)).toBe('uuid-1');
    expect(getOrCreateSessionId(storage, newId)).toBe('uuid-1');
    expect(storage.getItem(SESSION_ID_KEY)).toBe('uuid-1');
  });

  it('sends the six headers with client version 1.0.0 and Latin-1 safe values', () => {
    const h = clientHeaders({
      sessionId: 's',
      userAgent: `${UA.chrome} ğ`,
      platform: 'Windows',
      mobile: false,
    });
    expect(h).toEqual({
      'x-session-id': 's',
      'x-user-agent': `${UA.chrome} `,
      'x-platform': 'Windows',
      'x-mobile': 'false',
      'x-browser': 'Chrome',
      'x-client-version': '1.0.0',
    });
    expect(CLIENT_VERSION).toBe('1.0.0');
  });
});

describe('token store', () => {
  it('keeps the access token in storage and tells subscribers about real changes only', () => {
    const storage = memoryStorage();
    const tokens = createTokenStore(storage);
    let changes = 0;
    tokens.subscribe(() => changes++);
    tokens.set('t1');
    tokens.set('t1');
    expect(storage.getItem('access_token')).toBe('t1');
    tokens.clear();
    tokens.clear();
    expect(tokens.get()).toBeNull();
    expect(changes).toBe(2);
  });

  it('works in memory when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const tokens = createTokenStore(refusing);
    tokens.set('t');
    expect(tokens.get()).toBe('t');
  });
});
