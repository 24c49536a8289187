import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ROLES,
  checkoutDecider,
  checkoutStream,
  hasRole,
  type CheckoutState,
  type EventStore,
} from '@okul/domain';
import { readSubscriptionPayment, type Db, type ProjectionRunner } from '@okul/projections';
import { CommandExecutor } from '../infra/command-executor';
import type { Principal } from '../infra/http/request-context';
import { CROSS_ORG_DB, EVENT_STORE, PROJECTIONS } from '../infra/tokens';

/** Reads of a payment: its stream's state for the use cases, its read model for the payer. */
@Injectable()
export class BillingQueries {
  constructor(
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
  ) {}

  async state(paymentId: string): Promise<CheckoutState> {
    return (await this.executor.load(checkoutStream(paymentId), checkoutDecider)).state;
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
