import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let course: string;
let student: { id: string; studentNumber: number };
const tckn = tcknSource(47);
const api = () => orgApi(t, owner);
const EMPLOYEE = randomUUID();

const entry = (o: Record<string, unknown> = {}) => ({
  type: 'cost',
  subtype: 'wage',
  method: 'bank_transfer',
  amount: 12500.5,
  date: '2026-02-05',
  notes: 'Ocak maaşı',
  receiptNumber: 'D-1',
  employeeId: EMPLOYEE,
  ...o,
});

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
  course = await addCourse(t, owner, 'Keman');
  student = (await api().post('registerStudent', studentBody(tckn(), { name: 'Şule', surname: 'Işık' })))
    .body;
});
afterAll(async () => t?.close());

describe('addAccountingEntry and getAccounting', () => {
  it('records a wage entry in kuruş and lists it with the totals of the filter', async () => {
    const r = await api().post('addAccountingEntry', entry());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(String) });
    await api().post(
      'addAccountingEntry',
      entry({ type: 'revenue', subtype: 'other', method: 'cash', amount: '300', employeeId: undefined }),
    );
    await api().post(
      'addAccountingEntry',
      entry({ subtype: 'other', method: 'cash', amount: 50, date: '2026-03-01', employeeId: null }),
    );
    const feb = await api().get('getAccounting', { period: '2026-02' });
    expect(feb.status).toBe(200);
    expect(feb.body.total).toBe(2);
    expect(feb.body.entries.find((e: { id: string }) => e.id === r.body.id)).toEqual({
      id: r.body.id,
      type: 'cost',
      subtype: 'wage',
      method: 'bank_transfer',
      amount: 1_250_050,
      date: '2026-02-04T21:00:00.000Z',
      notes: 'Ocak maaşı',
      receiptNumber: 'D-1',
      employeeId: EMPLOYEE,
      createdAt: expect.any(String),
      createdBy: owner.userId,
      createdByName: expect.any(String),
      editedAt: null,
      editedBy: null,
      reversedAt: null,
      reversedBy: null,
      reverseReason: null,
    });
    expect(feb.body.totals).toEqual({
      revenue: 30_000,
      cost: 1_250_050,
      net: 30_000 - 1_250_050,
      byMethod: [
        { method: 'cash', revenue: 30_000, cost: 0 },
        { method: 'bank_transfer', revenue: 0, cost: 1_250_050 },
      ],
    });
    const wages = await api().get('getAccounting', { employeeId: EMPLOYEE, subtype: 'wage' });
    expect(wages.body.entries.map((e: { id: string }) => e.id)).toEqual([r.body.id]);
    const paged = await api().get('getAccounting', { limit: 1, offset: 1 });
    expect(paged.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(paged.body.entries).toHaveLength(1);
  });

  it('answers the warnings of api.md 8.5', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Hata: Tutar eksik veya hatalı, Tarih eksik, Tür eksik, Alt tür eksik, Yöntem eksik'],
      [entry({ amount: -1 }), 'Hata: Tutar eksik veya hatalı'],
      [entry({ amount: 'on lira' }), 'Hata: Tutar eksik veya hatalı'],
      [entry({ date: '' }), 'Hata: Tarih eksik'],
      [entry({ type: 'gift' }), 'Hata: Tür eksik, Alt tür eksik'],
      [entry({ type: 'revenue' }), 'Hata: Alt tür eksik'],
      [entry({ method: 'correction' }), 'Hata: Yöntem eksik'],
      [entry({ employeeId: undefined }), 'Hata: Çalışan eksik'],
      [entry({ extra: 1 }), 'Tanınmayan alan: extra'],
    ];
    for (const [body, error] of cases) {
      const r = await api().post('addAccountingEntry', body);
      // A form's list of missing items is a composed text; unknown fields keep their own code.
      const code = body.extra ? 'common.unknownField' : 'common.badRequest';
      const answer = { error: r.body.error, code: r.body.code };
      expect({ body, status: r.status, answer }).toEqual({ body, status: 400, answer: { error, code } });
    }
    const bad = await api().get('getAccounting', { period: '2026-13' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Dönem hatalı (YYYY-AA).', code: expect.any(String) });
  });

  it('corrects an entry by editing or reversing it, both kept with who and when, and logs each', async () => {
    const { body } = await api().post(
      'addAccountingEntry',
      entry({ date: '2026-04-10', receiptNumber: 'D-2' }),
    );
    const edit = await api().post('editAccountingEntry', {
      ...entry({ date: '2026-04-10' }),
      id: body.id,
      amount: 13000,
    });
    expect(edit.status).toBe(200);
    const rev = await api().post('reverseAccountingEntry', { id: body.id, reason: 'Mükerrer' });
    expect(rev.status).toBe(200);
    const april = await api().get('getAccounting', { period: '2026-04' });
    expect(april.body).toMatchObject({ total: 0, totals: { revenue: 0, cost: 0, net: 0, byMethod: [] } });
    const all = await api().get('getAccounting', { period: '2026-04', includeReversed: 'true' });
    expect(all.body.entries).toEqual([
      expect.objectContaining({
        id: body.id,
        amount: 1_300_000,
        receiptNumber: 'D-1',
        editedBy: owner.userId,
        reversedBy: owner.userId,
        reverseReason: 'Mükerrer',
        reversedAt: expect.any(String),
      }),
    ]);
    const again = await api().post('reverseAccountingEntry', { id: body.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'İptal edilmiş kayıt değiştirilemez.', code: 'accounting.reversed' });

    const logs = (await api().post('requestOrgLogs', { limit: 200 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    const sentences = logs
      .filter((l) => l.action.includes('accounting'))
      .map((l) => logSentence(l.action, l.details));
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Gider (maaş) kaydı ekledi (tutar: 12.500,50 TL).',
        'Gider (maaş) kaydını düzenledi (tutar: 12.500,50 TL → 13.000,00 TL).',
        'Gider (maaş) kaydını iptal etti (tutar: 13.000,00 TL; neden: Mükerrer).',
        'Muhasebe kaydı ekleme denemesi başarısız oldu: Hata: Tarih eksik.',
        'Muhasebe kaydı iptali denemesi başarısız oldu: İptal edilmiş kayıt değiştirilemez.',
      ]),
    );
  });

  it('keeps a page until the next write: 304 on its ETag, an edit and a reversal at once, per filter', async () => {
    const may = { period: '2026-05' };
    const first = await api().get('getAccounting', may);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(0);
    expect(first.headers.etag).toBeTruthy();
    expect((await api().get('getAccounting', may).set('If-None-Match', first.headers.etag)).status).toBe(304);
    const { body } = await api().post('addAccountingEntry', entry({ date: '2026-05-03', amount: 100 }));
    const added = await api().get('getAccounting', may).set('If-None-Match', first.headers.etag);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ total: 1, totals: { cost: 10_000 } });
    // Another filter of the same period is an answer of its own.
    expect((await api().get('getAccounting', { ...may, method: 'cash' })).body.total).toBe(0);
    await api().post('editAccountingEntry', { ...entry({ date: '2026-05-03' }), id: body.id, amount: 250 });
    expect((await api().get('getAccounting', may)).body.totals.cost).toBe(25_000);
    await api().post('reverseAccountingEntry', { id: body.id, reason: 'Yanlış' });
    expect((await api().get('getAccounting', may)).body).toMatchObject({ total: 0, totals: { cost: 0 } });
    const withReversed = await api().get('getAccounting', { ...may, includeReversed: 'true' });
    expect(withReversed.body.entries).toEqual([
      expect.objectContaining({ id: body.id, reverseReason: 'Yanlış' }),
    ]);
    // Another organisation's kept answers are its own.
    expect((await orgApi(t, other).get('getAccounting', may)).body.total).toBe(0);
  });

  it('is for school admins of the organisation only', async () => {
    const { body } = await api().post('addAccountingEntry', entry());
    const inst = orgApi(t, instructor, owner.organizationId);
    expect((await inst.get('getAccounting')).status).toBe(403);
    expect((await inst.post('addAccountingEntry', entry())).status).toBe(403);
    const theirs = orgApi(t, other, owner.organizationId);
    expect((await theirs.get('getAccounting')).status).toBe(403);
    expect((await theirs.get('getAccountingMonth', { period: '2026-02' })).status).toBe(403);
    expect((await theirs.post('reverseAccountingEntry', { id: body.id })).status).toBe(403);
    // Their own organisation does not see ours, nor reach it by id.
    expect((await orgApi(t, other).get('getAccounting')).body.total).toBe(0);
    expect((await orgApi(t, other).post('reverseAccountingEntry', { id: body.id })).status).toBe(404);
    expect((await orgApi(t, other).post('editAccountingEntry', { ...entry(), id: body.id })).status).toBe(
      404,
    );
  });
});

