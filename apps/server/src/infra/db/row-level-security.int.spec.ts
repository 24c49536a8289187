import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTables, rebuildProjection, type Sql } from '@okul/projections';
import { addCourse, orgApi, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import { TEST_APP_ROLE } from '../../../test/support/test-db';
import { currentOrganization, withOrganization } from '../organization-scope';
import { createPgDb } from './pg-db';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';

let t: TestServer;
let a: SignedIn;
let b: SignedIn;
const tckn = tcknSource(71);

/** One organisation's student with a payment, through the API. */
async function studentWithPayment(s: SignedIn) {
  const api = orgApi(t, s);
  const course = await addCourse(t, s, 'Keman');
  const student = await api.post('registerStudent', studentBody(tckn()));
  expect(student.status).toBe(200);
  const payment = await api.post('addPayment', {
    studentId: student.body.id,
    courseId: course,
    amount: '100',
    method: 'cash',
  });
  expect(payment.status).toBe(200);
  return { studentId: student.body.id as string, paymentId: payment.body.id as string };
}

/** A connection of the API's role, as the API's pool opens them. */
async function appConnection(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: t.database.url, options: `-c role=${TEST_APP_ROLE}` });
  await c.connect();
  return c;
}

/** Runs `fn` in a transaction of the app role with `organizationId` set as the API sets it. */
async function asOrganization<T>(organizationId: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = await appConnection();
  try {
    await c.query('BEGIN');
    await c.query(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
    return await fn(c);
  } finally {
    await c.query('ROLLBACK').catch(() => undefined);
    await c.end();
  }
}

const count = async (c: pg.Client, sql: string, params: unknown[]) =>
  Number((await c.query<{ n: string }>(sql, params)).rows[0].n);

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  await studentWithPayment(a);
  await studentWithPayment(b);
});
afterAll(async () => t?.close());

describe('the catalogue', () => {
  /** Every relation of the schema with an organisation column, and what is missing on it. */
  async function unprotected() {
    const tables = await organizationTables(t.database.db);
    const missing = tables
      .filter((x) => (x.kind === 'v' ? !x.invoker : !(x.enabled && x.forced && x.policy)))
      .map((x) => x.name);
    return { tables: tables.map((x) => x.name), missing };
  }

  it('finds row-level security enabled, forced and a policy on every table with organization_id', async () => {
    const { tables, missing } = await unprotected();
    // The event store, the runner's parked events and the generation tables of the read models are all there.
    expect(tables).toEqual(
      expect.arrayContaining(['events', 'projection_parked', 'students', 'payments', 'student_data_keys']),
    );
    expect(tables.some((x) => /^students__g\d+$/.test(x))).toBe(true);
    expect(tables.some((x) => /^org_members__g\d+$/.test(x))).toBe(true);
    expect(missing).toEqual([]);
  });

  it('keeps it on the generation a rebuild creates and on the view swapped to it', async () => {
    const { persistence, runner } = t.server.runtime;
    const students = runner.projections.find((p) => p.name === 'students')!;
    const rebuilt = await rebuildProjection(persistence.ownerDb, persistence.store, students);
    const { tables, missing } = await unprotected();
    expect(tables).toContain(`students__g${rebuilt.generation}`);
    expect(missing).toEqual([]);
  });

  it('runs the API as a role that neither bypasses row-level security nor owns a table', async () => {
    const r = await t.database.db.query<{ super: boolean; bypass: boolean; owned: string }>(
      `SELECT r.rolsuper AS super, r.rolbypassrls AS bypass,
              (SELECT count(*) FROM pg_class c WHERE c.relowner = r.oid)::text AS owned
         FROM pg_roles r WHERE r.rolname = $1`,
      [TEST_APP_ROLE],
    );
    expect(r.rows).toEqual([{ super: false, bypass: false, owned: '0' }]);
    const api = await t.server.runtime.persistence.db.query<{ user: string }>(`SELECT current_user AS user`);
    expect(api.rows[0].user).toBe(TEST_APP_ROLE);
  });
});

