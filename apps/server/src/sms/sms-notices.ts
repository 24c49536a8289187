import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  SMS_NOTICE_KINDS,
  SMS_NOTICE_SKIP_LABELS,
  organizationDecider,
  organizationStream,
  planSmsNotices,
  planSmsSend,
  smsCampaignDecider,
  smsCampaignStream,
  smsCreditBalance,
  smsCreditDecider,
  smsCreditStream,
  smsNoticeCause,
  smsNoticeDecider,
  smsNoticeHourReached,
  smsNoticeLessonWindow,
  smsNoticeStream,
  type SmsCreditState,
  type SmsNoticeKind,
  type SmsNoticePlan,
  type SmsNoticeSettings,
  type SmsNoticeState,
} from '@okul/domain';
import {
  readSmsNoticeDebts,
  readSmsNoticeLessons,
  readSmsNoticeOrganizations,
  readSmsRecipients,
  type Db,
} from '@okul/projections';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG, CROSS_ORG_DB, DB, JOB_QUEUE } from '../infra/tokens';
import { withOrganization } from '../infra/organization-scope';
import type { Job, JobQueue } from '../jobs/job-queue';
import { SmsWorker } from './sms.worker';
import { log } from '../infra/observability/logger';

export const SMS_NOTICES_QUEUE = 'sms-notices';

export interface SmsNoticesJob {
  organizationId: string;
  /** The instant of the round (the run decides as of then). */
  at: string;
}

export class UpdateSmsNoticeSettingsCommand extends Command<SmsNoticeSettings> {
  constructor(
    readonly ctx: CommandContext,
    readonly settings: SmsNoticeSettings,
  ) {
    super();
  }
}

@CommandHandler(UpdateSmsNoticeSettingsCommand)
export class UpdateSmsNoticeSettingsHandler implements ICommandHandler<UpdateSmsNoticeSettingsCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, settings }: UpdateSmsNoticeSettingsCommand): Promise<SmsNoticeSettings> {
    const organizationId = ctx.organizationId!;
    await this.executor.execute(ctx, smsNoticeStream(organizationId), smsNoticeDecider, {
      type: 'ChangeSmsNoticeSettings',
      organizationId,
      settings,
      userId: ctx.userId,
      now: ctx.now.toISOString(),
    });
    return settings;
  }
}

/**
 * The automatic notices (sms/notices.ts): every SMS_NOTICE_INTERVAL_MS a round queues one `sms-notices`
 * job per organisation with a notice switched on; the job decides each notice whose send hour has come
 * and appends, in one write, the campaign, its credit reservation and whom the notice reached, then hands
 * the campaign to the send job. A job run twice decides again on the streams it wrote: those already
 * notified today are skipped, so nobody is told twice.
 */
