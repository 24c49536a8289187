import { checkoutStream, organizationStream } from '@okul/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withOrganization } from '../infra/organization-scope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePosnet } from '../../test/support/fake-posnet';
import {
  payWithMock,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import { PAYMENTS_QUEUE, PaymentJobs } from './payment-jobs';

let t: TestServer;
const bank = new FakePosnet({
  merchantId: '6706598320',
  terminalId: '67005551',
  posnetId: '27426',
  encKey: '10,10,10,10,10,10,10,10',
});

beforeAll(async () => {
  await bank.start();
  t = await startTestServer(
    {
      ...bank.env,
      PUBLIC_URL: 'https://kurspanel.test',
      PAYMENT_CALLBACK_WAIT_MS: '4000',
      LOG_LEVEL: 'warn',
    },
    { logDestination },
  );
});
afterAll(async () => {
  await t?.close();
  await bank.stop();
});

/** The JSON lines of every test server of this file (warnings and errors). */
const logLines: Array<Record<string, unknown>> = [];
const logDestination = { write: (line: string) => void logLines.push(JSON.parse(line)) };

/**
 * What the server logs while `run` runs. An expected refusal (a DomainError, even at 502/503) is at most a
 * one-line warning without a stack; only unexpected errors are logged as "unexpected error" with theirs.
 */
async function logDuring(
  run: () => Promise<void>,
): Promise<{ errors: Array<Record<string, unknown>>; warnings: Array<Record<string, unknown>> }> {
  const from = logLines.length;
  await run();
  const written = logLines.slice(from);
  return {
    errors: written.filter((l) => (l.level as number) >= 50),
    warnings: written.filter((l) => l.level === 40),
  };
}
const expectRefusalLoggedQuietly = (
  out: { errors: Array<Record<string, unknown>>; warnings: Array<Record<string, unknown>> },
  status: number,
  code: string,
) => {
  // Other lines (the checkout's own note of the cause) may appear; none is the filter's unexpected error.
  for (const line of [...out.errors, ...out.warnings]) expect(line.msg).not.toBe('unexpected error');
  const http = out.warnings.filter((l) => l.component === 'http');
  expect(http).toEqual([
    expect.objectContaining({ status, method: 'POST', url: '/api/v1/payment/posnet/initiate', code }),
  ]);
  expect(http[0]).not.toHaveProperty('err');
};

const orgOf = async (s: SignedIn) =>
  (await request(t.http).get('/api/v1/getOrganizations').set(s.auth)).body[0].organization;
const profileOf = async (s: SignedIn) => (await request(t.http).get('/api/v1/getProfile').set(s.auth)).body;
/** Events of one type about a payment: in its own stream, and on its organisation's stream (the credits). */
async function eventsOf(type: string, paymentId: string): Promise<number> {
  const store = t.server.runtime.persistence.store;
  const own = await store.readStream(checkoutStream(paymentId));
  const organizationId = (own[0]?.data as { organizationId?: string } | undefined)?.organizationId;
  // The test reads as the API does, under row-level security: within the payment's organisation.
  const org = organizationId
    ? await withOrganization(organizationId, () => store.readStream(organizationStream(organizationId)))
    : [];
  return [...own, ...org].filter(
    (e) => e.type === type && (e.data as { paymentId?: string }).paymentId === paymentId,
  ).length;
}

describe('mock checkout', () => {
  it('answers an html page linking to /mock3ds with the POSNET fields, and finalize pays once', async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    expect((await profileOf(owner)).registrationStatus).toBe('pending_payment');
    expect((await orgOf(owner)).isMembershipActive).toBe(false);
    const page = await request(t.http)
      .post('/api/v1/payment/mock/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sub-3-month' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const href = /id="mock3ds-link" href="([^"]+)"/.exec(page.text)![1].replace(/&amp;/g, '&');
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://kurspanel.test/mock3ds');
    for (const k of ['mid', 'posnetID', 'posnetData', 'digest', 'posnetData2', 'merchantReturnURL', 'lang'])
      expect(url.searchParams.has(k)).toBe(true);
    expect(url.searchParams.get('lang')).toBe('tr');
    expect(page.text).toContain('1.100,00 TL');

    const done = await request(t.http).get(`/api/v1/payment/mock/finalize${url.search}`).set(owner.auth);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      status: 'succeeded',
      checkoutItem: 'sub-3-month',
      message: 'Ödeme işlemi başarılı. 3 saniye sonra giriş sayfasına yönlendirileceksiniz.',
    });
    const org = await orgOf(owner);
    expect(org.isMembershipActive).toBe(true);
    const days = (Date.parse(org.paidUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect((await profileOf(owner)).registrationStatus).toBe('active');

    // the FINALIZE button pressed twice: still one credit
    const again = await request(t.http).get(`/api/v1/payment/mock/finalize${url.search}`).set(owner.auth);
    expect(again.status).toBe(200);
    expect((await orgOf(owner)).paidUntil).toBe(org.paidUntil);
    const paymentId = url.searchParams.get('posnetData')!;
    expect(await eventsOf('SubscriptionExtended', paymentId)).toBe(1);
    const status = await request(t.http).get(`/api/v1/payment/status/${paymentId}`).set(owner.auth);
    expect(status.body).toMatchObject({
      paymentId,
      status: 'succeeded',
      amount: 110000,
      provider: 'mock',
      providerReference: expect.stringMatching(/^MOCK-/),
    });
  });

  it('extends a running membership from its end, and sells SMS credits', async () => {
    const owner = await signUpOwner(t.http);
    const before = (await orgOf(owner)).paidUntil;
    await payWithMock(t.http, owner, 'sub-1-month');
    const after = await orgOf(owner);
    const days = (Date.parse(after.paidUntil) - Date.parse(before)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    await payWithMock(t.http, owner, 'sms-credits-250');
    expect((await orgOf(owner)).smsCredits).toBe(250);
    const inbox = await request(t.http).get('/api/v1/getMessages').set(owner.auth);
    expect(
      inbox.body.filter(
        (m: { type: string; subject: string }) =>
          m.type === 'notification' && m.subject === 'Ödemeniz alındı',
      ),
    ).toHaveLength(3);
  });

  it("refuses a forged digest, another user, an unknown item and someone else's organisation", async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    const other = await signUpOwner(t.http);
    const page = await request(t.http)
      .post('/api/v1/payment/mock/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sub-1-month' });
    const href = /id="mock3ds-link" href="([^"]+)"/.exec(page.text)![1].replace(/&amp;/g, '&');
    const q = new URL(href).searchParams;
    q.set('digest', 'A'.repeat(43));
    const forged = await request(t.http).get(`/api/v1/payment/mock/finalize?${q}`).set(owner.auth);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('Ödeme doğrulanamadı: imza geçersiz.');
    expect((await orgOf(owner)).isMembershipActive).toBe(false);
    const stolen = await request(t.http)
      .get(`/api/v1/payment/mock/finalize${new URL(href).search}`)
      .set(other.auth);
    expect(stolen.status).toBe(404);
    const unknown = await request(t.http)
      .post('/api/v1/payment/mock/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sub-5-year' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Geçersiz ödeme seçeneği.');
    const foreign = await request(t.http)
      .post('/api/v1/payment/mock/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sub-1-month', organizationId: other.organizationId });
    expect(foreign.status).toBe(403);
  });

  it('is an account call: an unverified owner can pay', async () => {
    const owner = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const done = await payWithMock(t.http, owner, 'sub-1-month');
    expect(done.body.status).toBe('succeeded');
  });
});

