import {
  csvHeader,
  csvLine,
  spreadsheetDay,
  type ExportColumn,
  type ExportFormat,
  type ExportValue,
} from '@okul/domain';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { once } from 'node:events';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Waits while the client is slower than the database, so at most a batch or two is ever held here. */
async function drained(res: Response) {
  if (res.writableNeedDrain) await once(res, 'drain');
}

/** A spreadsheet cell: money as a number of TL that sums (kuruş / 100), days as dates, the rest as it is. */
function xlsxCell(kind: ExportColumn['kind'], value: ExportValue): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'money') return Number(value) / 100;
  if (kind === 'day') return spreadsheetDay(String(value));
  return value;
}

/**
 * Streams a list as CSV (UTF-8 with BOM, semicolons, decimal comma: what a Turkish Excel opens as columns and
 * numbers) or .xlsx (exceljs's streaming writer, one row committed at a time), batch by batch: the whole list
 * is never in memory. The first batch is read before anything is sent, so a failing read still answers an
 * error; a failure later cuts the download off.
 */
export async function writeTable(
  res: Response,
  format: ExportFormat,
  fileName: string,
  sheetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportValue[][]>,
): Promise<void> {
  const it = batches[Symbol.asyncIterator]();
  let next = await it.next();
  res.status(200);
  res.setHeader('Content-Type', CONTENT_TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
  try {
    if (format === 'csv') {
      res.write(`\uFEFF${csvHeader(columns)}`);
      while (!next.done) {
        res.write(next.value.map((row) => csvLine(columns, row)).join(''));
        await drained(res);
        next = await it.next();
      }
      res.end();
      return;
    }
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: res,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width ?? 14,
      style: c.kind === 'money' ? { numFmt: '#,##0.00' } : c.kind === 'day' ? { numFmt: 'dd.mm.yyyy' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    while (!next.done) {
      for (const row of next.value)
        sheet.addRow(columns.map((c, i) => xlsxCell(c.kind, row[i] ?? null))).commit();
      await drained(res);
      next = await it.next();
    }
    sheet.commit();
    await book.commit();
  } catch (e) {
    res.destroy(e as Error);
  }
}
