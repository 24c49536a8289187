import { generateTckn, guessColumnMapping } from '@okul/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildPreview,
  chunkRows,
  decodeCsvBytes,
  parseCsv,
  readImportFile,
  refusedRows,
  refusedRowsCsv,
} from './student-import';

const TODAY = { d: 26, m: 11, y: 2026 };

let seed = 4242;
const tckn = () =>
  generateTckn(() => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  });

// The Turkish letters of Windows-1254 (the rest of the text here is ASCII).
const CP1254: Record<string, number> = {
  ı: 0xfd,
  İ: 0xdd,
  ş: 0xfe,
  Ş: 0xde,
  ğ: 0xf0,
  Ğ: 0xd0,
  ü: 0xfc,
  Ü: 0xdc,
  ö: 0xf6,
  Ö: 0xd6,
  ç: 0xe7,
  Ç: 0xc7,
};
const cp1254 = (text: string) => Uint8Array.from([...text].map((c) => CP1254[c] ?? c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const file = (name: string, bytes: Uint8Array) => ({
  name,
  arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer,
});

describe('reading the file', () => {
  const text = 'Adı;Soyadı;Doğum Yeri\nŞükrü;Işık;Çorum\n';
  it.each([
    ['UTF-8', utf8(text)],
    ['UTF-8 with a byte order mark', utf8(`\uFEFF${text}`)],
    ['Windows-1254', cp1254(text)],
  ])('decodes %s to the same Turkish text', (_, bytes) => {
    expect(decodeCsvBytes(bytes)).toBe(text);
  });

  it('reads ";" and "," separated files alike, keeping each row’s line and skipping blank lines', () => {
    const semi = parseCsv('Ad;Soyad\nAli;Kaya\n\n"Ayşe; Nur";Işık\n');
    const comma = parseCsv('Ad,Soyad\r\nAli,Kaya\r\n\r\n"Ayşe; Nur",Işık\r\n');
    const expected = {
      headers: ['Ad', 'Soyad'],
      rows: [
        { line: 2, cells: ['Ali', 'Kaya'] },
        { line: 4, cells: ['Ayşe; Nur', 'Işık'] },
      ],
    };
    expect(semi).toEqual(expected);
    expect(comma).toEqual(expected);
  });

  it('reads the first sheet of an .xlsx file, date cells as dates and numbers as numbers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Öğrenciler');
    const t = tckn();
    sheet.addRow(['Ad Soyad', 'TC Kimlik No', 'Doğum Tarihi']);
    sheet.addRow(['Ayşe Yılmaz', Number(t), new Date(Date.UTC(2012, 2, 5))]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const table = await readImportFile(file('liste.xlsx', bytes));
    expect(table.headers).toEqual(['Ad Soyad', 'TC Kimlik No', 'Doğum Tarihi']);
    const [row] = buildPreview(table, guessColumnMapping(table.headers), TODAY);
    expect(row.values).toMatchObject({
      name: 'Ayşe',
      surname: 'Yılmaz',
      TCKN: t,
      dobD: 5,
      dobM: 3,
      dobY: 2012,
    });
  });

  it('refuses a file that is neither CSV nor .xlsx with the catalogue text', async () => {
    await expect(readImportFile(file('liste.pdf', utf8('x')))).rejects.toThrow(
      'Dosya okunamadı: .csv veya .xlsx biçiminde bir öğrenci listesi seçin.',
    );
  });
});

describe('preview, chunks and the refused rows file', () => {
  const header = 'Adı;Soyadı;TC Kimlik No;Doğum Tarihi;Doğum Yeri;Adres;Veli Telefonu';
  const a = tckn();
  const b = tckn();
  const csv = [
    header,
    `Ali;Kaya;${a};01.02.2012;Ankara;Çankaya;0532 111 22 33`,
    `Veli;Işık;12345678901;01.02.2012;Ankara;Çankaya;`,
    `Can;Demir;${b};2013-04-05;İzmir;"Alsancak; No 3";`,
    `Ece;Kaya;${a};01.02.2012;Ankara;Çankaya;`,
    `Efe;Ak;${tckn()};01.02.2012;Ankara;Çankaya;0212 000 00 00`,
  ].join('\n');
  const table = parseCsv(csv);
  const mapping = guessColumnMapping(table.headers);
  const preview = buildPreview(table, mapping, TODAY);

  it('checks every row with the form’s schema and messages, and a TCKN repeated in the file', () => {
    expect(mapping).toEqual(['name', 'surname', 'TCKN', 'birthDate', 'pob', 'address', 'parent1Phone']);
    expect(preview.map((r) => [r.line, r.ok ? 'ok' : r.error])).toEqual([
      [2, 'ok'],
      [3, 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz'],
      [4, 'ok'],
      [5, 'Öğrenci kaydedilemedi: Bu TC kimlik no dosyada 2. satırda da var'],
      [6, 'Öğrenci kaydedilemedi: 1. veli telefonu 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __'],
    ]);
    expect(preview[2].values).toMatchObject({ address: 'Alsancak; No 3', regD: 26, regM: 11, regY: 2026 });
  });

  it('cuts the rows into chunks by count and by size', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ line: i, pad: 'x'.repeat(100) }));
    expect(chunkRows(rows, 3).map((c) => c.length)).toEqual([3, 3, 1]);
    expect(chunkRows(rows, 10, 250).map((c) => c.length)).toEqual([2, 2, 2, 1]);
  });

  it('lists the preview’s and the server’s refusals with their reasons in a CSV Excel opens', () => {
    const refused = refusedRows(preview, [
      { line: 2, status: 'created', studentId: 's1', studentNumber: 26001 },
      { line: 4, status: 'refused', code: 'student.createInvalid', error: 'Öğrenci kaydedilemedi: X' },
    ]);
    expect(refused.map((r) => r.line)).toEqual([3, 4, 5, 6]);
    const out = refusedRowsCsv(table.headers, refused);
    expect(out.startsWith('\uFEFF')).toBe(true);
    const back = parseCsv(out.slice(1));
    expect(back.headers).toEqual([...table.headers, 'Satır', 'Hata']);
    expect(back.rows[1].cells).toEqual([
      'Can',
      'Demir',
      b,
      '2013-04-05',
      'İzmir',
      'Alsancak; No 3',
      '',
      '4',
      'Öğrenci kaydedilemedi: X',
    ]);
  });
});
