import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  SMS_PHONE_KINDS,
  consentOf,
  maySendSms,
  message,
  normalizeSmsDestination,
  organizationDecider,
  organizationStream,
  phoneOf,
  planSmsSend,
  smsCampaignDecider,
  smsCampaignStream,
  smsCreditDecider,
  smsCreditStream,
  type SendSmsInput,
  type SmsRecipientInput,
  type SmsType,
} from '@okul/domain';
import { readSmsRecipients, type Db } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG, DB } from '../infra/tokens';
import { SmsWorker } from './sms.worker';

export interface SendSmsResult {
  success: true;
  campaignId: string;
  count: number;
  credits: number;
  message: string;
  /** The items left out for want of a usable number or text (api.md 9.2), so staff see whom it missed. */
  dropped: SmsDroppedItem[];
}

export interface SmsDroppedItem {
  DBID: string;
  destination: string;
}

export class SendSmsCommand extends Command<SendSmsResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly campaignId: string,
    readonly input: SendSmsInput,
    /** What caused a send no person asked for (an automatic notice); null for staff sends. */
    readonly cause: string | null = null,
  ) {
    super();
  }
}

/**
 * The recipients of a request, checked against the organisation's students: each DBID is a student of this
 * organisation, each destination one of that student's phones, and the phone's consent allows the type
 * (product.md 5, the İYS rule in statuses.ts). Items without a usable number or text are dropped (api.md 9.2).
 */
export function recipientsOf(
  input: SendSmsInput,
  students: Awaited<ReturnType<typeof readSmsRecipients>>,
  type: SmsType,
): { recipients: SmsRecipientInput[]; dropped: SmsDroppedItem[] } {
  const byId = new Map(students.map((s) => [s.id, s]));
  const out: SmsRecipientInput[] = [];
  const dropped: SmsDroppedItem[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  for (const item of input.messages) {
    const dest = normalizeSmsDestination(item.destination);
    if (dest === null || item.message.trim() === '') {
      dropped.push({ DBID: item.DBID, destination: item.destination });
      continue;
    }
    const student = byId.get(item.DBID);
    const kind =
      student && SMS_PHONE_KINDS.find((k) => normalizeSmsDestination(phoneOf(student, k)) === dest);
    if (!student || !kind) {
      missing.push(dest);
      continue;
    }
    if (!maySendSms(type, consentOf(student, kind))) {
      refused.push(dest);
      continue;
    }
    out.push({ studentId: student.id, phoneKind: kind, dest, msg: item.message });
  }
  if (missing.length) throw new DomainError('sms.numberNotFound', undefined, { destinations: missing });
  if (refused.length) throw new DomainError('sms.noConsent', undefined, { destinations: refused });
  if (out.length === 0 && dropped.length) throw new DomainError('sms.nothingToSend', undefined, { dropped });
  return { recipients: out, dropped };
}

/**
 * SendSms: the campaign and the credit reservation are appended together with both streams' expected
 * versions (two sends at once cannot both spend the last credits), then the send job is queued. Should the
 * process stop before queueing, the worker's sweep finds the campaign still unsent and queues it.
 */
@CommandHandler(SendSmsCommand)
export class SendSmsHandler implements ICommandHandler<SendSmsCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SmsWorker) private readonly worker: SmsWorker,
  ) {}

  async execute({ ctx, campaignId, input, cause }: SendSmsCommand): Promise<SendSmsResult> {
    const organizationId = ctx.organizationId!;
    const now = ctx.now.toISOString();
    const students = await readSmsRecipients(this.db, organizationId, [
      ...new Set(input.messages.map((m) => m.DBID)),
    ]);
    const { recipients, dropped } = recipientsOf(input, students, input.type);
    let count = 0;
    let credits = 0;
    await this.executor.executeMany(ctx, async () => {
      const [org, ledger, campaign] = await Promise.all([
        this.executor.load(organizationStream(organizationId), organizationDecider),
        this.executor.load(smsCreditStream(organizationId), smsCreditDecider),
        this.executor.load(smsCampaignStream(campaignId), smsCampaignDecider),
      ]);
      const purchased = org.state.status === 'open' ? org.state.smsCredits : 0;
      const plan = planSmsSend(
        {
          type: 'AcceptSmsCampaign',
          campaignId,
          organizationId,
          userId: ctx.userId,
          smsType: input.type,
          sendAt: input.SendAt,
          sourceAddr: this.config.SMS_SOURCE_ADDR,
          cause,
          recipients,
          now,
          purchased,
        },
        { credits: ledger.state, campaign: campaign.state },
      );
      const accepted = plan.campaignEvents[0];
      if (accepted?.type === 'SmsCampaignAccepted') {
        count = accepted.data.messages.length;
        credits = accepted.data.credits;
      }
      return [
        { stream: campaign, events: plan.campaignEvents },
        { stream: ledger, events: plan.creditEvents },
      ];
    });
    await this.worker.enqueueSend(campaignId);
    return {
      success: true,
      campaignId,
      count,
      credits,
      message: message('sms.sent', { count }),
      dropped,
    };
  }
}
