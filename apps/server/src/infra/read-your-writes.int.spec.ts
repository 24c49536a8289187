import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../app';
import { loadConfig } from '../config/config';
import { ROLES } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { TEST_APP_ROLE, TEST_REDIS_URL } from '../../test/support/test-db';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

/**
 * Read-your-writes over HTTP: a command's answer means its effects are in every read model a read shows,
 * although a command of an organisation waits only for the read models authorisation reads and every other
 * one is waited for by its reads: whether this process leads the projections (its own commits answer the
 * wait) or another one does (the second instance here runs the API only and learns the checkpoints from its
 * shared poll). A command's lookups read what an earlier command wrote, on either instance; a role change or
 * a removal holds from the very next request.
 */
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
let t: TestServer;
let second: Server;
let owner: SignedIn;
let studentId: string;
let courseId: string;
const tckn = tcknSource(1407);
const ROUNDS = 10;

/** The API of a second process on the same database: no projections, no worker. */
async function startApiOnly(): Promise<Server> {
  const config = loadConfig({
    NODE_ENV: 'test',
    TEST_AIDS: 'on',
    DATABASE_URL: t.database.url,
    DATABASE_APP_ROLE: TEST_APP_ROLE,
    REDIS_URL: TEST_REDIS_URL,
    PORT: '0',
    CLIENT_DIST: '',
    MAIL_DIR: t.mailDir,
    RATE_LIMIT_PREFIX: `${t.redisPrefix}:rl`,
    QUEUE_PREFIX: t.redisPrefix,
    ROLES: 'api',
    ...secrets,
  });
  const server = await createServer(config);
  await server.app.listen(0);
  return server;
}

