import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  accountingMonthSchema,
  accountingPageSchema,
  addAccountingEntrySchema,
  idAnswerSchema,
  editAccountingEntrySchema,
  getAccountingMonthQuerySchema,
  getAccountingQuerySchema,
  reverseAccountingEntrySchema,
} from '@okul/domain';
import { readAccountingMonth, readAccountingPage, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { ApiAnswer, ApiBody, ApiQuery } from '../infra/http/api-doc';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import {
  AddAccountingEntryCommand,
  EditAccountingEntryCommand,
  ReverseAccountingEntryCommand,
} from './accounting.commands';

import { idAnswerSchema } from '@okul/domain';
import { z } from 'zod';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';

// The readers' answers as the docs describe them (their full types are the readers' return types).
const accountingEntryAnswer = z
  .object({ id: z.string(), type: z.string(), amount: z.number(), date: z.string() })
  .loose();
const accountingPageAnswer = z.object({
  entries: z.array(accountingEntryAnswer),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  totals: z.object({ revenue: z.number(), cost: z.number(), net: z.number() }).loose(),
});
const accountingMonthAnswer = z.object({ totals: z.record(z.string(), z.number()) }).loose();

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
  ) {}

  @ApiQuery(getAccountingQuerySchema)
  @ApiAnswer(accountingPageAnswer, 'Entries newest first, with the totals of everything the filter matches')
  @Get('getAccounting')
  @ApiQuery(getAccountingQuerySchema)
  @ApiAnswer(accountingPageSchema)
  @MinRole(ROLES.schoolAdmin)
  getAccounting(@Req() req: AppRequest, @Query() query: unknown) {
    return readAccountingPage(this.db, req.org!.id, parseBody(getAccountingQuerySchema, query));
  }

  @ApiQuery(getAccountingMonthQuerySchema)
  @ApiAnswer(
    accountingMonthAnswer,
    "The month's entries beside the students' payments, with totals per method",
  )
  @Get('getAccountingMonth')
  @ApiQuery(getAccountingMonthQuerySchema)
  @ApiAnswer(accountingMonthSchema)
  @MinRole(ROLES.schoolAdmin)
  getAccountingMonth(@Req() req: AppRequest, @Query() query: unknown) {
    return readAccountingMonth(this.db, req.org!.id, parseBody(getAccountingMonthQuerySchema, query).period);
  }

  @ApiBody(addAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors(
    'accounting.alreadyExists',
    'accounting.amountInvalid',
    'accounting.subtypeMissing',
    'accounting.employeeMissing',
  )
  @Post('addAccountingEntry')
  @ApiBody(addAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
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

  @ApiBody(editAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors(
    'accounting.notFound',
    'accounting.reversed',
    'accounting.amountInvalid',
    'accounting.subtypeMissing',
    'accounting.employeeMissing',
  )
  @Post('editAccountingEntry')
  @ApiBody(editAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editAccountingEntry(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_accounting_entry', () =>
      this.commands.execute(new EditAccountingEntryCommand(ctx, parseBody(editAccountingEntrySchema, body))),
    );
  }

  @ApiBody(reverseAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('accounting.notFound', 'accounting.reversed')
  @Post('reverseAccountingEntry')
  @ApiBody(reverseAccountingEntrySchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  reverseAccountingEntry(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'reverse_accounting_entry', () =>
      this.commands.execute(
        new ReverseAccountingEntryCommand(ctx, parseBody(reverseAccountingEntrySchema, body)),
      ),
    );
  }
}