@Injectable()
export class SmsNotices implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(SmsWorker) private readonly sender: SmsWorker,
  ) {}

  onModuleInit() {
    if (!this.config.ROLES.includes('worker')) return;
    this.queue.process<SmsNoticesJob>(SMS_NOTICES_QUEUE, (job) => this.handle(job));
    if (this.config.SMS_NOTICE_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => {
      this.round(new Date().toISOString()).catch((e) => log('sms').error({ err: e }, 'notice round failed'));
    }, this.config.SMS_NOTICE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues the round's job of every organisation with a notice on (a job id per organisation and round). */
  async round(at: string): Promise<number> {
    // The worker serves every organisation: which ones have a notice on is read across them.
    const orgs = await readSmsNoticeOrganizations(this.crossOrgDb);
    for (const organizationId of orgs) await this.enqueue(organizationId, at);
    return orgs.length;
  }

  private context(organizationId: string, at: string): CommandContext {
    return {
      organizationId,
      userId: null,
      ipAddress: null,
      userAgent: 'sms-notices',
      correlationId: randomUUID(),
      idempotencyKey: null,
      now: new Date(at),
    };
  }

  private async handle(job: Job<SmsNoticesJob>): Promise<void> {
    const { organizationId, at } = job.data;
    await withOrganization(organizationId, async () => {
      for (const kind of SMS_NOTICE_KINDS) await this.send(organizationId, kind, at);
    });
  }

  /** The facts a notice looks at now: debts, or the lessons of its day with their attendances. */
  private async facts(organizationId: string, kind: SmsNoticeKind, now: string) {
    const window = smsNoticeLessonWindow(kind, now);
    const [debts, lessons, students] = await Promise.all([
      kind === 'debtWarning' ? readSmsNoticeDebts(this.db, organizationId, now) : [],
      window ? readSmsNoticeLessons(this.db, organizationId, window.from, window.to) : [],
      readSmsRecipients(this.db, organizationId),
    ]);
    return { facts: { debts, lessons }, students };
  }

  private plan(
    kind: SmsNoticeKind,
    now: string,
    notices: SmsNoticeState,
    ledger: SmsCreditState,
    purchased: number,
    gathered: Awaited<ReturnType<SmsNotices['facts']>>,
  ): SmsNoticePlan {
    return planSmsNotices({
      kind,
      now,
      notices,
      ledger,
      creditsLeft: Math.max(0, smsCreditBalance(purchased, ledger)),
      students: gathered.students,
      facts: gathered.facts,
    });
  }

  /** Who would get what now (the screen's preview), whether the notice is on or not. */
  async preview(organizationId: string, kind: SmsNoticeKind, now: string) {
    const [notices, ledger, org, gathered] = await Promise.all([
      this.executor.load(smsNoticeStream(organizationId), smsNoticeDecider),
      this.executor.load(smsCreditStream(organizationId), smsCreditDecider),
      this.executor.load(organizationStream(organizationId), organizationDecider),
      this.facts(organizationId, kind, now),
    ]);
    const purchased = org.state.status === 'open' ? org.state.smsCredits : 0;
    const plan = this.plan(kind, now, notices.state, ledger.state, purchased, gathered);
    return {
      kind,
      enabled: notices.state.settings[kind].enabled,
      credits: plan.credits,
      creditsLeft: Math.max(0, smsCreditBalance(purchased, ledger.state)),
      messages: plan.messages,
      skipped: plan.skipped.map((s) => ({ ...s, label: SMS_NOTICE_SKIP_LABELS[s.reason] })),
    };
  }

  /**
   * One notice of one organisation as of `now`: nothing before the send hour or while switched off; else
   * the campaign, the reservation and the notice's record are appended together (decided again on a
   * conflict, e.g. a staff send spending the same credits), and the campaign is queued for sending.
   */
  async send(organizationId: string, kind: SmsNoticeKind, now: string): Promise<SmsNoticePlan | null> {
    const ctx = this.context(organizationId, now);
    const campaignId = randomUUID();
    const gathered = await this.facts(organizationId, kind, now);
    let sent: SmsNoticePlan | null = null;
    await this.executor.executeMany(ctx, async () => {
      sent = null;
      const [notices, ledger, org, campaign] = await Promise.all([
        this.executor.load(smsNoticeStream(organizationId), smsNoticeDecider),
        this.executor.load(smsCreditStream(organizationId), smsCreditDecider),
        this.executor.load(organizationStream(organizationId), organizationDecider),
        this.executor.load(smsCampaignStream(campaignId), smsCampaignDecider),
      ]);
      const settings = notices.state.settings;
      if (!settings[kind].enabled || !smsNoticeHourReached(settings, now) || org.state.status !== 'open')
        return [];
      const plan = this.plan(kind, now, notices.state, ledger.state, org.state.smsCredits, gathered);
      const send =
        plan.messages.length > 0
          ? planSmsSend(
              {
                type: 'AcceptSmsCampaign',
                campaignId,
                organizationId,
                userId: null,
                smsType: kind,
                sendAt: null,
                sourceAddr: this.config.SMS_SOURCE_ADDR,
                cause: smsNoticeCause(kind),
                recipients: plan.messages.map((m) => ({
                  studentId: m.studentId,
                  phoneKind: m.phoneKind,
                  dest: m.dest,
                  msg: m.msg,
                })),
                now,
                purchased: org.state.smsCredits,
              },
              { credits: ledger.state, campaign: campaign.state },
            )
          : { campaignEvents: [], creditEvents: [] };
      const recorded = smsNoticeDecider.decide(
        {
          type: 'RecordSmsNotices',
          organizationId,
          kind,
          campaignId: plan.messages.length > 0 ? campaignId : null,
          studentIds: plan.messages.map((m) => m.studentId),
          debtCleared: plan.debtCleared,
          now,
        },
        notices.state,
      );
      if (recorded.length > 0) sent = plan;
      return [
        { stream: notices, events: recorded },
        { stream: campaign, events: send.campaignEvents },
        { stream: ledger, events: send.creditEvents },
      ];
    });
    const plan = sent as SmsNoticePlan | null;
    if (plan && plan.messages.length > 0) await this.sender.enqueueSend(campaignId);
    return plan;
  }

  /**
   * Queues one organisation's notices as of `at`. The round's job id is the organisation and the round's
   * instant, so two processes running the round queue it once; a run queued twice still tells nobody twice.
   */
  async enqueue(organizationId: string, at: string, jobId = `${organizationId}-${Date.parse(at)}`) {
    await this.queue.add<SmsNoticesJob>(
      SMS_NOTICES_QUEUE,
      'notices',
      { organizationId, at },
      { jobId, attempts: 3 },
    );
  }
}
