import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@okul/domain';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../cli/main.ts', import.meta.url));

let t: TestServer;
let a: SignedIn;
let b: SignedIn;
const school: Record<'a' | 'b', { course: string; student: string }> = {
  a: { course: '', student: '' },
  b: { course: '', student: '' },
};
const tckn = tcknSource(77);

/** The operators' CLI in its own process on the test server's database. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test' };
  delete env.EVENTSTORE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO, env });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout }));
  });
}

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  for (const [key, s] of [
    ['a', a],
    ['b', b],
  ] as const) {
    school[key].course = await addCourse(t, s, 'Keman');
    const st = await orgApi(t, s).post('registerStudent', studentBody(tckn()));
    expect(st.status).toBe(200);
    school[key].student = st.body.id as string;
  }
}, 120_000);
afterAll(async () => t?.close());

const pay = (s: SignedIn, key: 'a' | 'b', amount: string) =>
  orgApi(t, s).post('addPayment', {
    studentId: school[key].student,
    courseId: school[key].course,
    amount,
    method: 'cash',
  });
const sheet = (s: SignedIn, key: 'a' | 'b') =>
  orgApi(t, s).post('getStudentBalanceSheet', { id: school[key].student });

/** The list of stale organisations is re-read at most every 250 ms: the 503 shows within moments of the park. */
async function sheetOnceStale(s: SignedIn, key: 'a' | 'b') {
  // Generous for a loaded machine: the wait ends as soon as the 503 shows.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await sheet(s, key);
    if (r.status === 503 || Date.now() > deadline) return r;
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('a projection that cannot apply an event of one organisation', () => {
  it('parks it: that organisation reads 503 from that read model, the others keep projecting, a retry after the fix clears it', async () => {
    const db = t.database.db;
    const gen = await db.query<{ g: number }>(
      `SELECT active_generation AS g FROM projection_state WHERE name = 'balances'`,
    );
    const table = `balance_payments__g${gen.rows[0].g}`;
    // The defect: the balances projection throws on organisation A's payments (a handler bug, as a trigger).
    await db.exec(`
      CREATE FUNCTION stale_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.organization_id::text = '${a.organizationId}' THEN RAISE EXCEPTION 'cannot project this payment'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER stale_test BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION stale_test_refuse();
    `);
    expect((await sheet(a, 'a')).body).toEqual([]);
    expect((await pay(a, 'a', '100')).status).toBe(200);

    // A's balance reads answer the stale error; A's other read models still answer.
    const stale = await sheetOnceStale(a, 'a');
    expect(stale.status).toBe(503);
    expect(stale.body).toEqual({ error: message('common.readModelStale'), code: 'common.readModelStale' });
    const payments = await orgApi(t, a).get('getPayments', { studentId: school.a.student });
    expect(payments.status).toBe(200);
    expect(payments.body).toHaveLength(1);

    // B keeps projecting: each payment shows in its balance sheet at once.
    expect((await pay(b, 'b', '250')).status).toBe(200);
    const b1 = await sheet(b, 'b');
    expect(b1.status).toBe(200);
    expect(b1.body).toEqual([expect.objectContaining({ type: 'payment', amount: 25000 })]);
    expect((await pay(b, 'b', '40')).status).toBe(200);
    expect((await sheet(b, 'b')).body).toHaveLength(2);

    // A's later payments queue behind the parked one.
    expect((await pay(a, 'a', '7')).status).toBe(200);
    expect((await sheetOnceStale(a, 'a')).status).toBe(503);

    // Operators see it: health (still 200, one organisation stale) and the CLI.
    const health = await request(t.http).get('/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body.projections.find((p: { name: string }) => p.name === 'balances')).toMatchObject({
      parked: 2,
      staleOrganizations: 1,
    });
    const status = await cli(['projections', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Parked events');
    const line = status.stdout
      .split('\n')
      .find((l) => l.split(/\s+/)[0] === 'balances' && l.split(/\s+/)[1] === a.organizationId);
    expect(line).toContain('cannot project this payment');
    expect(line?.split(/\s+/)[2]).toBe('2');

    // A retry before the fix leaves them parked (exit 1).
    const early = await cli(['projections', 'retry', '--projection', 'balances']);
    expect(early.code).toBe(1);
    expect(early.stdout).toContain('2 still parked');
    expect((await sheetOnceStale(a, 'a')).status).toBe(503);

    // The fix, then the retry: applied in order, A reads again with both payments.
    await db.exec(`DROP TRIGGER stale_test ON ${table}; DROP FUNCTION stale_test_refuse();`);
    const retry = await cli(['projections', 'retry', '--org', a.organizationId]);
    expect(retry.stdout).toContain(`balances ${a.organizationId}: 2 events applied, up to date`);
    expect(retry.code).toBe(0);
    let fresh = await sheet(a, 'a');
    const freshBy = Date.now() + 30_000;
    while (fresh.status === 503 && Date.now() < freshBy) {
      await new Promise((r) => setTimeout(r, 50)); // the API re-reads the stale list every 250 ms
      fresh = await sheet(a, 'a');
    }
    expect(fresh.status).toBe(200);
    expect((fresh.body as Array<{ amount: number }>).map((e) => e.amount).sort((x, y) => x - y)).toEqual([
      700, 10000,
    ]);
    expect((await pay(a, 'a', '1')).status).toBe(200);
    expect((await sheet(a, 'a')).body).toHaveLength(3);
  }, 180_000);
});
