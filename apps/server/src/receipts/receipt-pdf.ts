import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import {
  amountInTurkishWords,
  formatStudentNumber,
  formatTl,
  toEpoch,
  toLocal,
  STATEMENT_ENTRY_LABELS,
  type BalanceSheetEntry,
  type StatementPeriod,
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The organisation's logo when it has uploaded one (api.md 7.5: `orgs/{orgID}/logos/logo.png`, stored under
 * DATA_DIR/media), else null. Anything but a PNG or JPEG there is left out rather than failing the document.
 */
export async function organizationLogo(dataDir: string, organizationId: string): Promise<Buffer | null> {
  try {
    const bytes = await readFile(join(dataDir, 'media', 'orgs', organizationId, 'logos', 'logo.png'));
    // pdfkit draws PNG and JPEG; the upload keeps the file name whatever the image's type.
    const drawable =
      bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.subarray(0, 3).equals(JPEG_SIGNATURE);
    return drawable ? bytes : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The logo centred above the institution's name, at most 140 x 50 points; an undecodable image is skipped. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null) {
  if (!logo) return;
  const width = 140;
  const height = 50;
  const x = (doc.page.width - width) / 2;
  const y = doc.y;
  try {
    doc.image(logo, x, y, { fit: [width, height], align: 'center', valign: 'center' });
    doc.y = y + height + 6;
  } catch {
    doc.y = y;
  }
}

/** Both documents open alike: the institution's logo and name, then the document's title. */
function documentHeading(
  doc: PDFKit.PDFDocument,
  logo: Buffer | null,
  organizationName: string | null,
  title: string,
) {
  drawLogo(doc, logo);
  doc
    .font('bold')
    .fontSize(14)
    .text(organizationName ?? '', { align: 'center' });
  doc.moveDown(0.4);
  doc.fontSize(16).text(title, { align: 'center' });
}

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
export function receiptPdf(
  facts: ReceiptFacts,
  receiptNumber: string,
  issuedAt: string,
  logo: Buffer | null = null,
): Promise<Buffer> {
  return render((doc) => {
    documentHeading(doc, logo, facts.organizationName, 'TAHSİLAT MAKBUZU');
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

const dayOf = (d: string) => d.split('-').reverse().join('.');

/**
 * Hesap Ekstresi: the student's balance sheet for a period (calendar days, both included; open ends allowed),
 * the balance carried in first, each entry with its running balance, and the balance at the period's end.
 */
export function statementPdf(
  heading: {
    studentNumber: number;
    studentName: string;
    organizationName: string | null;
    courseNames: Map<string, string>;
  },
  statement: StatementPeriod<BalanceSheetEntry>,
  period: { from?: string; to?: string },
  asOf: string,
  logo: Buffer | null = null,
): Promise<Buffer> {
  return render((doc) => {
    documentHeading(doc, logo, heading.organizationName, 'HESAP EKSTRESİ');
    doc.moveDown(0.8);
    line(doc, 'Öğrenci', `${formatStudentNumber(heading.studentNumber)} ${heading.studentName}`);
    line(doc, 'Tarih', day(asOf));
    if (period.from !== undefined || period.to !== undefined) {
      line(doc, 'Dönem', `${period.from ? dayOf(period.from) : '…'} – ${period.to ? dayOf(period.to) : '…'}`);
    }
    doc.moveDown(0.5);
    doc.font('text').fontSize(8);
    if (period.from !== undefined) doc.text(`Devreden bakiye: ${formatTl(statement.opening)}`);
    for (const e of statement.entries) {
      doc.text(
        `${day(e.timestamp)}  ${STATEMENT_ENTRY_LABELS[e.type] ?? e.type}  ${heading.courseNames.get(e.courseID) ?? ''}  ${formatTl(
          e.amount,
        )}  Bakiye: ${formatTl(e.rollingBalance)}`,
      );
    }
    doc.moveDown(0.8);
    doc
      .font('bold')
      .fontSize(10)
      .text(
        `${period.to !== undefined ? 'Dönem sonu bakiyesi' : 'Güncel bakiye'}: ${formatTl(statement.closing)}`,
      );
  }, `Hesap Ekstresi ${heading.studentName}`);
}
