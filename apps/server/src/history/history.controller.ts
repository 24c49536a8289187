import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import {
  ROLES,
  recordHistoryAnswerSchema,
  recordHistoryQuerySchema,
  studentBalanceAsOfAnswerSchema,
  studentBalanceAsOfQuerySchema,
} from '@okul/domain';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import { HistoryQueries } from './history.queries';

/**
 * Geçmiş, for auditors: every version of a student, enrolment, payment, attendance or course with who, when,
 * from where and what changed, the record at a chosen moment, and a student's balance as it stood then.
 * school-admin and up (the role that sees these records and their amounts, product.md 6); reads only.
 */
@Controller('api/v1/orgs/:orgID')
export class HistoryController {
  constructor(@Inject(HistoryQueries) private readonly queries: HistoryQueries) {}

  @ApiQuery(recordHistoryQuerySchema)
  @ApiAnswer(recordHistoryAnswerSchema, "A record's versions, newest first, and the record at `at`")
  @ApiErrors('history.notFound')
  @Get('getRecordHistory')
  @MinRole(ROLES.schoolAdmin)
  getRecordHistory(@Req() req: AppRequest, @Query() query: unknown) {
    const q = parseBody(recordHistoryQuerySchema, query);
    return this.queries.recordHistory(req.org!.id, q.kind, q.id, q.at ?? new Date().toISOString());
  }

  @ApiQuery(studentBalanceAsOfQuerySchema)
  @ApiAnswer(studentBalanceAsOfAnswerSchema, "A student's balances and balance sheet as they stood at `at`")
  @ApiErrors('student.notFound')
  @Get('getStudentBalanceAsOf')
  @MinRole(ROLES.schoolAdmin)
  getStudentBalanceAsOf(@Req() req: AppRequest, @Query() query: unknown) {
    const q = parseBody(studentBalanceAsOfQuerySchema, query);
    return this.queries.studentBalanceAsOf(req.org!.id, q.id, q.at ?? new Date().toISOString());
  }
}
