import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  MESSAGES,
  assertCheckoutAllowed,
  ROLES,
  checkoutDecider,
  checkoutItem,
  checkoutStream,
  effectiveRole,
  mayPayForOrganization,
  orderIdFor,
  organizationDecider,
  organizationStream,
  reactToCheckoutSucceeded,
  userDecider,
  userStream,
  type CheckoutItem,
  type CheckoutProvider,
  type CheckoutState,
  type PaymentOutcome,
} from '@okul/domain';
import { readPayableOrganization, type Db } from '@okul/projections';
import { AccessService } from '../auth/access.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { CONFIG, CROSS_ORG_DB } from '../infra/tokens';
import { BillingQueries } from './billing.queries';
import {
  PAYMENT_PROVIDERS,
  type CheckoutForm,
  type CheckoutOrder,
  type PaymentProviders,
} from './payment-provider';
import { log } from '../infra/observability/logger';
import { withOrganization } from '../infra/organization-scope';

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

export interface CheckoutStarted {
  paymentId: string;
  item: CheckoutItem;
  form: CheckoutForm;
}

/** api.md 7.4: a checkout of one item (subscription or SMS credits) for an organisation. */
export class InitiateCheckoutCommand extends Command<CheckoutStarted> {
  constructor(
    readonly ctx: CommandContext,
    readonly principal: Principal,
    readonly provider: CheckoutProvider,
    readonly input: { checkoutItem: string; organizationId?: string },
  ) {
    super();
  }
}

/** The result of a payment, as the bank (or the test checkout) proved it. */
export class CompletePaymentCommand extends Command<CheckoutState> {
  constructor(
    readonly ctx: CommandContext,
    readonly paymentId: string,
    readonly outcome: PaymentOutcome,
  ) {
    super();
  }
}

/** A callback for a payment: verified with the payment's provider, then recorded. No context: the job's. */
export class ProcessPaymentCallbackCommand extends Command<CheckoutState> {
  constructor(
    readonly ctx: CommandContext | null,
    readonly paymentId: string,
    readonly fields: Record<string, string>,
  ) {
    super();
  }
}

export interface MockFinalized {
  success: true;
  token: string;
  paymentId: string;
  status: CheckoutState['status'];
  checkoutItem: string;
  organizationId: string;
  message: string;
}

/** The test checkout's FINALIZE button: the payer completes their own mock payment. */
export class FinalizeMockCheckoutCommand extends Command<MockFinalized> {
  constructor(
    readonly ctx: CommandContext,
    readonly principal: Principal,
    readonly paymentId: string,
    readonly fields: Record<string, string>,
  ) {
    super();
  }
}

/** Starts a checkout: the payment is recorded before the provider is asked, so every attempt leaves a trace. */
@CommandHandler(InitiateCheckoutCommand)
export class InitiateCheckoutHandler implements ICommandHandler<InitiateCheckoutCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
  ) {}

  async execute({ ctx, principal: p, provider, input }: InitiateCheckoutCommand): Promise<CheckoutStarted> {
    const item = checkoutItem(input.checkoutItem);
    if (!item) throw new DomainError('checkout.unknownItem');
    const organizationId = await this.payableOrganization(p, input.organizationId);
    const access = await this.access.orgAccess(p.userId, organizationId);
    if (!access.exists) throw new DomainError('org.notFound');
    // Paying for an organisation is the school-admin's (or the developer's) business.
    const role = effectiveRole(access.memberActive ? access.orgRoleId : null, p.globalRoleId);
    if (!mayPayForOrganization(role)) throw new DomainError('auth.forbidden');
    if (access.deactivated) throw new DomainError('org.deactivated');
    // product.md 4: a personal membership waiting for (or refused) its manual verification starts no checkout.
    const org = await withOrganization(organizationId, () =>
      this.executor.load(organizationStream(organizationId), organizationDecider),
    );
    assertCheckoutAllowed(org.state);
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
      await this.commands.execute(
        new CompletePaymentCommand(pctx, paymentId, {
          status: 'failed',
          providerReference: null,
          reason: 'provider_unavailable',
        }),
      );
      throw new DomainError('checkout.providerUnavailable');
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

  private returnUrl(provider: CheckoutProvider, paymentId: string): string {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    return provider === 'posnet'
      ? `${base}/api/v1/payment/posnet/callback?paymentId=${paymentId}`
      : `${base}/api/v1/payment/mock/finalize`;
  }
}

/**
 * Records the result, once. The payment stream is appended with its expected version and decides nothing
 * when it already has a result, so a callback delivered twice, two workers racing, or a job retried after
 * a crash all credit the organisation exactly once. What a success brings (the subscription or the credits,
 * the owner's registration activated) is the domain's reaction, appended in the same atomic write.
 */
@CommandHandler(CompletePaymentCommand)
export class CompletePaymentHandler implements ICommandHandler<CompletePaymentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(BillingQueries) private readonly queries: BillingQueries,
  ) {}

  async execute({ ctx, paymentId, outcome }: CompletePaymentCommand): Promise<CheckoutState> {
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
    return this.queries.state(paymentId);
  }
}

/** Verifies a callback with the payment's provider and records what it proves. */
@CommandHandler(ProcessPaymentCallbackCommand)
export class ProcessPaymentCallbackHandler implements ICommandHandler<ProcessPaymentCallbackCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(BillingQueries) private readonly queries: BillingQueries,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
  ) {}

  async execute({ ctx, paymentId, fields }: ProcessPaymentCallbackCommand): Promise<CheckoutState> {
    const s = await this.queries.state(paymentId);
    if (s.status === 'none') throw new DomainError('checkout.notFound');
    if (s.status !== 'initiated') return s;
    const verdict = await this.providers[s.provider].completeCheckout(orderOf(s), fields);
    if (verdict.status === 'ignored') {
      log('checkout').warn({ paymentId, reason: verdict.reason }, 'callback ignored');
      return s;
    }
    // The result is the payment's organisation's, whoever delivers it (the bank's callback names none): its
    // streams are read within that organisation (row-level security).
    return this.commands.execute(
      new CompletePaymentCommand(
        ctx ? { ...ctx, organizationId: s.organizationId } : jobContext(s),
        paymentId,
        verdict,
      ),
    );
  }
}

/** Only the payer's own mock payment is theirs to finalize; any other id is answered as unknown. */
@CommandHandler(FinalizeMockCheckoutCommand)
export class FinalizeMockCheckoutHandler implements ICommandHandler<FinalizeMockCheckoutCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(BillingQueries) private readonly queries: BillingQueries,
  ) {}

  async execute({ ctx, principal, paymentId, fields }: FinalizeMockCheckoutCommand): Promise<MockFinalized> {
    const before = await this.queries.state(paymentId);
    if (before.status === 'none' || before.provider !== 'mock' || before.userId !== principal.userId)
      throw new DomainError('checkout.notFound');
    const after = await this.commands.execute(
      new ProcessPaymentCallbackCommand({ ...ctx, organizationId: before.organizationId }, paymentId, fields),
    );
    if (after.status === 'initiated') throw new DomainError('checkout.digestInvalid');
    if (after.status === 'failed') throw new DomainError('checkout.declined');
    return {
      success: true,
      token: paymentId,
      paymentId,
      status: after.status,
      checkoutItem: before.checkoutItem,
      organizationId: before.organizationId,
      message: MESSAGES['checkout.finalizeSuccess'].text,
    };
  }
}