describe('the app role with organisation A set', () => {
  it("sees none of B's events, students or payments, and its own", async () => {
    const seen = await asOrganization(a.organizationId, async (c) => ({
      events: await count(c, `SELECT count(*) AS n FROM events WHERE organization_id = $1`, [
        b.organizationId,
      ]),
      students: await count(c, `SELECT count(*) AS n FROM students WHERE organization_id = $1`, [
        b.organizationId,
      ]),
      payments: await count(c, `SELECT count(*) AS n FROM payments WHERE organization_id = $1`, [
        b.organizationId,
      ]),
      allStudents: await count(c, `SELECT count(*) AS n FROM students`, []),
      members: await count(c, `SELECT count(*) AS n FROM org_members WHERE organization_id = $1`, [
        b.organizationId,
      ]),
      ownStudents: await count(c, `SELECT count(*) AS n FROM students WHERE organization_id = $1`, [
        a.organizationId,
      ]),
      ownPayments: await count(c, `SELECT count(*) AS n FROM payments WHERE organization_id = $1`, [
        a.organizationId,
      ]),
      ownEvents: await count(c, `SELECT count(*) AS n FROM events WHERE organization_id = $1`, [
        a.organizationId,
      ]),
    }));
    expect(seen).toEqual({
      events: 0,
      students: 0,
      payments: 0,
      allStudents: 1,
      members: 0,
      ownStudents: 1,
      ownPayments: 1,
      ownEvents: expect.any(Number),
    });
    expect(seen.ownEvents).toBeGreaterThan(0);
  });

  it('sees no organisation at all when none is set', async () => {
    const c = await appConnection();
    try {
      expect(await count(c, `SELECT count(*) AS n FROM students`, [])).toBe(0);
      expect(await count(c, `SELECT count(*) AS n FROM events WHERE organization_id IS NOT NULL`, [])).toBe(
        0,
      );
    } finally {
      await c.end();
    }
  });

  it("is refused a row of B in a read model, and cannot change B's rows", async () => {
    for (const table of ['students', 'payments']) {
      const insert = asOrganization(a.organizationId, (c) =>
        c.query(`INSERT INTO ${table} (id, organization_id) VALUES (gen_random_uuid(), $1)`, [
          b.organizationId,
        ]),
      );
      await expect(insert).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/row-level security/),
      });
      const update = await asOrganization(a.organizationId, (c) =>
        c.query(`UPDATE ${table} SET organization_id = organization_id WHERE organization_id = $1`, [
          b.organizationId,
        ]),
      );
      expect(update.rowCount).toBe(0);
    }
  });

  it('cannot write events at all: appends belong to the event store (the owner)', async () => {
    const insert = asOrganization(a.organizationId, (c) =>
      c.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
         VALUES (gen_random_uuid(), 'student-x', 0, 'X', '{}', jsonb_build_object('organizationId', $1::text))`,
        [a.organizationId],
      ),
    );
    await expect(insert).rejects.toMatchObject({ code: '42501' });
  });
});

describe("the API's pool on one connection", () => {
  it('answers every query for the organisation it runs under, as the organisations change, in and out of transactions', async () => {
    // One connection, so each query finds the organisation the previous one left on its session.
    const db = createPgDb(t.database.url, {
      max: 1,
      applicationName: 'okul-test-writes-rls',
      role: TEST_APP_ROLE,
      organization: currentOrganization,
    });
    const students = async (sql: Sql = db) =>
      (await sql.query<{ org: string }>('SELECT organization_id::text AS org FROM students')).rows.map(
        (r) => r.org,
      );
    try {
      expect(await withOrganization(a.organizationId, () => students())).toEqual([a.organizationId]);
      expect(await withOrganization(b.organizationId, () => students())).toEqual([b.organizationId]);
      expect(await students()).toEqual([]);
      expect(await withOrganization(a.organizationId, () => db.transaction(students))).toEqual([
        a.organizationId,
      ]);
      expect(await withOrganization(b.organizationId, () => students())).toEqual([b.organizationId]);
      expect(await withOrganization(a.organizationId, () => db.transaction(students))).toEqual([
        a.organizationId,
      ]);
      expect(await withOrganization(b.organizationId, () => students())).toEqual([b.organizationId]);
      expect(await db.transaction(students)).toEqual([]);
      expect(await students()).toEqual([]);
      await expect(withOrganization(a.organizationId, () => db.query('SELECT 1/0'))).rejects.toThrow();
      expect(await students()).toEqual([]);
      expect(await withOrganization(a.organizationId, () => students())).toEqual([a.organizationId]);
    } finally {
      await db.close();
    }
  });
});

describe('through the API', () => {
  it("answers a foreign organisation's list with a refusal, and a malformed organisation id without a 5xx", async () => {
    const foreign = await orgApi(t, a, b.organizationId).get('getStudents');
    expect(foreign.status).toBe(403);
    const own = await orgApi(t, a).get('getStudents');
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    const bad = await request(t.http).get('/api/v1/orgs/not-an-id/getStudents').set(a.auth);
    expect(bad.status).toBeLessThan(500);
    expect(bad.status).toBeGreaterThanOrEqual(400);
  });
});
