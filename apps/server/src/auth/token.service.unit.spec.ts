import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config/config';
import { TokenService } from './token.service';

const tokens = () =>
  new TokenService({ jwtSecret: 's'.repeat(48), ACCESS_TOKEN_TTL_SECONDS: 60 } as AppConfig);

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers a checked token again from memory until it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
    const service = tokens();
    const token = await service.signAccess({ userId: 'u1', sessionId: 's1' });
    expect(await service.verifyAccess(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    vi.setSystemTime(new Date('2026-03-01T10:00:59.000Z'));
    expect(await service.verifyAccess(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    vi.setSystemTime(new Date('2026-03-01T10:01:00.000Z'));
    expect(await service.verifyAccess(token)).toBeNull();
    expect(await service.verifyAccess(token)).toBeNull();
  });

  it('refuses a token changed by one character, and one signed with another key', async () => {
    const service = tokens();
    const token = await service.signAccess({ userId: 'u1', sessionId: 's1' });
    expect(await service.verifyAccess(token)).not.toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = `${head}.${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expect(await service.verifyAccess(forged)).toBeNull();
    const other = new TokenService({ jwtSecret: 'o'.repeat(48), ACCESS_TOKEN_TTL_SECONDS: 60 } as AppConfig);
    expect(await other.verifyAccess(token)).toBeNull();
  });
});
