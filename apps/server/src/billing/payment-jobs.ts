import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError } from '@okul/domain';
import type { AppConfig } from '../config/config';
import { CONFIG, JOB_QUEUE } from '../infra/tokens';
import type { Job, JobQueue } from '../jobs/job-queue';
import { ProcessPaymentCallbackCommand } from './billing.commands';
import { ProviderUnavailableError } from './payment-provider';
import { log } from '../infra/observability/logger';

export const PAYMENTS_QUEUE = 'payments';

/** payment-callback.job: the bank's callback fields for one payment. */
export interface PaymentCallbackJob {
  paymentId: string;
  fields: Record<string, string>;
}

/** The bank's callbacks, queued by the web process and processed by a worker (ProcessPaymentCallbackCommand). */
@Injectable()
export class PaymentJobs implements OnModuleInit {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  onModuleInit() {
    if (this.config.ROLES.includes('worker')) {
      this.queue.process<PaymentCallbackJob>(PAYMENTS_QUEUE, (job) => this.handleCallbackJob(job));
    }
  }

  /** payments queue: one job per distinct callback delivery; safe to run twice. */
  async handleCallbackJob(job: Job<PaymentCallbackJob>): Promise<void> {
    try {
      await this.commands.execute(
        new ProcessPaymentCallbackCommand(null, job.data.paymentId, job.data.fields),
      );
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
}
