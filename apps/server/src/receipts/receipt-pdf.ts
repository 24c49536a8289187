import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import {
  amountInTurkishWords,
  formatStudentNumber,
  formatTl,
  toEpoch,
  toLocal,
  type BalanceSheetEntry,
} from '@okul/domain';
import type { ReceiptFacts } from '@okul/projections';

// The PDF standard fonts have no ğ, ş, ı, İ: DejaVu Sans (an npm font package) is embedded instead.
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = join(FONT_DIR, 'DejaVuSans.ttf');
const FONT_BOLD = join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const METHOD_LABELS: Record<string, string> = {
  cash: 'Nakit',
  bank_transfer: 'Banka havalesi / EFT',
  credit_card: 'Kredi kartı',
  other: 'Diğer',
  correction: 'Düzeltme',
};

const day = (iso: string) => {
  const l = toLocal(toEpoch(iso));
  return `${String(l.day).padStart(2, '0')}.${String(l.month).padStart(2, '0')}.${l.year}`;
};

function render(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: title }, lang: 'tr-TR' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('text', FONT);
    doc.registerFont('bold', FONT_BOLD);
    draw(doc);
    doc.end();
  });
}

function line(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('text').text(value);
  doc.moveDown(0.3);
}

/** Tahsilat Makbuzu: the institution, the number, the student and course, the amount in figures and words. */
export function receiptPdf(facts: ReceiptFacts, receiptNumber: string, issuedAt: string): Promise<Buffer> {
  return render((doc) => {
    doc
      .font('bold')
      .fontSize(14)
      .text(facts.organizationName ?? '', { align: 'center' });
    doc.moveDown(0.4);
    doc.fontSize(16).text('TAHSİLAT MAKBUZU', { align: 'center' });
    doc.moveDown(1);
    line(doc, 'Makbuz no', receiptNumber);
    line(doc, 'Düzenleme tarihi', day(issuedAt));
    line(doc, 'Ödeme tarihi', day(facts.date));
    line(
      doc,
      'Öğrenci',
      `${facts.studentNumber !== null ? `${formatStudentNumber(facts.studentNumber)} ` : ''}${facts.studentName ?? ''}`,
    );
    line(doc, 'Kurs', facts.courseName ?? '');
    line(doc, 'Tutar', formatTl(facts.amount));
    line(doc, 'Yalnız', `${amountInTurkishWords(facts.amount)}`);
    line(
      doc,
      'Ödeme yöntemi',
      facts.method ? (METHOD_LABELS[facts.method] ?? facts.method) : 'Belirtilmemiş',
    );
    if (facts.referenceCode) line(doc, 'Referans', facts.referenceCode);
    doc.moveDown(2);
    doc.font('text').fontSize(10).text('Teslim alan (imza)', { align: 'right' });
  }, `Tahsilat Makbuzu ${receiptNumber}`);
}

const ENTRY_LABELS: Record<string, string> = {
  attendance: 'Ders',
  payment: 'Ödeme',
  periodic_charge: 'Dönem ücreti',
};

/** Hesap Ekstresi: the student's balance sheet, each entry with its running balance. */
export function statementPdf(
  heading: {
    studentNumber: number;
    studentName: string;
    organizationName: string | null;
    courseNames: Map<string, string>;
  },
  sheet: BalanceSheetEntry[],
  asOf: string,
): Promise<Buffer> {
  return render((doc) => {
    doc
      .font('bold')
      .fontSize(14)
      .text(heading.organizationName ?? '', { align: 'center' });
    doc.moveDown(0.4);
    doc.fontSize(16).text('HESAP EKSTRESİ', { align: 'center' });
    doc.moveDown(0.8);
    line(doc, 'Öğrenci', `${formatStudentNumber(heading.studentNumber)} ${heading.studentName}`);
    line(doc, 'Tarih', day(asOf));
    doc.moveDown(0.5);
    doc.font('text').fontSize(8);
    for (const e of sheet) {
      doc.text(
        `${day(e.timestamp)}  ${ENTRY_LABELS[e.type] ?? e.type}  ${heading.courseNames.get(e.courseID) ?? ''}  ${formatTl(
          e.amount,
        )}  Bakiye: ${formatTl(e.rollingBalance)}`,
      );
    }
    const last = sheet.at(-1)?.rollingBalance ?? 0;
    doc.moveDown(0.8);
    doc
      .font('bold')
      .fontSize(10)
      .text(`Güncel bakiye: ${formatTl(last)}`);
  }, `Hesap Ekstresi ${heading.studentName}`);
}