describe('POSNET checkout against a fake bank', () => {
  const start = async (owner: SignedIn, checkoutItem = 'sub-1-month') => {
    const r = await request(t.http)
      .post('/api/v1/payment/posnet/initiate')
      .set(owner.auth)
      .send({ checkoutItem, organizationId: owner.organizationId });
    expect(r.status).toBe(200);
    return r.body as { paymentId: string; posnetData: string; merchantReturnURL: string };
  };
  const callback = (paymentId: string, fields: Record<string, string>) =>
    request(t.http).post(`/api/v1/payment/posnet/callback?paymentId=${paymentId}`).type('form').send(fields);

  it('answers the 3-D form fields, then credits once however often the bank calls back', async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    const r = await request(t.http)
      .post('/api/v1/payment/posnet/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sub-1-year', organizationId: owner.organizationId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      oosTDSServiceURL: 'https://setmpos.ykb.com/3DSWebService/YKBPaymentService',
      merchantID: '6706598320',
      posnetID: '27426',
      posnetData: expect.any(String),
      digest: expect.any(String),
      merchantReturnURL: `https://kurspanel.test/api/v1/payment/posnet/callback?paymentId=${r.body.paymentId}`,
      lang: 'tr',
      amount: 400000,
    });
    const fields = bank.callbackFor(r.body.posnetData);
    const salesBefore = bank.sales;
    const [a, b] = await Promise.all([
      callback(r.body.paymentId, fields),
      callback(r.body.paymentId, fields),
    ]);
    const c = await callback(r.body.paymentId, fields);
    for (const res of [a, b, c]) {
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`https://kurspanel.test/odeme-basarili?token=${r.body.paymentId}`);
    }
    await t.server.runtime.queue.drain(PAYMENTS_QUEUE);
    expect(bank.sales - salesBefore).toBe(1);
    expect(await eventsOf('SubscriptionExtended', r.body.paymentId)).toBe(1);
    expect(await eventsOf('PaymentSucceeded', r.body.paymentId)).toBe(1);
    const org = await orgOf(owner);
    expect(org.isMembershipActive).toBe(true);
    expect((Date.parse(org.paidUntil) - Date.now()) / 86_400_000).toBeGreaterThan(360);
    expect((await profileOf(owner)).registrationStatus).toBe('active');
    const status = await request(t.http).get(`/api/v1/payment/status/${r.body.paymentId}`).set(owner.auth);
    expect(status.body).toMatchObject({
      status: 'succeeded',
      provider: 'posnet',
      providerReference: expect.stringMatching(/^HL/),
    });
  });

  it("ignores a forged callback, then credits the bank's real one", async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    const p = await start(owner, 'sms-credits-100');
    const forged = await callback(p.paymentId, {
      MerchantPacket: p.posnetData,
      BankPacket: 'eyJ4aWQiOiJ4In0=',
      Sign: 'deadbeef',
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.location).toBe(
      `https://kurspanel.test/odeme?odeme=beklemede&paymentId=${p.paymentId}`,
    );
    const real = await callback(p.paymentId, bank.callbackFor(p.posnetData));
    expect(real.headers.location).toContain('/odeme-basarili?token=');
    expect((await orgOf(owner)).smsCredits).toBe(100);
  });

  it('records a failed 3-D authentication as PaymentFailed, crediting nothing', async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    const p = await start(owner);
    const res = await callback(p.paymentId, bank.callbackFor(p.posnetData, '0'));
    expect(res.headers.location).toBe(
      `https://kurspanel.test/odeme?odeme=basarisiz&paymentId=${p.paymentId}`,
    );
    expect(await eventsOf('PaymentFailed', p.paymentId)).toBe(1);
    expect((await orgOf(owner)).isMembershipActive).toBe(false);
    const inbox = await request(t.http).get('/api/v1/getMessages').set(owner.auth);
    expect(inbox.body.map((m: { subject: string }) => m.subject)).toContain('Ödeme tamamlanamadı');
  });

  it('a job retried after a crash (sale done, result not recorded) credits once', async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    const p = await start(owner);
    const xid = [...bank.orders.keys()].at(-1)!;
    bank.sellNow(xid); // the first attempt charged the card, then the process died
    const jobs = t.server.app.get(PaymentJobs);
    const fields = bank.callbackFor(p.posnetData);
    const job = (attempt: number) => ({
      id: `${p.paymentId}-x`,
      name: 'posnet-callback',
      data: { paymentId: p.paymentId, fields },
      attempt,
    });
    await Promise.all([jobs.handleCallbackJob(job(2)), jobs.handleCallbackJob(job(3))]);
    await jobs.handleCallbackJob(job(4));
    expect(await eventsOf('PaymentSucceeded', p.paymentId)).toBe(1);
    expect(await eventsOf('SubscriptionExtended', p.paymentId)).toBe(1);
    expect(bank.calls).toContain('agreement');
  });

  it('answers 502 and records the failure when the bank is down at the start', async () => {
    const owner = await signUpOwner(t.http, {}, { pay: false });
    bank.down = true;
    try {
      const out = await logDuring(async () => {
        const r = await request(t.http)
          .post('/api/v1/payment/posnet/initiate')
          .set(owner.auth)
          .send({ checkoutItem: 'sub-1-month', organizationId: owner.organizationId });
        expect(r.status).toBe(502);
        expect(r.body.error).toBe('Banka ödeme servisine ulaşılamadı. Lütfen biraz sonra tekrar deneyin.');
      });
      expectRefusalLoggedQuietly(out, 502, 'checkout.providerUnavailable');
    } finally {
      bank.down = false;
    }
    const failed = await t.database.db.query(
      `SELECT status, failure_reason FROM subscription_payments WHERE user_id = $1`,
      [owner.userId],
    );
    expect(failed.rows).toEqual([{ status: 'failed', failure_reason: 'provider_unavailable' }]);
  });

  it('sends an unknown payment back to /odeme', async () => {
    const r = await callback('00000000-0000-4000-8000-000000000000', {
      MerchantPacket: 'x',
      BankPacket: 'y',
      Sign: 'z',
    });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('https://kurspanel.test/odeme?odeme=hata');
  });
});

