import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@okul/domain';
import { emailReservationStream, userStream } from '@okul/domain';
import { hashPassword } from '../../src/auth/password';
import { login, projectionsCaughtUp, type SignedIn, type TestServer } from './test-server';

/**
 * A user holding a global role (admin 0, developer 1), written straight into the event store as the
 * product's own commands would (no API creates the first platform admin), then signed in.
 */
export async function seedGlobalUser(
  t: TestServer,
  globalRoleId: number,
  opts: { verified?: boolean } = {},
): Promise<SignedIn> {
  const userId = randomUUID();
  const email = `global-${globalRoleId}-${userId.slice(0, 8)}@example.com`;
  const password = 'platform-sifre-1';
  const now = new Date().toISOString();
  const metadata: EventMetadata = {
    organizationId: null,
    userId,
    ipAddress: null,
    userAgent: 'test-seed',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: now,
  };
  const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata });
  const events = [
    ev('UserRegistered', {
      userId,
      email,
      name: globalRoleId === 0 ? 'Sistem Yöneticisi' : 'Geliştirici',
      surname: null,
      phone: null,
      tckn: null,
      passwordHash: await hashPassword(password),
      registrationStatus: 'active',
      globalRoleId,
      registeredAt: now,
    }),
  ];
  if (opts.verified ?? true) events.push(ev('UserEmailVerified', { userId, email, verifiedAt: now }));
  const results = await t.server.runtime.persistence.store.appendMany([
    {
      streamId: emailReservationStream(email),
      events: [ev('EmailReserved', { email, userId })],
      expectedVersion: 'no_stream',
    },
    { streamId: userStream(userId), events, expectedVersion: 'no_stream' },
  ]);
  await projectionsCaughtUp(
    t,
    results.reduce((m, r) => (r.lastPosition > m ? r.lastPosition : m), 0n),
  );
  return login(t.http, email, password);
}
