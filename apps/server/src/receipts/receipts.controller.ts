import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DomainError,
  ROLES,
  balanceStatementRequestSchema,
  computeBalance,
  paymentReceiptRequestSchema,
  statementPeriod,
} from '@okul/domain';
import { readBalanceInput, readStatementHeading, type Db } from '@okul/projections';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswerMedia, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import type { AppConfig } from '../config/config';
import { CONFIG, DB } from '../infra/tokens';
import { IssuePaymentReceiptCommand } from './receipts.commands';
import { organizationLogo, receiptPdf, statementPdf } from './receipt-pdf';

function sendPdf(res: Response, pdf: Buffer, fileName: string) {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Content-Length', pdf.length);
  res.end(pdf);
}

/**
 * Receipts and statements (ours, docs/DECISIONS.md): POST, as the first receipt of a payment issues its
 * number; the answer is the PDF (api.md 7.1: read as a blob).
 */
@Controller('api/v1/orgs/:orgID')
export class ReceiptsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('getPaymentReceipt')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  @ApiBody(paymentReceiptRequestSchema)
  @ApiAnswerMedia('application/pdf', 'Tahsilat Makbuzu of the payment')
  @ApiErrors('payment.notFound')
  async getPaymentReceipt(@Req() req: AppRequest, @Body() body: unknown, @Res() res: Response) {
    const ctx = commandContext(req);
    const { paymentId } = parseBody(paymentReceiptRequestSchema, body);
    const r = await audited(this.executor, ctx, 'issue_receipt', () =>
      this.commands.execute(new IssuePaymentReceiptCommand(ctx, paymentId)),
    );
    const logo = await organizationLogo(this.config.DATA_DIR, req.org!.id);
    sendPdf(
      res,
      await receiptPdf(r.facts, r.receiptNumber, r.issuedAt, logo),
      `makbuz-${r.receiptNumber}.pdf`,
    );
  }

  @Post('getBalanceStatement')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  @ApiBody(balanceStatementRequestSchema)
  @ApiAnswerMedia('application/pdf', 'Hesap Ekstresi of the student')
  @ApiErrors('student.notFound')
  async getBalanceStatement(@Req() req: AppRequest, @Body() body: unknown, @Res() res: Response) {
    const { studentId, from, to } = parseBody(balanceStatementRequestSchema, body);
    const orgId = req.org!.id;
    const heading = await readStatementHeading(this.db, orgId, studentId);
    if (!heading) throw new DomainError('student.notFound');
    const now = new Date();
    const sheet = computeBalance({
      ...(await readBalanceInput(this.db, orgId, studentId)),
      now: now.toISOString(),
    }).balanceSheet;
    sendPdf(
      res,
      await statementPdf(
        heading,
        statementPeriod(sheet, { from, to }),
        { from, to },
        now.toISOString(),
        await organizationLogo(this.config.DATA_DIR, orgId),
      ),
      `ekstre-${heading.studentNumber}.pdf`,
    );
  }
}
