import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ROLES, generateTckn, organizationStream } from '@okul/domain';
import { projectionsCaughtUp, type SignedIn, type TestServer } from './test-server';

/** A deterministic source of valid, distinct TCKNs for one test file. */
export function tcknSource(seed = 1) {
  let s = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: reproducible across runs
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
  const used = new Set<string>();
  return () => {
    for (;;) {
      const t = generateTckn(random);
      if (!used.has(t)) {
        used.add(t);
        return t;
      }
    }
  };
}

/** A valid student object of the registration form (product.md 3), overridable field by field. */
export function studentBody(tckn: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ayşe',
    surname: 'Yılmaz',
    dobD: 5,
    dobM: 3,
    dobY: 2012,
    regD: 6,
    regM: 1,
    regY: 2025,
    TCKN: tckn,
    email: 'ayse@example.com',
    phone: '5321234567',
    studentPhoneOptInStatus: 'ONAY',
    address: 'Moda Cad. No: 1, Kadıköy',
    pob: 'İstanbul',
    parent1Name: 'Fatma Yılmaz',
    parent1Phone: '5331234567',
    parent1Job: 'Öğretmen',
    ...overrides,
  };
}

/** Calls of one signed-in user on one organisation. */
export function orgApi(t: TestServer, s: SignedIn, organizationId = s.organizationId) {
  const base = `/api/v1/orgs/${organizationId}`;
  return {
    post: (call: string, body: unknown = {}) =>
      request(t.http)
        .post(`${base}/${call}`)
        .set(s.auth)
        .send(body as object),
    get: (call: string, query: Record<string, string | number> = {}) =>
      request(t.http).get(`${base}/${call}`).set(s.auth).query(query),
  };
}

/**
 * Makes `userId` a member of the organisation with `orgRoleId`, as an accepted invitation would
 * (OrganizationMemberAdded on the organisation's stream), and waits for the read models.
 */
export async function addMember(
  t: TestServer,
  organizationId: string,
  userId: string,
  orgRoleId: number = ROLES.schoolInstructor,
) {
  const { store } = t.server.runtime.persistence;
  const r = await store.append(
    organizationStream(organizationId),
    [
      {
        id: randomUUID(),
        type: 'OrganizationMemberAdded',
        data: { organizationId, userId, orgRoleId, addedAt: new Date().toISOString() },
        metadata: {
          organizationId,
          userId,
          ipAddress: null,
          userAgent: 'test',
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    'any',
  );
  await projectionsCaughtUp(t, r.lastPosition);
}

/** Adds a course and answers its id. */
export async function addCourse(t: TestServer, s: SignedIn, name: string): Promise<string> {
  const r = await orgApi(t, s).post('addCourse', { name, courseExplanation: `${name} dersi` });
  if (r.status !== 200) throw new Error(`addCourse failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}
