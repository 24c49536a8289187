import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError, mockInitiateSchema, posnetInitiateSchema } from '@okul/domain';
import type { Response } from 'express';
import { AccountCall, Public } from '../auth/decorators';
import type { AppConfig } from '../config/config';
import { CommandExecutor } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import { CONFIG } from '../infra/tokens';
import { FinalizeMockCheckoutCommand, InitiateCheckoutCommand } from './billing.commands';
import { BillingQueries } from './billing.queries';
import { PaymentJobs } from './payment-jobs';
import { mockCheckoutPage } from './mock-page';
import { ApiAnswer, ApiAnswerMedia, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { checkoutStatusSchema, finalizeAnswerSchema, posnetInitiateAnswerSchema } from '@okul/domain';
import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only string fields of a callback or query, bounded (the bank's packets are a few kilobytes). */
function stringFields(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input as Record<string, unknown>).slice(0, 50)) {
    if (typeof v === 'string' && k.length <= 100) out[k] = v.slice(0, 20_000);
  }
  return out;
}

/**
 * api.md 7.4 payment calls. Payments are account calls: an owner whose e-mail is not verified yet, or whose
 * organisation's membership has run out, must still be able to pay (product.md 2, /odeme and odeme-tamamla).
 */
@Controller('api/v1/payment')
export class BillingController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(BillingQueries) private readonly queries: BillingQueries,
    @Inject(PaymentJobs) private readonly jobs: PaymentJobs,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The test checkout exists only with the test aids switched on (spec README: test-only aids). */
  private requireMock() {
    if (!this.config.testAids) throw new DomainError('common.routeNotFound');
  }

  @AccountCall()
  @ApiBody(mockInitiateSchema)
  @ApiAnswerMedia('text/html', 'The test checkout page (only with TEST_AIDS=on)')
  @ApiErrors(
    'checkout.unknownItem',
    'checkout.organizationRequired',
    'checkout.verificationPending',
    'checkout.verificationRefused',
    'common.routeNotFound',
  )
  @Post('mock/initiate')
  @HttpCode(200)
  async mockInitiate(@Req() req: AppRequest, @Body() body: unknown, @Res() res: Response) {
    this.requireMock();
    const ctx = commandContext(req);
    const html = await audited(this.executor, ctx, 'checkout_initiated', async () => {
      const input = parseBody(mockInitiateSchema, body);
      const { item, form } = await this.commands.execute(
        new InitiateCheckoutCommand(ctx, req.principal!, 'mock', input),
      );
      return mockCheckoutPage(form, item, this.config.PUBLIC_URL);
    });
    res.status(200).type('text/html; charset=utf-8').send(html);
  }

  /** The FINALIZE button of /mock3ds sends back the query it was given (posnetData, digest, ...). */
  @AccountCall()
  @ApiQuery(z.object({ posnetData: z.string(), digest: z.string() }).loose())
  @ApiAnswer(finalizeAnswerSchema)
  @ApiErrors('checkout.notFound', 'checkout.digestInvalid', 'checkout.declined', 'common.routeNotFound')
  @Get('mock/finalize')
  async mockFinalize(@Req() req: AppRequest, @Query() query: unknown) {
    this.requireMock();
    const ctx = commandContext(req);
    const fields = stringFields(query);
    const paymentId = fields.posnetData ?? fields.token ?? '';
    return audited(this.executor, ctx, 'checkout_completed', async () => {
      if (!UUID.test(paymentId)) throw new DomainError('checkout.notFound');
      return this.commands.execute(new FinalizeMockCheckoutCommand(ctx, req.principal!, paymentId, fields));
    });
  }

  @AccountCall()
  @ApiBody(posnetInitiateSchema)
  @ApiAnswer(posnetInitiateAnswerSchema)
  @ApiErrors(
    'checkout.unknownItem',
    'checkout.organizationRequired',
    'checkout.verificationPending',
    'checkout.verificationRefused',
    'checkout.notConfigured',
    'checkout.providerUnavailable',
  )
  @Post('posnet/initiate')
  @HttpCode(200)
  async posnetInitiate(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'checkout_initiated', async () => {
      const input = parseBody(posnetInitiateSchema, body);
      const { paymentId, item, form } = await this.commands.execute(
        new InitiateCheckoutCommand(ctx, req.principal!, 'posnet', input),
      );
      return { ...form, paymentId, checkoutItem: item.checkoutItem, amount: item.price };
    });
  }

  /**
   * The bank sends the card holder's browser back here with a form POST (no session: a cross-site POST
   * carries no cookie and no token; the bank's signed packets are the proof). The callback is queued for
   * the payment job, and the browser goes on to the success page once the job has decided (or to /odeme).
   */
  @Public()
  @ApiQuery(z.object({ paymentId: z.string() }))
  @ApiBody(z.record(z.string(), z.string()).describe('The signed form fields the bank posts'))
  @ApiAnswerMedia('redirect', 'See Other: to /odeme-basarili, or back to /odeme with the outcome')
  @Post('posnet/callback')
  async posnetCallback(@Query('paymentId') paymentId: unknown, @Body() body: unknown, @Res() res: Response) {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const id = typeof paymentId === 'string' && UUID.test(paymentId) ? paymentId : null;
    const known = id ? await this.queries.state(id) : null;
    if (!id || !known || known.status === 'none') return res.redirect(303, `${base}/odeme?odeme=hata`);
    await this.jobs.enqueueCallback(id, stringFields(body));
    const s = await this.queries.waitForResult(id, this.config.PAYMENT_CALLBACK_WAIT_MS);
    if (s.status === 'succeeded') return res.redirect(303, `${base}/odeme-basarili?token=${id}`);
    return res.redirect(
      303,
      `${base}/odeme?odeme=${s.status === 'failed' ? 'basarisiz' : 'beklemede'}&paymentId=${id}`,
    );
  }

  @AccountCall()
  @ApiAnswer(checkoutStatusSchema)
  @ApiErrors('checkout.notFound')
  @Get('status/:paymentId')
  status(@Req() req: AppRequest, @Param('paymentId') paymentId: string) {
    if (!UUID.test(paymentId)) throw new DomainError('checkout.notFound');
    return this.queries.status(req.principal!, paymentId);
  }
}
