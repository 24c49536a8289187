import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStudentNumber } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const tckn = tcknSource(73);
const api = () => orgApi(t, owner);
let studentNumber: number;
let debtorNumber: number;
let studentId: string;

/** GETs an export and reads the answer as bytes. */
function download(
  s: SignedIn,
  call: string,
  format: string,
  org = s.organizationId,
  query: Record<string, string> = {},
) {
  return request(t.http)
    .get(`/api/v1/orgs/${org}/${call}`)
    .query({ format, ...query })
    .set(s.auth)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
  const course = await addCourse(t, owner, 'Bağlama');
  const s = await api().post(
    'registerStudent',
    studentBody(tckn(), { name: 'Çağrı', surname: 'Öztürk', regD: 1, regM: 1, regY: 2025 }),
  );
  expect(s.status).toBe(200);
  studentNumber = s.body.studentNumber;
  studentId = s.body.id;
  await api().post('addEnrollment', {
    studentId: s.body.id,
    courseId: course,
    price: '400',
    startDate: '2025-01-01',
  });
  for (const [amount, date, notes] of [
    ['1.500,50', '2025-02-05', 'Şubat; "taksit"'],
    ['99,99', '2025-03-01', '=1+1'],
  ]) {
    const p = await api().post('addPayment', {
      studentId: s.body.id,
      courseId: course,
      amount,
      method: 'cash',
      date,
      notes,
    });
    expect(p.status).toBe(200);
  }
  // A second student attended one lesson and paid nothing: owes 400 TL.
  const d = await api().post(
    'registerStudent',
    studentBody(tckn(), { name: 'Derya', surname: 'Ünal', regD: 1, regM: 1, regY: 2025 }),
  );
  debtorNumber = d.body.studentNumber;
  await api().post('addEnrollment', {
    studentId: d.body.id,
    courseId: course,
    price: '400',
    startDate: '2025-01-01',
  });
  const lesson = await api().post('addAttendance', {
    courseId: course,
    attendants: [d.body.id],
    day: 10,
    month: 1,
    year: 2025,
    hour: 18,
    minute: 0,
  });
  expect(lesson.status).toBe(200);
  const deleted = await api().post('addPayment', {
    studentId: s.body.id,
    courseId: course,
    amount: '7',
    method: 'cash',
  });
  expect((await api().post('deletePayment', { id: deleted.body.id })).status).toBe(200);
  const e = await api().post('addEmployee', { name: 'İlker', surname: 'Şahin', employeeTypeId: 1 });
  for (const body of [
    {
      type: 'cost',
      subtype: 'wage',
      method: 'bank_transfer',
      amount: '2.000,00',
      date: '2025-02-28',
      employeeId: e.body.id,
    },
    {
      type: 'revenue',
      subtype: 'other',
      method: 'cash',
      amount: '300',
      date: '2025-02-10',
      notes: 'Kitap satışı',
    },
  ]) {
    expect((await api().post('addAccountingEntry', body)).status).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('exportBalanceSheet', () => {
  it("writes a student's balance sheet for a period, the balance carried in first, as .xlsx and CSV", async () => {
    const period = { studentId, from: '2025-02-10', to: '2025-03-31' };
    const x = await download(owner, 'exportBalanceSheet', 'xlsx', owner.organizationId, period);
    expect(x.status).toBe(200);
    expect(x.headers['content-disposition']).toMatch(
      new RegExp(`filename="bakiye-cizelgesi-${studentNumber}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );
    const rows = await sheetRows(x.body as Buffer);
    expect(rows[0]).toEqual(['Tarih', 'İşlem', 'Kurs', 'Tutar (TL)', 'Bakiye (TL)']);
    // Read back: days as dates, money as numbers that sum; the 5 February payment is carried in.
    expect(rows.slice(1)).toEqual([
      [new Date(Date.UTC(2025, 1, 10)), 'Devreden bakiye', undefined, undefined, 1500.5],
      [new Date(Date.UTC(2025, 2, 1)), 'Ödeme', 'Bağlama', 99.99, 1600.49],
    ]);

    const c = await download(owner, 'exportBalanceSheet', 'csv', owner.organizationId, period);
    expect(c.status).toBe(200);
    expect((c.body as Buffer).toString('utf8')).toBe(
      '\uFEFFTarih;İşlem;Kurs;Tutar (TL);Bakiye (TL)\r\n' +
        '10.02.2025;Devreden bakiye;;;1500,50\r\n' +
        '01.03.2025;Ödeme;Bağlama;99,99;1600,49\r\n',
    );

    const whole = await download(owner, 'exportBalanceSheet', 'csv', owner.organizationId, { studentId });
    expect((whole.body as Buffer).toString('utf8').trim().split('\r\n')).toHaveLength(3);
  });

  it('refuses a reversed period, another organisation and an unknown student', async () => {
    const reversed = await api().get('exportBalanceSheet', {
      studentId,
      from: '2025-03-01',
      to: '2025-02-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toContain('Başlangıç tarihi bitiş tarihinden sonra olamaz.');
    const bad = await api().get('exportBalanceSheet', { studentId, from: '2025-02-30' });
    expect(bad.body.error).toContain('Tarih hatalı (YYYY-AA-GG).');
    const foreign = await download(other, 'exportBalanceSheet', 'csv', other.organizationId, { studentId });
    expect(foreign.status).toBe(404);
    const outsider = await download(other, 'exportBalanceSheet', 'csv', owner.organizationId, { studentId });
    expect(outsider.status).toBe(403);
  });
});

describe('exports', () => {
  it('writes the payments as CSV for a Turkish spreadsheet: BOM, semicolons, decimal comma, dd.MM.yyyy', async () => {
    const r = await download(owner, 'exportPayments', 'csv');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="odemeler-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = (r.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const n = formatStudentNumber(studentNumber);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Tarih;Öğrenci No;Öğrenci;Kurs;Tutar (TL);Yöntem;Referans;Not',
      `05.02.2025;${n};Çağrı Öztürk;Bağlama;1500,50;Nakit;;"Şubat; ""taksit"""`,
      // A formula-looking text is written as text.
      `01.03.2025;${n};Çağrı Öztürk;Bağlama;99,99;Nakit;;'=1+1`,
      '',
    ]);
  });

  it('writes the payments as .xlsx with numbers that sum and dates', async () => {
    const r = await download(owner, 'exportPayments', 'xlsx');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await sheetRows(r.body as Buffer);
    expect(rows[0]).toEqual([
      'Tarih',
      'Öğrenci No',
      'Öğrenci',
      'Kurs',
      'Tutar (TL)',
      'Yöntem',
      'Referans',
      'Not',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[4], row[7]])).toEqual([
      [new Date(Date.UTC(2025, 1, 5)), 'Çağrı Öztürk', 1500.5, 'Şubat; "taksit"'],
      [new Date(Date.UTC(2025, 2, 1)), 'Çağrı Öztürk', 99.99, '=1+1'],
    ]);
  });

  it('writes the accounting entries with costs negative, so the column sums to the net', async () => {
    const rows = await sheetRows((await download(owner, 'exportAccounting', 'xlsx')).body as Buffer);
    expect(
      rows.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[5] ?? null, row[7] ?? null]),
    ).toEqual([
      ['Gelir', 'Diğer', 'Nakit', 300, null, 'Kitap satışı'],
      ['Gider', 'Maaş', 'Banka havalesi / EFT', -2000, 'İlker Şahin', null],
    ]);
  });

  it('writes the students list and the due list', async () => {
    const students = (await download(owner, 'exportStudents', 'csv')).body.toString('utf8').split('\r\n');
    expect(students[0]).toBe(
      '\uFEFFÖğrenci No;Ad;Soyad;T.C. Kimlik No;Doğum Tarihi;Telefon;Veli 1 Telefon;Veli 2 Telefon;Aktif Kurslar;Durum;Kayıt Tarihi',
    );
    expect(students[1]).toContain(`${formatStudentNumber(studentNumber)};Çağrı;Öztürk;`);
    expect(students[1]).toContain(';Bağlama;Aktif;');
    const due = await sheetRows((await download(owner, 'exportDueList', 'xlsx')).body as Buffer);
    expect(due[0]).toEqual(['Öğrenci No', 'Öğrenci', 'Kurs', 'Borç (TL)']);
    // Çağrı has paid ahead (nothing due); Derya owes her lesson.
    expect(due.slice(1)).toEqual([[formatStudentNumber(debtorNumber), 'Derya Ünal', 'Bağlama', 400]]);
  });

  it('refuses an unknown format and callers outside school admins of the organisation', async () => {
    const bad = await api().get('exportPayments', { format: 'pdf' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Dosya biçimi csv veya xlsx olmalıdır.');
    expect((await download(instructor, 'exportPayments', 'csv', owner.organizationId)).status).toBe(403);
    expect((await download(other, 'exportPayments', 'csv', owner.organizationId)).status).toBe(403);
    const own = (await download(other, 'exportPayments', 'csv')).body.toString('utf8');
    expect(own.slice(1).split('\r\n')).toEqual([
      'Tarih;Öğrenci No;Öğrenci;Kurs;Tutar (TL);Yöntem;Referans;Not',
      '',
    ]);
  });
});