beforeAll(async () => {
  t = await startTestServer(secrets);
  owner = await signUpOwner(t.http);
  courseId = await addCourse(t, owner, 'Keman');
  const api = orgApi(t, owner);
  studentId = (await api.post('registerStudent', studentBody(tckn()))).body.id;
  const enrolled = await api.post('addEnrollment', {
    studentId,
    courseId,
    price: '100',
    startDate: '2025-02-01',
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  second = await startApiOnly();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** The calls of one process (its own HTTP server) for the owner. */
const on = (http: Parameters<typeof request>[0]) => {
  const base = `/api/v1/orgs/${owner.organizationId}`;
  return {
    post: (call: string, body: unknown) =>
      request(http)
        .post(`${base}/${call}`)
        .set(owner.auth)
        .send(body as object),
    get: (call: string, query: Record<string, string | number> = {}) =>
      request(http).get(`${base}/${call}`).set(owner.auth).query(query),
  };
};

/** A lesson at a minute of its own, so every write is a new attendance, within the statistics' months. */
const firstLesson = Math.floor((Date.now() - 30 * 86_400_000) / 86_400_000) * 86_400_000 + 6 * 3_600_000;
let minute = 0;
const lesson = () => {
  const at = new Date(firstLesson + minute++ * 60_000);
  return {
    courseId,
    attendants: [studentId],
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
  };
};

/**
 * Writes a lesson and a payment through `writer`, then reads at once through `reader` every read model the
 * writes reach, and expects each to show them: counts that grow by one per round, the payment by its id.
 */
async function writeThenRead(writer: ReturnType<typeof on>, reader: ReturnType<typeof on>) {
  const lessons = async () =>
    ((await reader.get('getStatistics')).body.byCourse?.[0]?.lessons ?? 0) as number;
  const paid = async () =>
    ((await reader.post('getStudentBalances', { id: studentId })).body as Array<{ paid: number }>)[0]?.paid ??
    0;
  const logged = async () =>
    ((await reader.post('requestOrgLogs', { action: 'add_payment', limit: 200 })).body.logs as unknown[])
      .length;
  const [lessonsBefore, paidBefore, loggedBefore] = [await lessons(), await paid(), await logged()];
  for (let round = 1; round <= ROUNDS; round++) {
    // Each read at once after the write it must show, no retry: a read that misses the write fails the test.
    const added = await writer.post('addAttendance', lesson());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [lessonsNow, attendances] = await Promise.all([
      lessons(),
      reader.get('getAttendances', { id: added.body.id }),
    ]);
    expect(lessonsNow).toBe(lessonsBefore + round);
    expect(attendances.body.attendances.map((a: { id: string }) => a.id)).toEqual([added.body.id]);

    const payment = await writer.post('addPayment', { studentId, courseId, amount: '10' });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const [history, loggedNow, paidNow, payments] = await Promise.all([
      reader.get('getRecordHistory', { kind: 'payment', id: payment.body.id }),
      logged(),
      paid(),
      reader.get('getPayments', { studentId }),
    ]);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.versions.map((v: { action: string }) => v.action)).toEqual(['Ödeme eklendi']);
    expect(loggedNow).toBe(loggedBefore + round);
    expect(paidNow).toBe(paidBefore + round * 1000);
    expect(payments.body.map((p: { id: string }) => p.id)).toContain(payment.body.id);
  }
}

/**
 * Registers a student through `first`, then at once enrols them and takes a payment through `second` (whose
 * lookups must find the student, the course and the enrolment just written), then reads through `reader`
 * at once the students, enrolments, payments and balances read models, and the dashboard.
 */
async function registerThenUse(
  first: ReturnType<typeof on>,
  second: ReturnType<typeof on>,
  reader: ReturnType<typeof on>,
) {
  for (let round = 1; round <= ROUNDS; round++) {
    const registered = await first.post('registerStudent', studentBody(tckn()));
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const id = registered.body.id as string;
    const enrolled = await second.post('addEnrollment', {
      studentId: id,
      courseId,
      price: '100',
      startDate: '2025-02-01',
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const payment = await second.post('addPayment', { studentId: id, courseId, amount: '25' });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const [one, list, enrolments, payments, balances] = await Promise.all([
      reader.get('getStudents', { id }),
      reader.get('getStudents', { view: 'list' }),
      reader.get('getEnrollments', { studentId: id }),
      reader.get('getPayments', { studentId: id }),
      reader.post('getStudentBalances', { id }),
    ]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(JSON.stringify(one.body)).toContain(id);
    expect(JSON.stringify(list.body)).toContain(id);
    expect(JSON.stringify(enrolments.body)).toContain(enrolled.body.id as string);
    expect(payments.body.map((p: { id: string }) => p.id)).toEqual([payment.body.id]);
    expect((balances.body as Array<{ paid: number }>)[0]?.paid).toBe(2500);
  }
}

describe('read-your-writes', () => {
  it('holds on the instance that leads the projections: light and slow read models alike', async () => {
    await writeThenRead(on(t.http), on(t.http));
  });

  it('holds on a second API instance whose projections another process leads', async () => {
    const api2 = on(second.app.getHttpServer());
    await writeThenRead(api2, api2);
  });

  it("finds an earlier command's write in a command's lookups and in every read, on either instance", async () => {
    const one = on(t.http);
    const two = on(second.app.getHttpServer());
    await registerThenUse(one, two, one);
    await registerThenUse(two, one, two);
  });

  it('applies a role change and a removal from the very next request, on either instance', async () => {
    const member = await signUpOwner(t.http);
    await addMember(t, owner.organizationId, member.userId, ROLES.schoolAdmin);
    const as = (http: Parameters<typeof request>[0]) => ({
      get: (call: string) =>
        request(http).get(`/api/v1/orgs/${owner.organizationId}/${call}`).set(member.auth),
    });
    const leader = on(t.http);
    const other = on(second.app.getHttpServer());
    // Read as a school admin on both instances, so each keeps the member's row (the guard's kept answer).
    for (const http of [t.http, second.app.getHttpServer()]) {
      expect((await as(http).get('getPendingInvitations')).status).toBe(200);
      expect((await as(http).get('getPendingInvitations')).status).toBe(200);
    }
    const demoted = await other.post('updateOrganizationUser', {
      userId: member.userId,
      orgRoleId: ROLES.schoolInstructor,
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    for (const http of [t.http, second.app.getHttpServer()]) {
      expect((await as(http).get('getPendingInvitations')).status).toBe(403);
      expect((await as(http).get('getCourses')).status).toBe(200);
    }
    const removed = await leader.post('removeOrganizationUser', { userId: member.userId });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const http of [second.app.getHttpServer(), t.http]) {
      expect((await as(http).get('getStudents')).status).toBe(403);
    }
  });
});
