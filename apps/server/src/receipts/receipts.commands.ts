import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  paymentReceiptDecider,
  paymentReceiptStream,
  planReceiptIssue,
  receiptCounterDecider,
  receiptNumbersStream,
  receiptYear,
} from '@okul/domain';
import { readReceiptFacts, type Db, type ReceiptFacts } from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

/** Issues (once) the receipt number of a payment and answers what the receipt prints. */
export class IssuePaymentReceiptCommand extends Command<{
  facts: ReceiptFacts;
  receiptNumber: string;
  issuedAt: string;
}> {
  constructor(
    readonly ctx: CommandContext,
    readonly paymentId: string,
  ) {
    super();
  }
}

@CommandHandler(IssuePaymentReceiptCommand)
export class IssuePaymentReceiptHandler implements ICommandHandler<IssuePaymentReceiptCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, paymentId }: IssuePaymentReceiptCommand) {
    const organizationId = ctx.organizationId!;
    const now = ctx.now.toISOString();
    const facts = await readReceiptFacts(this.db, organizationId, paymentId);
    let issued = { receiptNumber: '', issuedAt: now };
    await this.executor.executeMany(ctx, async () => {
      const counterStream = receiptNumbersStream(organizationId, receiptYear(now));
      const [counter, receipt] = await Promise.all([
        this.executor.load(counterStream, receiptCounterDecider),
        this.executor.load(paymentReceiptStream(paymentId), paymentReceiptDecider),
      ]);
      const plan = planReceiptIssue(
        {
          organizationId,
          paymentId,
          paymentActive: facts !== null && !facts.deleted,
          userId: ctx.userId,
          now,
        },
        { counter: counter.state, receipt: receipt.state },
      );
      issued = { receiptNumber: plan.receiptNumber, issuedAt: plan.issuedAt };
      return [
        { stream: counter, events: plan.counterEvents, allocation: true },
        { stream: receipt, events: plan.receiptEvents },
      ];
    });
    if (facts === null) throw new DomainError('payment.notFound');
    return { facts, ...issued };
  }
}
