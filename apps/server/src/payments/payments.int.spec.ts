import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let course: string;
let student: { id: string; studentNumber: number };
const tckn = tcknSource(31);
const api = () => orgApi(t, owner);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
  course = await addCourse(t, owner, 'Bağlama');
  student = (await api().post('registerStudent', studentBody(tckn()))).body;
});
afterAll(async () => t?.close());

const payment = (o: Record<string, unknown> = {}) => ({
  studentId: student.id,
  courseId: course,
  amount: '1.500,50',
  method: 'cash',
  ...o,
});

describe('addPayment and getPayments', () => {
  it('records a payment in kuruş with its texts trimmed and blanks omitted', async () => {
    const r = await api().post(
      'addPayment',
      payment({ notes: '  Ekim taksiti ', referenceCode: '   ', date: '2025-10-05' }),
    );
    expect(r.status).toBe(200);
    const list = await api().get('getPayments', { studentId: student.id });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: r.body.id,
        studentId: student.id,
        organizationId: owner.organizationId,
        courseId: course,
        courseName: 'Bağlama',
        amount: 150050,
        timestamp: expect.any(String),
        date: '2025-10-04T21:00:00.000Z',
        notes: 'Ekim taksiti',
        method: 'cash',
        referenceCode: null,
        isCorrection: false,
        createdBy: owner.userId,
        createdAt: expect.any(String),
        editedBy: null,
        editedAt: null,
        deletedAt: null,
        deletedBy: null,
        isDeleted: false,
      },
    ]);
  });

  it('answers the form warnings of product.md 5 and the limits of api.md 9.3', async () => {
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [payment({ amount: undefined }), 400, 'Miktar eksik', 'payment.amountMissing'],
      [payment({ amount: ' ' }), 400, 'Miktar eksik', 'payment.amountMissing'],
      [payment({ amount: 'on beş' }), 400, 'Miktar hatalı', 'payment.amountInvalid'],
      [payment({ amount: 0 }), 400, 'Miktar hatalı', 'payment.amountInvalid'],
      [payment({ amount: -5 }), 400, 'Miktar hatalı', 'payment.amountInvalid'],
      [payment({ amount: '1,234' }), 400, 'Miktar hatalı', 'payment.amountInvalid'],
      [payment({ courseId: undefined }), 400, 'kurs eksik', 'payment.courseMissing'],
      [payment({ method: 'cheque' }), 400, 'Ödeme yöntemi geçersiz.', 'payment.methodInvalid'],
      [
        payment({ notes: 'x'.repeat(501) }),
        400,
        'Not en fazla 500 karakter olabilir.',
        'payment.notesTooLong',
      ],
      [
        payment({ referenceCode: 'x'.repeat(101) }),
        400,
        'Referans kodu en fazla 100 karakter olabilir.',
        'payment.referenceTooLong',
      ],
      [payment({ studentId: randomUUID() }), 404, 'Öğrenci bulunamadı.', 'student.notFound'],
      [payment({ courseId: randomUUID() }), 404, 'Kurs bulunamadı.', 'course.notFound'],
    ];
    for (const [body, status, error, code] of cases) {
      const r = await api().post('addPayment', body);
      const answer = { error: r.body.error, code: r.body.code };
      expect({ body, status: r.status, answer }).toEqual({ body, status, answer: { error, code } });
    }
  });

  it('takes a negative correction', async () => {
    const r = await api().post('addPayment', payment({ amount: '-250', method: 'correction' }));
    expect(r.status).toBe(200);
    const p = (await api().get('getPayments', { studentId: student.id })).body.find(
      (x: { id: string }) => x.id === r.body.id,
    );
    expect(p).toMatchObject({ amount: -25000, method: 'correction', isCorrection: true });
  });
});

