import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  EXPORT_COLUMNS,
  EXPORT_FILE_NAMES,
  DomainError,
  ROLES,
  balanceSheetExportQuerySchema,
  balanceSheetRows,
  computeBalance,
  exportQuerySchema,
  toLocal,
  type ExportList,
  type ExportValue,
} from '@okul/domain';
import {
  exportAccountingEntries,
  exportDueList,
  exportPayments,
  exportStudents,
  readBalanceInput,
  readStatementHeading,
  type Db,
} from '@okul/projections';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { ApiAnswerMedia, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { CONTENT_TYPES, writeTable } from './table-writer';

const SHEETS: Record<ExportList, string> = {
  students: 'Öğrenciler',
  payments: 'Ödemeler',
  accounting: 'Muhasebe',
  due: 'Ödeme Bekleyenler',
  balance: 'Bakiye Çizelgesi',
};

const today = () => {
  const l = toLocal(Date.now());
  return `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
};

const MEDIA = `${CONTENT_TYPES.xlsx} (format=xlsx, default) or ${CONTENT_TYPES.csv} (format=csv)`;

/**
 * Exports (ours, docs/DECISIONS.md): the lists school-admins keep outside the product, as CSV or .xlsx,
 * streamed from the read models in batches.
 */
@Controller('api/v1/orgs/:orgID')
export class ExportsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  private send(res: Response, query: unknown, list: ExportList, rows: AsyncIterable<ExportValue[][]>) {
    const { format } = parseBody(exportQuerySchema, query);
    return writeTable(
      res,
      format,
      `${EXPORT_FILE_NAMES[list]}-${today()}`,
      SHEETS[list],
      EXPORT_COLUMNS[list],
      rows,
    );
  }

  @Get('exportStudents')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(exportQuerySchema)
  @ApiAnswerMedia(MEDIA, 'The students list')
  exportStudents(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const rows = exportStudents(this.db, req.org!.id, new Date().toISOString());
    return this.send(res, query, 'students', rows);
  }

  @Get('exportPayments')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(exportQuerySchema)
  @ApiAnswerMedia(MEDIA, 'The payments, deleted ones left out')
  exportPayments(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    return this.send(res, query, 'payments', exportPayments(this.db, req.org!.id));
  }

  @Get('exportAccounting')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(exportQuerySchema)
  @ApiAnswerMedia(MEDIA, 'The accounting entries, reversed ones left out')
  exportAccounting(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    return this.send(res, query, 'accounting', exportAccountingEntries(this.db, req.org!.id));
  }

  @Get('exportDueList')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(exportQuerySchema)
  @ApiAnswerMedia(MEDIA, 'The due list of Ana Sayfa (api.md 9.3)')
  exportDueList(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const rows = exportDueList(this.db, req.org!.id, new Date().toISOString());
    return this.send(res, query, 'due', rows);
  }

  @Get('exportBalanceSheet')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(balanceSheetExportQuerySchema)
  @ApiAnswerMedia(MEDIA, "A student's balance sheet for a period, the balance carried in first")
  @ApiErrors('student.notFound')
  async exportBalanceSheet(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const { format, studentId, from, to } = parseBody(balanceSheetExportQuerySchema, query);
    const orgId = req.org!.id;
    const heading = await readStatementHeading(this.db, orgId, studentId);
    if (!heading) throw new DomainError('student.notFound');
    const sheet = computeBalance({
      ...(await readBalanceInput(this.db, orgId, studentId)),
      now: new Date().toISOString(),
    }).balanceSheet;
    // One student's sheet is small: it goes out as one batch.
    const rows = balanceSheetRows(sheet, { from, to }, (id) => heading.courseNames.get(id) ?? '');
    return writeTable(
      res,
      format,
      `${EXPORT_FILE_NAMES.balance}-${heading.studentNumber}-${today()}`,
      SHEETS.balance,
      EXPORT_COLUMNS.balance,
      (async function* () {
        yield rows;
      })(),
    );
  }
}
