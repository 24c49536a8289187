import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFParse } from 'pdf-parse';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let course: string;
let student: { id: string; studentNumber: number };
const tckn = tcknSource(61);
const api = () => orgApi(t, owner);

/** POSTs and reads the answer as bytes (supertest buffers application/pdf with this parser). */
function pdfCall(s: SignedIn, call: string, body: object, org = s.organizationId) {
  return request(t.http)
    .post(`/api/v1/orgs/${org}/${call}`)
    .set(s.auth)
    .send(body)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  t = await startTestServer();
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  course = await addCourse(t, owner, 'Bağlama');
  student = (await api().post('registerStudent', studentBody(tckn(), { name: 'Gülşen', surname: 'Işıkçı' })))
    .body;
});
afterAll(async () => t?.close());

const pay = (amount: string) =>
  api().post('addPayment', {
    studentId: student.id,
    courseId: course,
    amount,
    method: 'cash',
    referenceCode: 'ŞUBE-1',
  });

describe('Tahsilat Makbuzu', () => {
  it('prints the amount in figures and Turkish words with Turkish letters, and keeps its number', async () => {
    const p = await pay('1.250,50');
    const r = await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain('TAHSİLAT MAKBUZU');
    expect(text).toContain('1.250,50 TL');
    expect(text).toContain('bin iki yüz elli Türk lirası elli kuruş');
    expect(text).toContain('Gülşen Işıkçı');
    expect(text).toContain('Bağlama');
    expect(text).toContain('ŞUBE-1');
    const number = /\d{4}-\d{6}/.exec(text)![0];
    const again = await pdfText(
      (await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id })).body as Buffer,
    );
    expect(/\d{4}-\d{6}/.exec(again)![0]).toBe(number);
  });

  it('numbers receipts asked for at once without a gap or a duplicate', async () => {
    const payments = [];
    for (let i = 0; i < 6; i++) payments.push((await pay(String(100 + i))).body.id as string);
    const answers = await Promise.all(
      payments.map((paymentId) => pdfCall(owner, 'getPaymentReceipt', { paymentId })),
    );
    // A receipt that lost every retry is refused (409) and takes no number; ask again for those.
    for (const [i, a] of answers.entries()) {
      if (a.status !== 200)
        answers[i] = await pdfCall(owner, 'getPaymentReceipt', { paymentId: payments[i] });
    }
    const numbers = await Promise.all(
      answers.map(async (a) => /\d{4}-(\d{6})/.exec(await pdfText(a.body as Buffer))![1]),
    );
    // The first test's receipt is number 1.
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("refuses a deleted or another organisation's payment", async () => {
    const p = await pay('10');
    await api().post('deletePayment', { id: p.body.id });
    expect((await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id })).status).toBe(404);
    const live = await pay('11');
    expect((await pdfCall(other, 'getPaymentReceipt', { paymentId: live.body.id })).status).toBe(404);
    expect(
      (await pdfCall(other, 'getPaymentReceipt', { paymentId: live.body.id }, owner.organizationId)).status,
    ).toBe(403);
  });
});

describe('Hesap Ekstresi', () => {
  it("lists the student's balance sheet with the running balance", async () => {
    const r = await pdfCall(owner, 'getBalanceStatement', { studentId: student.id });
    expect(r.status).toBe(200);
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain('HESAP EKSTRESİ');
    expect(text).toContain('Gülşen Işıkçı');
    expect(text).toContain('Ödeme');
    expect(text).toMatch(/Güncel bakiye: [\d.]+,\d{2} TL/);
    expect((await pdfCall(other, 'getBalanceStatement', { studentId: student.id })).status).toBe(404);
  });
});
