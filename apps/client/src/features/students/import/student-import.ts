import {
  IMPORT_CHUNK_MAX,
  checkImportRow,
  duplicateRefusal,
  duplicateTcknLines,
  mapImportRow,
  message,
  type ColumnMapping,
  type DateParts,
  type ImportCell,
  type ImportRowOutcome,
  type RowRefusal,
  type StudentFormValues,
} from '@okul/domain';
import Papa from 'papaparse';

/** A file read into a header row and its data rows (the line of each row in the file kept). */
export interface ImportTable {
  headers: string[];
  rows: { line: number; cells: ImportCell[] }[];
}

/**
 * The text of a CSV file: UTF-8 (with or without a byte order mark), or else Windows-1254, the Turkish code
 * page older Excel versions save CSV in. A UTF-8 decoder that refuses the bytes tells the two apart.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1254').decode(bytes);
  }
}

function tableOf(grid: ImportCell[][]): ImportTable {
  const headerAt = grid.findIndex((row) =>
    row.some((c) => c !== null && c !== undefined && String(c).trim()),
  );
  if (headerAt < 0) return { headers: [], rows: [] };
  const headers = grid[headerAt].map((c) => (c === null || c === undefined ? '' : String(c).trim()));
  const rows = grid
    .map((cells, i) => ({ line: i + 1, cells }))
    .slice(headerAt + 1)
    .filter(({ cells }) => cells.some((c) => c !== null && c !== undefined && String(c).trim() !== ''));
  return { headers, rows };
}

/** The separator the header line uses most: ";" (Excel in Turkish settings), "," or a tab. */
export function guessDelimiter(text: string): string {
  const header = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const unquoted = header.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, unquoted.split(d).length - 1] as const);
  const [best, n] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return n > 0 ? best : ',';
}

/** A CSV text (Papa Parse), its blank lines skipped but counted, so each row keeps its line in the file. */
export function parseCsv(text: string): ImportTable {
  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  return tableOf(parsed.data);
}

/** The first sheet of an .xlsx file (read-excel-file, loaded with this screen only). */
export async function parseXlsx(data: ArrayBuffer): Promise<ImportTable> {
  const { readSheet } = await import('read-excel-file/universal');
  const grid = await readSheet(data);
  return tableOf(grid as ImportCell[][]);
}

export type ImportFileKind = 'csv' | 'xlsx';

export function importFileKind(name: string): ImportFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

export async function readImportFile(file: { name: string; arrayBuffer(): Promise<ArrayBuffer> }) {
  const kind = importFileKind(file.name);
  if (kind === null) throw new Error(message('studentImport.fileUnreadable'));
  const data = await file.arrayBuffer();
  try {
    return kind === 'csv' ? parseCsv(decodeCsvBytes(new Uint8Array(data))) : await parseXlsx(data);
  } catch {
    throw new Error(message('studentImport.fileUnreadable'));
  }
}

/** One row of the preview: the form's values, and whether the form accepts them (with its message if not). */
export type PreviewRow = {
  line: number;
  cells: ImportCell[];
  values: StudentFormValues;
} & ({ ok: true } | ({ ok: false } & RowRefusal));

/**
 * Every row mapped and checked with the student form's schema; a TCKN repeated in the file is refused on its
 * later lines (the server would take the first one only).
 */
export function buildPreview(table: ImportTable, mapping: ColumnMapping, today: DateParts): PreviewRow[] {
  const mapped = table.rows.map(({ line, cells }) => {
    const values = mapImportRow(cells, mapping, today);
    return { line, cells, values, checked: checkImportRow(values) };
  });
  const duplicates = duplicateTcknLines(
    mapped.map((r) => ({ line: r.line, tckn: r.checked.ok ? r.checked.student.TCKN : null })),
  );
  return mapped.map(({ line, cells, values, checked }): PreviewRow => {
    if (!checked.ok) return { line, cells, values, ok: false, code: checked.code, error: checked.error };
    const earlier = duplicates.get(line);
    if (earlier !== undefined) return { line, cells, values, ok: false, ...duplicateRefusal(earlier) };
    return { line, cells, values, ok: true };
  });
}

/** The JSON body stays well under the server's 1 MB limit even with long notes and addresses. */
const CHUNK_BYTES = 600_000;

/** The rows to send, in chunks of at most IMPORT_CHUNK_MAX rows and about CHUNK_BYTES of JSON. */
export function chunkRows<T>(rows: readonly T[], max = IMPORT_CHUNK_MAX, maxBytes = CHUNK_BYTES): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (current.length > 0 && (current.length >= max || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface RefusedRow {
  line: number;
  cells: ImportCell[];
  error: string;
}

/** The refused rows preview and server refused, in line order, each once. */
export function refusedRows(
  preview: readonly PreviewRow[],
  answers: readonly ImportRowOutcome[],
): RefusedRow[] {
  const byLine = new Map(answers.map((a) => [a.line, a]));
  return preview.flatMap((row): RefusedRow[] => {
    if (!row.ok) return [{ line: row.line, cells: row.cells, error: row.error }];
    const answer = byLine.get(row.line);
    return answer?.status === 'refused' ? [{ line: row.line, cells: row.cells, error: answer.error }] : [];
  });
}

function csvCell(value: ImportCell | string | number): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString().slice(0, 10)
        : String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The refused rows as CSV for Excel in Turkish settings: ";"-separated, UTF-8 with a byte order mark, the
 * file's own columns followed by the line number and the reason, so it can be corrected and imported again.
 */
export function refusedRowsCsv(headers: readonly string[], rows: readonly RefusedRow[]): string {
  const lines = [[...headers, 'Satır', 'Hata'].map(csvCell).join(';')];
  for (const r of rows) {
    const cells = headers.map((_, i) => csvCell(r.cells[i]));
    lines.push([...cells, csvCell(r.line), csvCell(r.error)].join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
