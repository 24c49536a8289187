import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFParse } from 'pdf-parse';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
const dataDir = mkdtempSync(join(tmpdir(), 'okul-receipts-'));
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

/** The number printed as "Makbuz no: YYYY-NNNNNN". */
function receiptNumberOf(text: string): string {
  const number = /Makbuz no:\s*(\d{4}-\d{6})/.exec(text)?.[1];
  if (!number) throw new Error(`no receipt number in: ${text}`);
  return number;
}

beforeAll(async () => {
  t = await startTestServer({ DATA_DIR: dataDir });
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  course = await addCourse(t, owner, 'Bağlama');
  student = (await api().post('registerStudent', studentBody(tckn(), { name: 'Gülşen', surname: 'Işıkçı' })))
    .body;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A 1 x 1 PNG, as the image upload stores an organisation's logo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** An image drawn in a PDF is an XObject of subtype Image. */
const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

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
    // Read after its label: the organisation's generated name and other figures come first on the page.
    const number = receiptNumberOf(text);
    const again = await pdfText(
      (await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id })).body as Buffer,
    );
    expect(receiptNumberOf(again)).toBe(number);
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
      answers.map(async (a) => receiptNumberOf(await pdfText(a.body as Buffer)).slice(5)),
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

  it('covers a period: the balance carried in, the entries of those days, the balance at its end', async () => {
    const omer = (
      await api().post('registerStudent', studentBody(tckn(), { name: 'Ömer', surname: 'Çiçek' }))
    ).body as { id: string };
    for (const [amount, date] of [
      ['100', '2025-01-15'],
      ['200', '2025-02-15'],
      ['400', '2025-03-01'],
    ]) {
      const p = await api().post('addPayment', {
        studentId: omer.id,
        courseId: course,
        amount,
        method: 'cash',
        date,
      });
      expect(p.status).toBe(200);
    }
    const r = await pdfCall(owner, 'getBalanceStatement', {
      studentId: omer.id,
      from: '2025-02-01',
      to: '2025-02-28',
    });
    expect(r.status).toBe(200);
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain('Dönem: 01.02.2025 – 28.02.2025');
    expect(text).toContain('Devreden bakiye: 100,00 TL');
    expect(text).toContain('15.02.2025');
    expect(text).not.toContain('15.01.2025');
    expect(text).not.toContain('01.03.2025');
    expect(text).toContain('Dönem sonu bakiyesi: 300,00 TL');

    const reversed = await api().post('getBalanceStatement', {
      studentId: omer.id,
      from: '2025-03-01',
      to: '2025-02-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toContain('Başlangıç tarihi bitiş tarihinden sonra olamaz.');
  });
});

describe('the organisation logo', () => {
  it('is printed on receipts and statements once the organisation has one, and left out otherwise', async () => {
    const p = await pay('75');
    const without = await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id });
    expect(without.status).toBe(200);
    expect(hasImage(without.body as Buffer)).toBe(false);

    // api.md 7.5: orgs/{orgID}/logos/logo.png, under DATA_DIR/media.
    const logos = join(dataDir, 'media', 'orgs', owner.organizationId, 'logos');
    mkdirSync(logos, { recursive: true });
    writeFileSync(join(logos, 'logo.png'), PNG);
    const receipt = await pdfCall(owner, 'getPaymentReceipt', { paymentId: p.body.id });
    expect(receipt.status).toBe(200);
    expect(hasImage(receipt.body as Buffer)).toBe(true);
    expect(await pdfText(receipt.body as Buffer)).toContain('TAHSİLAT MAKBUZU');
    const statement = await pdfCall(owner, 'getBalanceStatement', { studentId: student.id });
    expect(hasImage(statement.body as Buffer)).toBe(true);

    // Another organisation's documents do not borrow it.
    const mine = (await orgApi(t, other).post('registerStudent', studentBody(tckn(), { name: 'Zehra' })))
      .body;
    const theirs = await pdfCall(other, 'getBalanceStatement', { studentId: mine.id });
    expect(theirs.status).toBe(200);
    expect(hasImage(theirs.body as Buffer)).toBe(false);
  });
});
