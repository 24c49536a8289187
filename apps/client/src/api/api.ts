import { commonMessages } from '@okul/domain';
import { clientHeaders, detectMobile, getOrCreateSessionId } from './client-info';
import { createApiClient } from './client';
import { uuid } from '../lib/uuid';
import { browserStorage, createTokenStore } from './token-store';

/** The browser's instances: one token store and one API client for the whole app. */
export const storage = browserStorage();
export const tokenStore = createTokenStore(storage);

const newId = uuid;

function platform(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } };
  return nav.userAgentData?.platform || navigator.platform || 'unknown';
}

export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  // the catalogue's text read from its own part: message() would put every context's texts in the entry chunk
  connectionErrorText: commonMessages['common.connection'].text,
  newIdempotencyKey: newId,
  headers: () =>
    clientHeaders({
      sessionId: getOrCreateSessionId(storage, newId),
      userAgent: navigator.userAgent,
      platform: platform(),
      mobile:
        (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile ??
        detectMobile(navigator.userAgent),
    }),
});
