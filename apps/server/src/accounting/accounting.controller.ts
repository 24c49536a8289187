import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  accountingMonthAnswerSchema,
  accountingPageAnswerSchema,
  addAccountingEntrySchema,
  idAnswerSchema,
  editAccountingEntrySchema,
  getAccountingMonthQuerySchema,
  getAccountingQuerySchema,
  reverseAccountingEntrySchema,
} from '@okul/domain';
import { readAccountingMonth, readAccountingPage, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import type { Response } from 'express';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { ReadCache, sendCached } from '../infra/read-model/read-cache';
import { DB } from '../infra/tokens';
import {
  AddAccountingEntryCommand,
  EditAccountingEntryCommand,
  ReverseAccountingEntryCommand,
} from './accounting.commands';

/**
 * api.md 7.3 Accounting (school-admin, product.md 2 /giris/muhasebe): getAccounting and addAccountingEntry,
 * plus editAccountingEntry, reverseAccountingEntry and getAccountingMonth (docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class AccountingController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @Get('getAccounting')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(getAccountingQuerySchema)
  @ApiAnswer(accountingPageAnswerSchema, 'The entries of a period, filtered and paged, with totals')
  async getAccounting(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const org = req.org!.id;
    const q = parseBody(getAccountingQuerySchema, query);
    // Muhasebe's first screen: kept per page and filter while the entries (and the names of their authors)
    // stay as they were; the period is given in the query, so nothing in it changes with the clock.
    const key = [
      q.from,
      q.to,
      q.type,
      q.subtype,
      q.method,
      q.employeeId,
      q.includeReversed,
      q.limit,
      q.offset,
    ].map((v) => (v === undefined ? '' : String(v)));
    const answer = await this.cache.get(
      `getAccounting|${org}|${key.join('|')}`,
      org,
      ['accounting', 'accounts'],
      new Date(),
      async () => ({
        text: JSON.stringify(await readAccountingPage(this.db, org, q)),
        validUntil: Number.POSITIVE_INFINITY,
      }),
    );
    await sendCached(req, res, answer);
  }

  @Get('getAccountingMonth')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(getAccountingMonthQuerySchema)
  @ApiAnswer(accountingMonthAnswerSchema, "A month's entries beside the students' payments, per method")
  async getAccountingMonth(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const org = req.org!.id;
    const { period } = parseBody(getAccountingMonthQuerySchema, query);
    // Opened by every admin on Muhasebe: kept while the read models it is built from stay as they were
    // (nothing in a month's answer changes with the clock).
    const answer = await this.cache.get(
      `getAccountingMonth|${org}|${period}`,
      org,
      ['accounting', 'payments', 'students', 'courses', 'accounts'],
      new Date(),
      async () => ({
        text: JSON.stringify(await readAccountingMonth(this.db, org, period)),
        validUntil: Number.POSITIVE_INFINITY,
      }),
    );
    await sendCached(req, res, answer);
  }

  @Post('addAccountingEntry')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  @ApiBody(addAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('accounting.invalid')
  addAccountingEntry(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_accounting_entry', () =>
      this.commands.execute(
        new AddAccountingEntryCommand(
          ctx,
          newEntityId(ctx, 'accounting-entry'),
          parseBody(addAccountingEntrySchema, body),
        ),
      ),
    );
  }

  @Post('editAccountingEntry')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  @ApiBody(editAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('accounting.invalid', 'accounting.notFound', 'accounting.reversed')
  editAccountingEntry(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_accounting_entry', () =>
      this.commands.execute(new EditAccountingEntryCommand(ctx, parseBody(editAccountingEntrySchema, body))),
    );
  }

  @Post('reverseAccountingEntry')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  @ApiBody(reverseAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('accounting.notFound', 'accounting.reversed')
  reverseAccountingEntry(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'reverse_accounting_entry', () =>
      this.commands.execute(
        new ReverseAccountingEntryCommand(ctx, parseBody(reverseAccountingEntrySchema, body)),
      ),
    );
  }
}
