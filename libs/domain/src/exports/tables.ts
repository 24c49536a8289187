import { z } from 'zod';
import { message } from '../shared/messages';
import { toDecimalTl } from '../shared/money';
import { localToIso, toEpoch, toLocal } from '../shared/time';
import { checkStatementPeriod, statementPeriod, statementPeriodFields } from '../receipts/statement';

/** How a column's values are written: text as it is, money from kuruş, a calendar day, a whole number. */
export type ExportCellKind = 'text' | 'money' | 'day' | 'number';
export interface ExportColumn {
  header: string;
  kind: ExportCellKind;
  width?: number;
}
export type ExportValue = string | number | null;

/** The lists that can be exported, with their Turkish file names (ours, docs/DECISIONS.md exports). */
export const EXPORT_LISTS = ['students', 'payments', 'accounting', 'due', 'balance'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_FILE_NAMES: Record<ExportList, string> = {
  students: 'ogrenciler',
  payments: 'odemeler',
  accounting: 'muhasebe-kayitlari',
  due: 'odeme-bekleyenler',
  balance: 'bakiye-cizelgesi',
};
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS: Record<ExportList, ExportColumn[]> = {
  students: [
    { header: 'Öğrenci No', kind: 'text', width: 12 },
    { header: 'Ad', kind: 'text', width: 18 },
    { header: 'Soyad', kind: 'text', width: 18 },
    { header: 'T.C. Kimlik No', kind: 'text', width: 14 },
    { header: 'Doğum Tarihi', kind: 'text', width: 12 },
    { header: 'Telefon', kind: 'text', width: 14 },
    { header: 'Veli 1 Telefon', kind: 'text', width: 14 },
    { header: 'Veli 2 Telefon', kind: 'text', width: 14 },
    { header: 'Aktif Kurslar', kind: 'text', width: 30 },
    { header: 'Durum', kind: 'text', width: 10 },
    { header: 'Kayıt Tarihi', kind: 'day', width: 12 },
  ],
  payments: [
    { header: 'Tarih', kind: 'day', width: 12 },
    { header: 'Öğrenci No', kind: 'text', width: 12 },
    { header: 'Öğrenci', kind: 'text', width: 24 },
    { header: 'Kurs', kind: 'text', width: 18 },
    { header: 'Tutar (TL)', kind: 'money', width: 14 },
    { header: 'Yöntem', kind: 'text', width: 18 },
    { header: 'Referans', kind: 'text', width: 16 },
    { header: 'Not', kind: 'text', width: 30 },
  ],
  accounting: [
    { header: 'Tarih', kind: 'day', width: 12 },
    { header: 'Tür', kind: 'text', width: 8 },
    { header: 'Alt Tür', kind: 'text', width: 8 },
    { header: 'Yöntem', kind: 'text', width: 18 },
    { header: 'Tutar (TL)', kind: 'money', width: 14 },
    { header: 'Çalışan', kind: 'text', width: 20 },
    { header: 'Makbuz No', kind: 'text', width: 14 },
    { header: 'Not', kind: 'text', width: 30 },
  ],
  due: [
    { header: 'Öğrenci No', kind: 'text', width: 12 },
    { header: 'Öğrenci', kind: 'text', width: 24 },
    { header: 'Kurs', kind: 'text', width: 18 },
    { header: 'Borç (TL)', kind: 'money', width: 14 },
  ],
  balance: [
    { header: 'Tarih', kind: 'day', width: 12 },
    { header: 'İşlem', kind: 'text', width: 16 },
    { header: 'Kurs', kind: 'text', width: 18 },
    { header: 'Tutar (TL)', kind: 'money', width: 14 },
    { header: 'Bakiye (TL)', kind: 'money', width: 14 },
  ],
};

/** GET export{List}?format=csv|xlsx */
export const exportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: message('export.formatInvalid') }).default('xlsx'),
});

/** GET exportBalanceSheet?studentId&from&to&format: one student's balance sheet for a period (days included). */
export const balanceSheetExportQuerySchema = exportQuerySchema
  .extend({ studentId: z.uuid({ error: message('student.notFound') }), ...statementPeriodFields })
  .superRefine(checkStatementPeriod);

/** The names of the balance sheet's entries (Hesap Ekstresi and its export). */
export const STATEMENT_ENTRY_LABELS: Record<string, string> = {
  attendance: 'Ders',
  payment: 'Ödeme',
  periodic_charge: 'Dönem ücreti',
};

/**
 * The balance sheet's rows for a period as exported: the balance carried in first (when the period has a
 * start), then each entry with its amount and running balance (kuruş; charges negative).
 */
export function balanceSheetRows(
  sheet: ReadonlyArray<{
    type: string;
    courseID: string;
    amount: number;
    timestamp: string;
    rollingBalance: number;
  }>,
  period: { from?: string; to?: string },
  courseName: (id: string) => string,
): ExportValue[][] {
  const p = statementPeriod(sheet, period);
  const rows: ExportValue[][] = [];
  if (period.from !== undefined) {
    const [year, month, day] = period.from.split('-').map(Number);
    rows.push([localToIso({ year, month, day }), 'Devreden bakiye', null, null, p.opening]);
  }
  for (const e of p.entries) {
    rows.push([
      e.timestamp,
      STATEMENT_ENTRY_LABELS[e.type] ?? e.type,
      courseName(e.courseID),
      e.amount,
      e.rollingBalance,
    ]);
  }
  return rows;
}

/** A calendar day of the institution as "dd.MM.yyyy" (Istanbul). */
export function formatDay(iso: string): string {
  const l = toLocal(toEpoch(iso));
  return `${String(l.day).padStart(2, '0')}.${String(l.month).padStart(2, '0')}.${l.year}`;
}

/** The Istanbul calendar day of an instant as a UTC midnight Date: a spreadsheet date has no time zone. */
export function spreadsheetDay(iso: string): Date {
  const l = toLocal(toEpoch(iso));
  return new Date(Date.UTC(l.year, l.month - 1, l.day));
}

/**
 * A CSV cell for Turkish spreadsheets (semicolon separated, decimal comma): money as "1500,50" without
 * thousands separators so it is read as a number, days as dd.MM.yyyy, text quoted when it must be. A text
 * starting with = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(kind: ExportCellKind, value: ExportValue): string {
  if (value === null || value === '') return '';
  if (kind === 'money') return toDecimalTl(Number(value)).replace('.', ',');
  if (kind === 'number') return String(value);
  const text = kind === 'day' ? formatDay(String(value)) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(columns: readonly ExportColumn[], values: readonly ExportValue[]): string {
  return `${columns.map((c, i) => csvCell(c.kind, values[i] ?? null)).join(';')}\r\n`;
}

export function csvHeader(columns: readonly ExportColumn[]): string {
  return `${columns.map((c) => csvCell('text', c.header)).join(';')}\r\n`;
}