describe('getAccountingMonth', () => {
  it('puts the month entries beside the students payments, with totals per method', async () => {
    for (const [amount, method, date] of [
      ['1000', 'cash', '2026-05-03'],
      ['250,50', 'credit_card', '2026-05-31'],
      ['400', 'cash', '2026-06-01'],
    ]) {
      const r = await api().post('addPayment', {
        studentId: student.id,
        courseId: course,
        amount,
        method,
        date,
      });
      expect(r.status).toBe(200);
    }
    await api().post('addPayment', {
      studentId: student.id,
      courseId: course,
      amount: -100,
      method: 'correction',
      date: '2026-05-10',
    });
    await api().post('addAccountingEntry', entry({ amount: 600, method: 'cash', date: '2026-05-15' }));
    await api().post(
      'addAccountingEntry',
      entry({
        type: 'revenue',
        subtype: 'other',
        method: 'cash',
        amount: 75,
        date: '2026-05-20',
        employeeId: null,
      }),
    );
    const m = await api().get('getAccountingMonth', { period: '2026-05' });
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({
      period: '2026-05',
      from: '2026-04-30T21:00:00.000Z',
      to: '2026-05-31T21:00:00.000Z',
      byMethod: [
        { method: 'cash', payments: 100_000, revenue: 7_500, cost: 60_000, net: 47_500 },
        { method: 'credit_card', payments: 25_050, revenue: 0, cost: 0, net: 25_050 },
      ],
      totals: { payments: 125_050, revenue: 7_500, cost: 60_000, income: 132_550, net: 72_550 },
    });
    expect(m.body.payments).toEqual([
      expect.objectContaining({
        amount: 100_000,
        studentName: 'Şule Işık',
        courseName: 'Keman',
        method: 'cash',
      }),
      expect.objectContaining({ amount: 25_050, method: 'credit_card' }),
    ]);
    expect(m.body.entries).toHaveLength(2);
  });
});
