import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  consentReply,
  planSmsOutcome,
  smsConsentDecider,
  smsInboundStream,
  type SmsPhoneKind,
  smsCampaignDecider,
  smsCampaignSettled,
  smsCampaignStream,
  smsCreditDecider,
  smsCreditStream,
  type SmsCampaignCommand,
  type SmsCampaignEvent,
} from '@okul/domain';
import { readSmsPendingCampaigns, readStudentsByPhone, type Db } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG, CROSS_ORG_DB, CROSS_ORG_EVENT_STORE, JOB_QUEUE } from '../infra/tokens';
import type { Job, JobQueue } from '../jobs/job-queue';
import type { EventStore } from '@okul/domain';
import { SMS_GATEWAY, SmsGatewayRejected, type SmsGateway } from './sms-gateway';
import { log } from '../infra/observability/logger';

export const SMS_SEND_QUEUE = 'sms-send';
export const SMS_STATUS_QUEUE = 'sms-status';
/** Tries of one send before the campaign ends in "send error" (retried with exponential backoff). */
export const SMS_SEND_ATTEMPTS = 5;
/** Delivery reports are asked for up to two days (the gateway's longest validity, 48:00). */
const MAX_POLL_MS = 48 * 3600_000;

export interface SmsSendJob {
  campaignId: string;
}
export interface SmsStatusJob {
  campaignId: string;
  round: number;
  /** When this worker began polling (its own clock): the campaign's acceptance time is the command's `now`,
   * which a scheduled notice sets to the moment it stands for, so it cannot bound the polling. */
  pollingSince?: string;
}

type Outcome = Exclude<SmsCampaignCommand, { type: 'AcceptSmsCampaign' }>;

/**
 * The SMS workers. `sms-send` hands a campaign to the gateway once: the campaign stream is the outbox (only an
 * accepted, unsent campaign is sent), the gateway is asked first whether it already holds the campaign's
 * custom id (a worker that died after the gateway's answer but before recording it sends nothing twice), and
 * the answer is recorded with the stream's expected version. `sms-status` polls delivery reports until every
 * message is final.
 */
