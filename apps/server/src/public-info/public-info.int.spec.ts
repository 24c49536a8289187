import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, startTestServer, type TestServer } from '../../test/support/test-server';

describe('GET /api/v1/publicInfo', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ COMPANY_NAME: 'Örnek Yazılım A.Ş.', COMPANY_KEP: 'ornek@hs01.kep.tr' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the configured company details and the test aids to a signed-out visitor', async () => {
    const res = await request(t.http).get('/api/v1/publicInfo');
    expect(res.status).toBe(200);
    expect(res.body.testAids).toBe(true);
    expect(res.body.company).toMatchObject({ name: 'Örnek Yazılım A.Ş.', kep: 'ornek@hs01.kep.tr' });
    expect(Object.keys(res.body.company).sort()).toEqual([
      'address',
      'chamber',
      'email',
      'kep',
      'mersis',
      'name',
      'phone',
      'taxNumber',
      'taxOffice',
      'tradeRegistry',
    ]);
  });

  it('hides the test aids unless TEST_AIDS=on, whatever NODE_ENV says', async () => {
    // (TEST_AIDS unset is off: config.unit.spec)
    for (const env of [
      { NODE_ENV: 'development', TEST_AIDS: 'off', LOG_LEVEL: 'error' },
      { NODE_ENV: 'test', TEST_AIDS: 'off', LOG_LEVEL: 'error' },
    ]) {
      const plain = await startTestServer(env);
      try {
        expect((await request(plain.http).get('/api/v1/publicInfo')).body.testAids, env.NODE_ENV).toBe(false);
        const owner = await signUpOwner(plain.http, {}, { pay: false });
        const r = await request(plain.http)
          .post('/api/v1/payment/mock/initiate')
          .set(owner.auth)
          .send({ checkoutItem: 'sub-1-month' });
        expect(r.status, env.NODE_ENV).toBe(404);
      } finally {
        await plain.close();
      }
    }
  });

  it('hides the test aids in production', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const res = await request(prod.http).get('/api/v1/publicInfo');
      expect(res.body.testAids).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