describe('configuration and production', () => {
  it('answers a clear 503 when POSNET is not configured', async () => {
    const bare = await startTestServer({ LOG_LEVEL: 'warn' }, { logDestination });
    try {
      const owner = await signUpOwner(bare.http);
      const out = await logDuring(async () => {
        const r = await request(bare.http)
          .post('/api/v1/payment/posnet/initiate')
          .set(owner.auth)
          .send({ checkoutItem: 'sub-1-month', organizationId: owner.organizationId });
        expect(r.status).toBe(503);
        expect(r.body.error).toBe(
          'Kartla ödeme şu anda kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.',
        );
      });
      expectRefusalLoggedQuietly(out, 503, 'checkout.notConfigured');
      // The organisation and the caller's role are checked before the provider configuration.
      const stranger = await signUpOwner(bare.http, {}, { pay: false });
      const start = (organizationId: string) =>
        request(bare.http)
          .post('/api/v1/payment/posnet/initiate')
          .set(stranger.auth)
          .send({ checkoutItem: 'sub-1-month', organizationId });
      await logDuring(async () => {
        const foreign = await start(owner.organizationId);
        expect([foreign.status, foreign.body.code]).toEqual([403, 'auth.forbidden']);
        const unknown = await start(randomUUID());
        expect([unknown.status, unknown.body.code]).toEqual([404, 'org.notFound']);
      });
    } finally {
      await bare.close();
    }
  });

  it('has no mock checkout in production, and sends the refresh cookie Secure there', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const owner = await signUpOwner(prod.http, {}, { pay: false });
      // The refresh cookie is httpOnly, SameSite and Secure outside development, with the __Host- prefix
      const signIn = await request(prod.http)
        .post('/api/v1/login')
        .send({ email: owner.email, password: owner.password });
      const cookie = ([] as string[])
        .concat(signIn.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('__Host-refresh_token='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      const r = await request(prod.http)
        .post('/api/v1/payment/mock/initiate')
        .set(owner.auth)
        .send({ checkoutItem: 'sub-1-month' });
      expect(r.status).toBe(404);
      const f = await request(prod.http).get('/api/v1/payment/mock/finalize?posnetData=x').set(owner.auth);
      expect(f.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
