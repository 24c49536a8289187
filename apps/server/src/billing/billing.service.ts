import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DomainError,
  ROLES,
  checkoutDecider,
  checkoutItem,
  checkoutStream,
  effectiveRole,
  hasRole,
  mayPayForOrganization,
  orderIdFor,
  reactToCheckoutSucceeded,
  organizationDecider,
  organizationStream,
  userDecider,
  userStream,
  type CheckoutItem,
  type CheckoutProvider,
  type CheckoutState,
  type EventStore,
  type PaymentOutcome,
} from '@okul/domain';
import {
  readPayableOrganization,
  readSubscriptionPayment,
  type Db,
  type ProjectionRunner,
} from '@okul/projections';
import { AccessService } from '../auth/access.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { CONFIG, CROSS_ORG_DB, EVENT_STORE, JOB_QUEUE, PROJECTIONS } from '../infra/tokens';
import type { Job, JobQueue } from '../jobs/job-queue';
import {
  PAYMENT_PROVIDERS,
  ProviderUnavailableError,
  type CheckoutForm,
  type CheckoutOrder,
  type PaymentProviders,
} from './payment-provider';
import { log } from '../infra/observability/logger';

export const PAYMENTS_QUEUE = 'payments';

/** payment-callback.job: the bank's callback fields for one payment. */
export interface PaymentCallbackJob {
  paymentId: string;
  fields: Record<string, string>;
}

type Initiated = Extract<CheckoutState, { status: 'initiated' | 'succeeded' | 'failed' }>;

function orderOf(s: Initiated): CheckoutOrder {
  return { paymentId: s.paymentId, orderId: s.orderId, amount: s.amount, checkoutItem: s.checkoutItem };
}

/** A context for work no request carries (the payment job): the payer and the organisation as actors. */
function jobContext(s: Initiated): CommandContext {
  return {
    organizationId: s.organizationId,
    userId: s.userId,
    ipAddress: null,
    userAgent: 'payment-job',
    correlationId: randomUUID(),
    idempotencyKey: null,
    now: new Date(),
  };
}

/**
 * Subscription and SMS-credit checkout (api.md 7.4, 9.1, 9.2). Every payment is a stream: PaymentInitiated,
 * then PaymentSucceeded (with SubscriptionExtended or SmsCreditsAdded on the organisation, and the owner's
 * UserRegistrationActivated, in the same atomic write) or PaymentFailed.
 */
