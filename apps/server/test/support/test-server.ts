import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { CommandBus } from '@nestjs/cqrs';
import { checkoutItem } from '@okul/domain';
import { CompletePaymentCommand } from '../../src/billing/billing.commands';
import { createServer, type Server } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { createTestDatabase, TEST_APP_ROLE, TEST_REDIS_URL, type TestDatabase } from './test-db';

export interface TestServer {
  server: Server;
  http: App;
  database: TestDatabase;
  /** Where the file mailer writes this server's e-mails (one JSON file each). */
  mailDir: string;
  /** This server's key prefix in Redis (queues, rate limits) and the start of its Redis client names. */
  redisPrefix: string;
  close(): Promise<void>;
}

/** The servers started here, by their http handle, so helpers given only `http` can read the mail. */
const servers = new WeakMap<object, TestServer>();

/**
 * The whole server on a fresh Postgres database and real Redis/BullMQ (unique queue prefix),
 * listening on an ephemeral port. `env` overrides configuration.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: {
    /** The URL the server connects to for its fresh database (e.g. through a test's TCP proxy). */
    databaseUrl?: (url: string) => string;
    /** Where the server's log lines go (at LOG_LEVEL); without it a test server logs errors only. */
    logDestination?: { write(line: string): void };
  } = {},
): Promise<TestServer> {
  // TEST_DB=pglite (the `int-pglite` project) runs the same tests on the embedded default, PGlite in-process.
  const embedded = process.env.TEST_DB === 'pglite';
  const dataDir = embedded ? mkdtempSync(join(tmpdir(), 'okul-pglite-')) : '';
  const external = embedded ? null : await createTestDatabase();
  const mailDir = mkdtempSync(join(tmpdir(), 'okul-mail-'));
  const prefix = `okul-test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    // Tests pay through the mock checkout (a test aid); a test asking for production gets none.
    TEST_AIDS: env.NODE_ENV === 'production' ? 'off' : 'on',
    // On PostgreSQL the API runs as its own role under row-level security, as in production.
    ...(external
      ? {
          DATABASE_URL: opts.databaseUrl?.(external.url) ?? external.url,
          DATABASE_APP_ROLE: TEST_APP_ROLE,
        }
      : { DATA_DIR: dataDir }),
    REDIS_URL: TEST_REDIS_URL,
    PORT: '0',
    CLIENT_DIST: '',
    MAIL_DIR: mailDir,
    // Login counters per test server: files running side by side from 127.0.0.1 must not add up.
    RATE_LIMIT_PREFIX: `${prefix}:rl`,
    // Queues per test server too: a job added by one file is never taken by another file's worker.
    QUEUE_PREFIX: prefix,
    ...env,
  });
  const server = await createServer(config, { logDestination: opts.logDestination });
  await server.app.listen(0);
  // On PGlite the server's own connection is the only one: tests read through it.
  const database: TestDatabase = external ?? {
    url: '',
    db: server.runtime.persistence.db,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
  const t: TestServer = {
    server,
    http: server.app.getHttpServer(),
    database,
    mailDir,
    redisPrefix: prefix,
    async close() {
      await server.close();
      await database.drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
  servers.set(t.http as object, t);
  return t;
}

/**
 * Waits until every projection of the server has applied the store up to `position` (by default its head):
 * a test reading a read model next must not go on before, however loaded the machine (the runner's own
 * default wait is 5 s, and its answer is easy to ignore).
 */
export async function projectionsCaughtUp(t: Pick<TestServer, 'server'>, position?: bigint): Promise<void> {
  const { runner, persistence } = t.server.runtime;
  const at = position ?? (await persistence.store.headPosition());
  if (!(await runner.waitFor(at, 60_000)))
    throw new Error(`the projections did not reach position ${at} within 60 s`);
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  file: string;
}

/** Every e-mail the server wrote, oldest first (file names start with the time). */
export function sentMails(t: TestServer | App): SentMail[] {
  const server = 'mailDir' in (t as object) ? (t as TestServer) : servers.get(t as object);
  if (!server) throw new Error('not a server started by startTestServer');
  return readdirSync(server.mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      ...(JSON.parse(readFileSync(join(server.mailDir, file), 'utf8')) as Omit<SentMail, 'file'>),
      file,
    }));
}

/** The newest e-mail to `to` (optionally whose link goes to /giris/<kind>), and its link's token. */
export function lastMail(
  t: TestServer | App,
  to: string,
  kind?: 'verify' | 'reset' | 'invite',
): SentMail & { token: string } {
  const mail = sentMails(t)
    .filter((m) => m.to === to && (!kind || m.links.some((l) => l.includes(`/giris/${kind}?`))))
    .at(-1);
  if (!mail) throw new Error(`no ${kind ?? ''} mail to ${to}`);
  const token = new URL(mail.links[0]).searchParams.get('token') ?? '';
  return { ...mail, token };
}

/** lastMail once it has been written: mails that follow the answer (password reset) come a moment later. */
export async function waitForMail(
  t: TestServer | App,
  to: string,
  kind?: 'verify' | 'reset' | 'invite',
  timeoutMs = 10_000,
): Promise<SentMail & { token: string }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return lastMail(t, to, kind);
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

let counter = 0;

/** A valid registration form; TCKN 10000000146 and VKN 1234567890 pass their check digits. */
export function registrationForm(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    name: 'Ayşe',
    surname: 'Yılmaz',
    email: `owner-${tag}@example.com`,
    password: 'gizli-sifre-1',
    phone: '5321234567',
    tckn: '10000000146',
    organizationName: `Deneme Kursu ${tag}`,
    organizationAddress: 'Kadıköy, İstanbul',
    vkn: '1234567890',
    employeeCount: '5',
    organizationType: 'kurs',
    companyType: 'limited',
    ...overrides,
  };
}

export interface SignedIn {
  token: string;
  cookie: string;
  email: string;
  password: string;
  organizationId: string;
  userId: string;
  auth: { Authorization: string };
}

export interface SignUpOptions {
  /** Click the link of the verification e-mail (default true). */
  verify?: boolean;
  /** Pay a one-month plan through the mock checkout, making the membership active (default true). */
  pay?: boolean;
}

/**
 * preregister + login + getOrganizations: the owner of a fresh organisation, by default with a verified
 * e-mail (read from the mail file) and a paid month (mock checkout), as every org-scoped write needs.
 * `{ verify: false, pay: false }` gives the owner exactly as registration leaves them.
 */
export async function signUpOwner(
  http: App,
  overrides: Record<string, string> = {},
  options: SignUpOptions = {},
): Promise<SignedIn> {
  const { verify = true, pay = true } = options;
  const form = registrationForm(overrides);
  const pre = await request(http).post('/api/v1/preregister').send(form);
  if (pre.status !== 200) throw new Error(`preregister failed: ${pre.status} ${JSON.stringify(pre.body)}`);
  if (verify) {
    const { token } = lastMail(http, form.email, 'verify');
    const v = await request(http).post('/api/v1/verifyEmail').send({ email: form.email, token });
    if (v.status !== 200) throw new Error(`verifyEmail failed: ${v.status} ${JSON.stringify(v.body)}`);
  }
  const signedIn = await login(http, form.email, form.password);
  if (pay) await payWithMock(http, signedIn, 'sub-1-month');
  return signedIn;
}

/** Mock checkout end to end: initiate (html), then finalize with the query of its /mock3ds link. */
export async function payWithMock(
  http: App,
  s: SignedIn,
  checkoutItem: string,
  organizationId = s.organizationId,
): Promise<request.Response> {
  const page = await request(http)
    .post('/api/v1/payment/mock/initiate')
    .set(s.auth)
    .send({ checkoutItem, organizationId });
  if (page.status !== 200) throw new Error(`mock initiate failed: ${page.status} ${page.text}`);
  const href = /id="mock3ds-link" href="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
  if (!href) throw new Error('no /mock3ds link in the mock checkout page');
  const query = new URL(href).search;
  const done = await request(http).get(`/api/v1/payment/mock/finalize${query}`).set(s.auth);
  if (done.status !== 200)
    throw new Error(`mock finalize failed: ${done.status} ${JSON.stringify(done.body)}`);
  return done;
}

export async function login(http: App, email: string, password: string): Promise<SignedIn> {
  const res = await request(http).post('/api/v1/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.access_token as string;
  const cookie =
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token=')) ??
    '';
  const auth = { Authorization: `Bearer ${token}` };
  const orgs = await request(http).get('/api/v1/getOrganizations').set(auth);
  const profile = await request(http).get('/api/v1/getProfile').set(auth);
  return {
    token,
    cookie: cookie.split(';')[0],
    email,
    password,
    organizationId: orgs.body[0]?.organization?.id,
    userId: profile.body.id,
    auth,
  };
}

/**
 * A one-month subscription paid `monthsAgo` months (of 31 days) ago, recorded as the product records a payment
 * (mock checkout initiated through the API, completed by the billing service at that past moment): the owner's
 * registration is active and the membership has lapsed since.
 */
export async function payLongAgo(t: TestServer, s: SignedIn, monthsAgo: number): Promise<void> {
  const page = await request(t.http)
    .post('/api/v1/payment/mock/initiate')
    .set(s.auth)
    .send({ checkoutItem: 'sub-1-month', organizationId: s.organizationId });
  if (page.status !== 200) throw new Error(`mock initiate failed: ${page.status} ${page.text}`);
  const href = /id="mock3ds-link" href="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const paymentId = new URL(href).searchParams.get('posnetData') ?? '';
  // Whole months of 31 days: setUTCMonth on the 31st (or 29th-30th) lands in the next month's first days and
  // would make "a month ago" less than a month ago.
  const then = new Date(Date.now() - monthsAgo * 31 * 86_400_000);
  const state = await t.server.app.get(CommandBus).execute(
    new CompletePaymentCommand(
      {
        organizationId: s.organizationId,
        userId: s.userId,
        ipAddress: null,
        userAgent: 'test-seed',
        correlationId: randomBytes(16).toString('hex'),
        idempotencyKey: null,
        now: then,
      },
      paymentId,
      {
        status: 'succeeded',
        providerReference: `past-${paymentId}`,
        authCode: null,
        amount: checkoutItem('sub-1-month')!.price,
      },
    ),
  );
  if (state.status !== 'succeeded') throw new Error(`past payment not recorded: ${state.status}`);
  await projectionsCaughtUp(t);
}