@Injectable()
export class SmsWorker implements OnModuleInit, OnModuleDestroy {
  /** Test hook: runs after the gateway answered and before the answer is recorded (a crash there). */
  afterGatewayAnswer: ((campaignId: string) => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private inboundTimer: NodeJS.Timeout | null = null;
  private inboundCursor: string | null = null;
  private polling = false;

  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SMS_GATEWAY) readonly gateway: SmsGateway,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CROSS_ORG_EVENT_STORE) private readonly crossOrgStore: EventStore,
  ) {}

  onModuleInit() {
    if (!this.config.ROLES.includes('worker')) return;
    this.queue.process<SmsSendJob>(SMS_SEND_QUEUE, (job) => this.handleSend(job));
    this.queue.process<SmsStatusJob>(SMS_STATUS_QUEUE, (job) => this.handleStatus(job));
    // The outbox sweep: campaigns accepted but never queued (the API stopped in between) are queued now
    // and every minute after; job ids make a campaign already queued a no-op.
    const sweep = () => this.sweep().catch((e) => log('sms').error({ err: e }, 'sweep failed'));
    void sweep();
    this.sweepTimer = setInterval(sweep, 60_000);
    this.sweepTimer.unref();
    this.inboundTimer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.pollInbound()
        .catch((e) => log('sms').error({ err: e }, 'inbound poll failed'))
        .finally(() => (this.polling = false));
    }, this.config.SMS_POLL_INTERVAL_MS);
    this.inboundTimer.unref();
  }

  onModuleDestroy() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.inboundTimer) clearInterval(this.inboundTimer);
  }

  /**
   * product.md 5 Consent: replies to the shared number are fetched and each ONAY/RET is recorded for the
   * students holding that phone, once per reply (its own stream), so reading a reply again changes nothing.
   */
  async pollInbound(): Promise<number> {
    let recorded = 0;
    const replies = await this.gateway.inbound(this.inboundCursor);
    for (const r of replies) {
      const phone = r.from.replace(/\D/g, '').slice(-10);
      if (consentReply(r.content) !== null && phone.length === 10) {
        const byOrg = new Map<string, Array<{ studentId: string; phoneKind: SmsPhoneKind }>>();
        // A reply names a phone, not an organisation: its students are looked up in every organisation.
        for (const s of await readStudentsByPhone(this.crossOrgDb, phone)) {
          const list = byOrg.get(s.organizationId) ?? [];
          for (const k of s.kinds) list.push({ studentId: s.id, phoneKind: k as SmsPhoneKind });
          byOrg.set(s.organizationId, list);
        }
        for (const [organizationId, students] of byOrg) {
          const written = await this.executor.execute(
            this.context(organizationId),
            smsInboundStream(r.id, organizationId),
            smsConsentDecider,
            {
              type: 'RecordConsentReply',
              inboundId: r.id,
              organizationId,
              phone,
              content: r.content,
              students,
              receivedAt: r.receivedAt,
            },
          );
          recorded += written.length;
        }
      }
      this.inboundCursor = r.id;
    }
    return recorded;
  }

  async enqueueSend(campaignId: string): Promise<void> {
    await this.queue.add<SmsSendJob>(
      SMS_SEND_QUEUE,
      'send',
      { campaignId },
      { jobId: campaignId, attempts: SMS_SEND_ATTEMPTS },
    );
  }

  private async enqueueStatus(
    campaignId: string,
    round: number,
    pollingSince = new Date().toISOString(),
  ): Promise<void> {
    await this.queue.add<SmsStatusJob>(
      SMS_STATUS_QUEUE,
      'status',
      { campaignId, round, pollingSince },
      { jobId: `${campaignId}-r${round}`, attempts: 3, delayMs: this.pollDelay() },
    );
  }

  private pollDelay() {
    return this.gateway.kind === 'local'
      ? Math.min(this.config.SMS_POLL_INTERVAL_MS, Math.max(this.config.SMS_LOCAL_DELIVERY_MS, 10))
      : this.config.SMS_POLL_INTERVAL_MS;
  }

  async sweep(): Promise<void> {
    // The worker's sweep covers every organisation's pending campaigns.
    for (const c of await readSmsPendingCampaigns(this.crossOrgDb)) {
      if (c.stage === 'queued') await this.enqueueSend(c.campaignId);
      else await this.enqueueStatus(c.campaignId, 0);
    }
  }

  private context(organizationId: string): CommandContext {
    return {
      organizationId,
      userId: null,
      ipAddress: null,
      userAgent: 'sms-worker',
      correlationId: randomUUID(),
      idempotencyKey: null,
      now: new Date(),
    };
  }

  /** Records what the gateway said, with credits of messages that never went out given back, atomically. */
  async record(campaignId: string, organizationId: string, outcome: Outcome): Promise<SmsCampaignEvent[]> {
    let written: SmsCampaignEvent[] = [];
    await this.executor.executeMany(this.context(organizationId), async () => {
      const [campaign, ledger] = await Promise.all([
        this.executor.load(smsCampaignStream(campaignId), smsCampaignDecider),
        this.executor.load(smsCreditStream(organizationId), smsCreditDecider),
      ]);
      const plan = planSmsOutcome(outcome, { campaign: campaign.state, credits: ledger.state });
      written = plan.campaignEvents;
      return [
        { stream: campaign, events: plan.campaignEvents },
        { stream: ledger, events: plan.creditEvents },
      ];
    });
    return written;
  }

  private async loadCampaign(campaignId: string) {
    // A job names only its campaign: the worker reads it whole, whichever organisation it belongs to.
    const events = await this.crossOrgStore.readStream(smsCampaignStream(campaignId));
    const typed = events.map((e) => ({ type: e.type, data: e.data }) as SmsCampaignEvent);
    const state = typed.reduce(smsCampaignDecider.evolve, smsCampaignDecider.initialState);
    const accepted = typed.find((e) => e.type === 'SmsCampaignAccepted');
    return { state, accepted: accepted?.type === 'SmsCampaignAccepted' ? accepted.data : null };
  }

  async handleSend(job: Job<SmsSendJob>): Promise<void> {
    const { campaignId } = job.data;
    const { state, accepted } = await this.loadCampaign(campaignId);
    if (!accepted || state.status === 'none') return;
    if (state.status !== 'accepted') {
      if (state.status === 'submitted') await this.enqueueStatus(campaignId, 0);
      return;
    }
    const organizationId = accepted.organizationId;
    let gatewayCampaignId: string;
    try {
      gatewayCampaignId =
        (await this.gateway.find(campaignId)) ??
        (await this.gateway.send({
          customId: campaignId,
          sourceAddr: accepted.sourceAddr,
          dataCoding: accepted.dataCoding,
          sendAt: accepted.sendAt,
          messages: accepted.messages.map((m) => ({ customId: m.messageCustomId, dest: m.dest, msg: m.msg })),
        }));
    } catch (e) {
      const reason = (e as Error).message || 'Bilinmeyen hata';
      if (e instanceof SmsGatewayRejected || job.attempt >= SMS_SEND_ATTEMPTS) {
        await this.record(campaignId, organizationId, {
          type: 'RecordSendFailure',
          reason,
          now: new Date().toISOString(),
        });
        return;
      }
      throw e;
    }
    this.afterGatewayAnswer?.(campaignId);
    await this.record(campaignId, organizationId, {
      type: 'RecordGatewayAcceptance',
      gatewayCampaignId,
      now: new Date().toISOString(),
    });
    await this.enqueueStatus(campaignId, 0);
  }

  async handleStatus(job: Job<SmsStatusJob>): Promise<void> {
    const { campaignId, round } = job.data;
    const pollingSince = job.data.pollingSince ?? new Date().toISOString();
    const { state, accepted } = await this.loadCampaign(campaignId);
    if (!accepted || state.status === 'none' || smsCampaignSettled(state)) return;
    const reports = await this.gateway.reports(campaignId);
    await this.record(campaignId, accepted.organizationId, {
      type: 'RecordDeliveryReports',
      reports,
      now: new Date().toISOString(),
    });
    const after = await this.loadCampaign(campaignId);
    if (smsCampaignSettled(after.state)) return;
    if (Date.now() - Date.parse(pollingSince) > MAX_POLL_MS) return;
    await this.enqueueStatus(campaignId, round + 1, pollingSince);
  }
}