@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
  ) {}

  onModuleInit() {
    if (this.config.ROLES.includes('worker')) {
      this.queue.process<PaymentCallbackJob>(PAYMENTS_QUEUE, (job) => this.handleCallbackJob(job));
    }
  }

  /** The organisation a payment is for: the one given, else the caller's own (owner first, then admin). */
  private async payableOrganization(p: Principal, organizationId: string | undefined): Promise<string> {
    if (organizationId) return organizationId;
    // The caller's own memberships, in whichever organisation they hold them.
    const payable = await readPayableOrganization(this.crossOrgDb, p.userId, ROLES.schoolAdmin);
    if (payable === null) throw new DomainError('checkout.organizationRequired');
    return payable;
  }

  /** Starts a checkout: the payment is recorded before the provider is asked, so every attempt leaves a trace. */
  async initiate(
    ctx: CommandContext,
    p: Principal,
    provider: CheckoutProvider,
    itemId: string,
    organizationIdIn: string | undefined,
  ): Promise<{ paymentId: string; item: CheckoutItem; form: CheckoutForm }> {
    const item = checkoutItem(itemId);
    if (!item) throw new DomainError('checkout.unknownItem');
    const organizationId = await this.payableOrganization(p, organizationIdIn);
    const access = await this.access.orgAccess(p.userId, organizationId);
    if (!access.exists) throw new DomainError('org.notFound');
    // Paying for an organisation is the school-admin's (or the developer's) business.
    const role = effectiveRole(access.memberActive ? access.orgRoleId : null, p.globalRoleId);
    if (!mayPayForOrganization(role)) throw new DomainError('auth.forbidden');
    if (access.deactivated) throw new DomainError('org.deactivated');
    // Who may pay for which organisation is answered first: a missing provider configuration must not
    // tell a stranger less (or more) than "not yours" does.
    const gateway = this.providers[provider];
    if (!gateway.isConfigured()) throw new DomainError('checkout.notConfigured');

    const paymentId = newEntityId(ctx, 'payment');
    const orderId = orderIdFor(paymentId);
    const pctx = { ...ctx, organizationId };
    await this.executor.execute(pctx, checkoutStream(paymentId), checkoutDecider, {
      type: 'InitiatePayment',
      paymentId,
      provider,
      checkoutItem: item.checkoutItem,
      organizationId,
      userId: p.userId,
      orderId,
      now: ctx.now.toISOString(),
    });
    const order: CheckoutOrder = { paymentId, orderId, amount: item.price, checkoutItem: item.checkoutItem };
    try {
      const form = await gateway.startCheckout(order, this.returnUrl(provider, paymentId));
      return { paymentId, item, form };
    } catch (e) {
      log('checkout').error({ provider, paymentId, err: e }, 'could not start the payment');
      await this.complete(pctx, paymentId, {
        status: 'failed',
        providerReference: null,
        reason: 'provider_unavailable',
      });
      throw new DomainError('checkout.providerUnavailable');
    }
  }

  private returnUrl(provider: CheckoutProvider, paymentId: string): string {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    return provider === 'posnet'
      ? `${base}/api/v1/payment/posnet/callback?paymentId=${paymentId}`
      : `${base}/api/v1/payment/mock/finalize`;
  }

  async state(paymentId: string): Promise<CheckoutState> {
    return (await this.executor.load(checkoutStream(paymentId), checkoutDecider)).state;
  }

  /**
   * Records the result, once. The payment stream is appended with its expected version and decides nothing
   * when it already has a result, so a callback delivered twice, two workers racing, or a job retried after
   * a crash all credit the organisation exactly once.
   */
  async complete(ctx: CommandContext, paymentId: string, outcome: PaymentOutcome): Promise<CheckoutState> {
    await this.executor.executeMany(ctx, async () => {
      const payment = await this.executor.load(checkoutStream(paymentId), checkoutDecider);
      const result = decideOn(payment, checkoutDecider, {
        type: 'CompletePayment',
        outcome,
        now: ctx.now.toISOString(),
      });
      const succeeded = result.events.find((e) => e.type === 'PaymentSucceeded');
      if (!succeeded) return [result];
      const payer = await this.executor.load(userStream(succeeded.data.userId), userDecider);
      const reactions: StreamDecision[] = [];
      for (const r of reactToCheckoutSucceeded(succeeded, payer.state)) {
        reactions.push(
          r.stream === 'user'
            ? decideOn(payer, userDecider, r.command)
            : decideOn(
                await this.executor.load(organizationStream(r.organizationId), organizationDecider),
                organizationDecider,
                r.command,
              ),
        );
      }
      return [result, ...reactions];
    });
    return this.state(paymentId);
  }

  /** Verifies a callback with the payment's provider and records what it proves. */
  async processCallback(
    ctx: CommandContext | null,
    paymentId: string,
    fields: Record<string, string>,
  ): Promise<CheckoutState> {
    const s = await this.state(paymentId);
    if (s.status === 'none') throw new DomainError('checkout.notFound');
    if (s.status !== 'initiated') return s;
    const verdict = await this.providers[s.provider].completeCheckout(orderOf(s), fields);
    if (verdict.status === 'ignored') {
      log('checkout').warn({ paymentId, reason: verdict.reason }, 'callback ignored');
      return s;
    }
    // The result is the payment's organisation's, whoever delivers it (the bank's callback names none): its
    // streams are read within that organisation (row-level security).
    return this.complete(
      ctx ? { ...ctx, organizationId: s.organizationId } : jobContext(s),
      paymentId,
      verdict,
    );
  }

  /** payments queue: one job per distinct callback delivery; safe to run twice. */
  async handleCallbackJob(job: Job<PaymentCallbackJob>): Promise<void> {
    try {
      await this.processCallback(null, job.data.paymentId, job.data.fields);
    } catch (e) {
      if (e instanceof DomainError && e.code === 'checkout.notFound') return; // nothing to retry
      if (e instanceof ProviderUnavailableError)
        log('checkout').warn(
          { jobId: job.id, attempt: job.attempt, paymentId: job.data.paymentId, err: e },
          'provider unavailable',
        );
      throw e;
    }
  }

  /**
   * The bank's callback is acknowledged by queueing it. The job id is the payment id plus a digest of the
   * fields: a delivery repeated verbatim is one job, while a different callback for the same payment (say
   * a forged one first, the bank's own later) still gets its turn; the payment stream keeps it to one credit.
   */
  async enqueueCallback(paymentId: string, fields: Record<string, string>): Promise<void> {
    const digest = createHash('sha256')
      .update(JSON.stringify(Object.entries(fields).sort()))
      .digest('hex')
      .slice(0, 16);
    await this.queue.add<PaymentCallbackJob>(
      PAYMENTS_QUEUE,
      'posnet-callback',
      { paymentId, fields },
      { jobId: `${paymentId}-${digest}`, attempts: 5 },
    );
  }

  /**
   * Waits (bounded) for a result, so the browser coming back from the bank lands on the right page, and
   * for the read models to show it, so the page's first getProfile/getOrganizations already see the credit.
   */
  async waitForResult(paymentId: string, timeoutMs: number): Promise<CheckoutState> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.state(paymentId);
      if (s.status !== 'initiated') {
        await this.projections.waitFor(await this.store.headPosition(), Math.max(until - Date.now(), 100));
        return s;
      }
      if (Date.now() >= until) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The payment as its payer (or a developer) may see it. */
  async status(p: Principal, paymentId: string) {
    // A checkout by its id, answered only to its payer or a developer (checked below), whatever its organisation.
    const payment = await readSubscriptionPayment(this.crossOrgDb, paymentId);
    if (!payment || (payment.userId !== p.userId && !hasRole(p.globalRoleId, ROLES.developer)))
      throw new DomainError('checkout.notFound');
    const { userId: _payer, ...answer } = payment;
    return answer;
  }
}