describe('editPayment, deletePayment, resurrectPayment, permanentlyDeletePayment', () => {
  it('edits, soft deletes to the deleted list, restores, and deletes for good only from the deleted list', async () => {
    const { body } = await api().post('addPayment', payment({ amount: 100 }));
    const find = async () =>
      (await api().get('getPayments', { studentId: student.id })).body.find(
        (x: { id: string }) => x.id === body.id,
      );

    const edit = await api().post('editPayment', {
      id: body.id,
      amount: '120.75',
      method: 'credit_card',
      notes: 'düzeltildi',
    });
    expect(edit.status).toBe(200);
    expect(await find()).toMatchObject({
      amount: 12075,
      method: 'credit_card',
      notes: 'düzeltildi',
      editedBy: owner.userId,
    });
    expect((await api().post('editPayment', { id: body.id, amount: 0 })).body).toEqual({
      error: 'Miktar hatalı',
      code: 'payment.amountInvalid',
      details: { field: 'amount' },
    });

    const early = await api().post('permanentlyDeletePayment', { id: body.id });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      error: 'Kalıcı silme yalnızca silinen ödemeler listesinden yapılabilir.',
      code: 'payment.purgeNotDeleted',
    });

    expect((await api().post('deletePayment', { id: body.id })).status).toBe(200);
    expect(await find()).toMatchObject({
      isDeleted: true,
      deletedAt: expect.any(String),
      deletedBy: owner.userId,
    });
    const twice = await api().post('deletePayment', { id: body.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'Ödeme zaten silinmiş.', code: 'payment.alreadyDeleted' });
    expect((await api().post('editPayment', { id: body.id, amount: 5 })).status).toBe(409);

    expect((await api().post('resurrectPayment', { id: body.id })).status).toBe(200);
    expect(await find()).toMatchObject({ isDeleted: false, deletedAt: null, amount: 12075 });
    const notDeleted = await api().post('resurrectPayment', { id: body.id });
    expect(notDeleted.body).toEqual({ error: 'Ödeme silinmemiş.', code: 'payment.notDeleted' });

    await api().post('deletePayment', { id: body.id });
    const purge = await api().post('permanentlyDeletePayment', { id: body.id });
    expect(purge.status).toBe(200);
    expect(await find()).toBeUndefined();
    const gone = await api().post('resurrectPayment', { id: body.id });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Ödeme bulunamadı.', code: 'payment.notFound' });
    expect((await api().post('deletePayment', { id: 'nope' })).body).toEqual({
      error: 'Ödeme seçilmemiş.',
      code: 'payment.idMissing',
      details: { field: 'id' },
    });
  });

  it('logs each action with the amounts (old and new on an edit)', async () => {
    const logs = (await api().post('requestOrgLogs', { limit: 200 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    const of = (action: string) => logs.find((l) => l.action === action)?.details;
    expect(of('add_payment')).toMatchObject({
      studentDbId: student.id,
      courseId: course,
      amount: expect.any(Number),
    });
    expect(of('edit_payment')).toMatchObject({ oldAmount: 10000, newAmount: 12075, amount: 12075 });
    expect(of('soft_delete_payment')).toMatchObject({ amount: 12075 });
    expect(of('resurrect_payment')).toMatchObject({ amount: 12075 });
    expect(of('delete_payment')).toMatchObject({ amount: 12075, studentDbId: student.id });
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'add_payment_failed',
        'edit_payment_failed',
        'soft_delete_payment_failed',
        'delete_payment_failed',
      ]),
    );
  });

  it('is school-admin only and keeps organisations apart', async () => {
    const { body } = await api().post('addPayment', payment());
    const inst = orgApi(t, instructor, owner.organizationId);
    expect((await inst.get('getPayments')).status).toBe(403);
    expect((await inst.post('addPayment', payment())).status).toBe(403);
    const theirs = orgApi(t, other, owner.organizationId);
    expect((await theirs.get('getPayments')).status).toBe(403);
    expect((await theirs.post('addPayment', payment())).status).toBe(403);
    for (const call of ['editPayment', 'deletePayment', 'resurrectPayment', 'permanentlyDeletePayment']) {
      expect((await theirs.post(call, { id: body.id, amount: 1 })).status).toBe(403);
    }
    expect((await orgApi(t, other).post('deletePayment', { id: body.id })).status).toBe(404);
    expect((await orgApi(t, other).post('editPayment', { id: body.id, amount: 1 })).status).toBe(404);
    expect((await orgApi(t, other).get('getPayments')).body).toEqual([]);
  });
});
