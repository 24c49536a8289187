import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { TEST_APP_ROLE, TEST_REDIS_URL } from '../../test/support/test-db';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

// The server as its own process, killed with SIGKILL while 16 clients send commands, then started again:
// every command the clients sent is retried with its Idempotency-Key. Nothing acknowledged may be lost,
// nothing may be stored twice, and a retry answers what the first attempt answered (never "already exists").

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

interface Sent {
  key: string;
  call: 'registerStudent' | 'addPayment' | 'addAttendance';
  body: object;
  /** The answer before the kill, when one came. */
  first?: { status: number; body: unknown };
}

describe('kill -9 of the server under load, then every command retried with its key', () => {
  let t: TestServer;
  let owner: SignedIn;
  let child: ChildProcess | null = null;
  let base = '';
  let studentId = '';
  let courseId = '';
  const jwtSecret = randomBytes(32).toString('hex');
  const prefix = `okul-kill9-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // The organisation, a student and an enrolment are made by an in-process server on the test's database,
    // which is then stopped: from here on the server is a child process on the same database.
    t = await startTestServer({ JWT_SECRET: jwtSecret, QUEUE_PREFIX: prefix });
    owner = await signUpOwner(t.http);
    const student = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/registerStudent`)
      .set(owner.auth)
      .send(studentBody(tcknSource(97)()));
    studentId = student.body.id;
    courseId = await addCourse(t, owner, 'Çello');
    const enrolled = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/addEnrollment`)
      .set(owner.auth)
      .send({ studentId, courseId, price: 200, startDate: '2025-02-01' });
    expect([student.status, enrolled.status]).toEqual([200, 200]);
    await t.server.close();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.database.drop();
  });

  async function startChild(): Promise<void> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      TEST_AIDS: 'on',
      PORT: String(port),
      DATABASE_URL: t.database.url,
      DATABASE_APP_ROLE: TEST_APP_ROLE,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      RATE_LIMIT_PREFIX: `${prefix}:rl`,
      JWT_SECRET: jwtSecret,
      MAIL_DIR: t.mailDir,
      CLIENT_DIST: '',
      LOG_LEVEL: 'error',
    };
    delete env.EVENTSTORE_URL;
    delete env.DATA_DIR;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO, env, stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      const ok = await request(base)
        .get('/api/v1/health')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > until) throw new Error('the server process did not become healthy');
      await sleep(200);
    }
  }

  const post = (s: Sent) =>
    request(base)
      .post(`/api/v1/orgs/${owner.organizationId}/${s.call}`)
      .set(owner.auth)
      .set('Idempotency-Key', s.key)
      .send(s.body);

  it('loses no acknowledged write, stores none twice, and answers every retry as the first attempt', async () => {
    const tckn = tcknSource(98);
    const sent: Sent[] = Array.from({ length: 480 }, (_, i): Sent => {
      const key = `kill9-${i}`;
      if (i % 3 === 0) return { key, call: 'registerStudent', body: studentBody(tckn()) };
      if (i % 3 === 1) return { key, call: 'addPayment', body: { studentId, courseId, amount: '10' } };
      // one lesson per request: a distinct date and hour
      const n = Math.floor(i / 3);
      const lesson = {
        day: 1 + (n % 28),
        month: 2 + (Math.floor(n / 28) % 10),
        hour: 8 + Math.floor(n / 280),
      };
      return {
        key,
        call: 'addAttendance',
        body: { courseId, attendants: [studentId], year: 2025, minute: 0, ...lesson },
      };
    });

    await startChild();
    let answered = 0;
    let next = 0;
    const client = async () => {
      while (next < sent.length) {
        const s = sent[next++];
        try {
          const r = await post(s);
          s.first = { status: r.status, body: r.body };
          answered++;
        } catch {
          // the connection died with the process: no answer for this one
        }
      }
    };
    const clients = Promise.all(Array.from({ length: 16 }, client));
    while (answered < 120) await sleep(5);
    child!.kill('SIGKILL');
    await clients;
    const unanswered = sent.filter((s) => !s.first);
    expect(unanswered.length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.first && s.first.status !== 200)).toEqual([]);

    await startChild();
    const retried: Array<{ key: string; status: number; same: boolean }> = [];
    for (let i = 0; i < sent.length; i += 16) {
      await Promise.all(
        sent.slice(i, i + 16).map(async (s) => {
          const r = await post(s);
          retried.push({
            key: s.key,
            status: r.status,
            same: !s.first || JSON.stringify(r.body) === JSON.stringify(s.first.body),
          });
        }),
      );
    }
    // every retry answered 200 (no "zaten var" refusal), and an answered one answers exactly as before
    expect(retried.filter((r) => r.status !== 200)).toEqual([]);
    expect(retried.filter((r) => !r.same)).toEqual([]);

    // each command is stored exactly once (read models catch up from their checkpoints after the restart)
    const org = `/api/v1/orgs/${owner.organizationId}`;
    const count = async (call: string, query: object): Promise<number> => {
      const r = await request(base).get(`${org}/${call}`).query(query).set(owner.auth);
      const body = r.body as { total?: number; payments?: unknown[]; attendances?: unknown[] } | unknown[];
      if (Array.isArray(body)) return body.length;
      return body.total ?? body.payments?.length ?? body.attendances?.length ?? -1;
    };
    const settled = async (call: string, query: object, expected: number): Promise<number> => {
      const until = Date.now() + 60_000;
      for (;;) {
        const n = await count(call, query);
        if (n >= expected || Date.now() > until) return n;
        await sleep(250);
      }
    };
    const of = (call: Sent['call']) => sent.filter((s) => s.call === call).length;
    expect(await settled('getStudents', {}, 1 + of('registerStudent'))).toBe(1 + of('registerStudent'));
    expect(await settled('getPayments', {}, of('addPayment'))).toBe(of('addPayment'));
    expect(await settled('getAttendances', { courseId }, of('addAttendance'))).toBe(of('addAttendance'));
    console.log(
      `[kill -9] ${sent.length} commands, ${sent.length - unanswered.length} answered before the kill, ` +
        `${unanswered.length} cut off; all ${retried.length} retries answered 200, none stored twice`,
    );
  }, 240_000);
});
