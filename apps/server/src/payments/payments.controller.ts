import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, addPaymentSchema, editPaymentSchema, paymentIdSchema } from '@okul/domain';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { sendJsonText } from '../infra/read-model/sql-json';
import {
  AddPaymentCommand,
  DeletePaymentCommand,
  EditPaymentCommand,
  PermanentlyDeletePaymentCommand,
  ResurrectPaymentCommand,
} from './payment.commands';
import { PaymentsQueries, getPaymentsQuerySchema } from './payments.queries';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { idAnswerSchema, paymentsAnswerSchema } from '@okul/domain';

/**
 * api.md 7.3 Payments (school-admin, product.md 6), plus the permanent delete of product.md 4 at our path
 * permanentlyDeletePayment {id} (docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class PaymentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PaymentsQueries) private readonly queries: PaymentsQueries,
  ) {}

  @ApiQuery(getPaymentsQuerySchema)
  @ApiAnswer(paymentsAnswerSchema)
  @Get('getPayments')
  @MinRole(ROLES.schoolAdmin)
  async getPayments(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const q = parseBody(getPaymentsQuerySchema, query);
    sendJsonText(res, await this.queries.listJson(req.org!.id, q));
  }

  @ApiBody(addPaymentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('student.notFound', 'student.deleted', 'course.notFound', 'payment.amountInvalid')
  @Post('addPayment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addPayment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_payment', () =>
      this.commands.execute(
        new AddPaymentCommand(ctx, newEntityId(ctx, 'payment'), parseBody(addPaymentSchema, body)),
      ),
    );
  }

  @ApiBody(editPaymentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('payment.notFound', 'payment.amountInvalid')
  @Post('editPayment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editPayment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_payment', () =>
      this.commands.execute(new EditPaymentCommand(ctx, parseBody(editPaymentSchema, body))),
    );
  }

  @ApiBody(paymentIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('payment.notFound', 'payment.alreadyDeleted')
  @Post('deletePayment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deletePayment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'soft_delete_payment', () =>
      this.commands.execute(new DeletePaymentCommand(ctx, parseBody(paymentIdSchema, body).id)),
    );
  }

  @ApiBody(paymentIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('payment.notFound', 'payment.notDeleted')
  @Post('resurrectPayment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resurrectPayment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'resurrect_payment', () =>
      this.commands.execute(new ResurrectPaymentCommand(ctx, parseBody(paymentIdSchema, body).id)),
    );
  }

  @ApiBody(paymentIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('payment.notFound', 'payment.purgeNotDeleted')
  @Post('permanentlyDeletePayment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  permanentlyDeletePayment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_payment', () =>
      this.commands.execute(new PermanentlyDeletePaymentCommand(ctx, parseBody(paymentIdSchema, body).id)),
    );
  }
}
