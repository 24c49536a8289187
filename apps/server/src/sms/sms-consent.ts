import { createHash, randomInt } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  confirmSmsConsentSchema,
  message,
  organizationDecider,
  organizationStream,
  planSmsSend,
  requestSmsConsentCodeSchema,
  smsCampaignDecider,
  smsCampaignStream,
  smsConsentCodeDecider,
  smsConsentCodeStream,
  smsConsentCodeText,
  smsCreditDecider,
  smsCreditStream,
  type SmsPhoneKind,
} from '@okul/domain';
import { readSmsConsentOrganization, readStudentsByPhone, type Db } from '@okul/projections';
import { z } from 'zod';
import { Public } from '../auth/decorators';
import type { AppConfig } from '../config/config';
import { audited } from '../infra/audited';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { ApiAnswer, ApiBody, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { CONFIG, DB } from '../infra/tokens';
import { SmsWorker } from './sms.worker';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

type Holders = Array<{ studentId: string; phoneKind: SmsPhoneKind }>;

/** The organisation's (not deleted) students holding this phone, with which of their phones it is. */
async function holdersOf(db: Db, organizationId: string, phone: string): Promise<Holders> {
  return (await readStudentsByPhone(db, phone))
    .filter((s) => s.organizationId === organizationId)
    .flatMap((s) => s.kinds.map((k) => ({ studentId: s.id, phoneKind: k as SmsPhoneKind })));
}

export class RequestSmsConsentCodeCommand extends Command<{ success: true; message: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly phone: string,
    readonly campaignId: string,
  ) {
    super();
  }
}

/**
 * A one-time code for the QR consent page, sent by SMS to the phone that asked (a transactional message the
 * owner asked for, paid from the organisation's credits like any other). The answer is the same whether the
 * phone is on file or not, so the page does not tell strangers which numbers the institution holds.
 */
@CommandHandler(RequestSmsConsentCodeCommand)
export class RequestSmsConsentCodeHandler implements ICommandHandler<RequestSmsConsentCodeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SmsWorker) private readonly worker: SmsWorker,
  ) {}

  async execute({ ctx, phone, campaignId }: RequestSmsConsentCodeCommand) {
    const organizationId = ctx.organizationId!;
    const org = await readSmsConsentOrganization(this.db, organizationId);
    if (!org) throw new DomainError('sms.consentPageNotFound');
    const holders = await holdersOf(this.db, organizationId, phone);
    const answer = { success: true as const, message: message('sms.consentCodeSent') };
    if (holders.length === 0) return answer;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = ctx.now.toISOString();
    await this.executor.executeMany(ctx, async () => {
      const [codes, orgStream, ledger, campaign] = await Promise.all([
        this.executor.load(smsConsentCodeStream(organizationId, phone), smsConsentCodeDecider),
        this.executor.load(organizationStream(organizationId), organizationDecider),
        this.executor.load(smsCreditStream(organizationId), smsCreditDecider),
        this.executor.load(smsCampaignStream(campaignId), smsCampaignDecider),
      ]);
      const issued = smsConsentCodeDecider.decide(
        {
          type: 'IssueSmsConsentCode',
          organizationId,
          phone,
          codeHash: sha256(code),
          campaignId,
          now,
        },
        codes.state,
      );
      const send = planSmsSend(
        {
          type: 'AcceptSmsCampaign',
          campaignId,
          organizationId,
          userId: null,
          smsType: 'consentCode',
          sendAt: null,
          sourceAddr: this.config.SMS_SOURCE_ADDR,
          cause: 'QR izin sayfası',
          recipients: [{ ...holders[0], dest: `90${phone}`, msg: smsConsentCodeText(org.name, code) }],
          now,
          purchased: orgStream.state.status === 'open' ? orgStream.state.smsCredits : 0,
        },
        { credits: ledger.state, campaign: campaign.state },
      );
      return [
        { stream: codes, events: issued },
        { stream: campaign, events: send.campaignEvents },
        { stream: ledger, events: send.creditEvents },
      ];
    });
    await this.worker.enqueueSend(campaignId);
    return answer;
  }
}

export class ConfirmSmsConsentCommand extends Command<{ success: true; message: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly phone: string,
    readonly codeHash: string,
    readonly status: 'ONAY' | 'RET',
  ) {
    super();
  }
}

/** The parent's ONAY or RET with the code: recorded for every student of the organisation with that phone. */
@CommandHandler(ConfirmSmsConsentCommand)
export class ConfirmSmsConsentHandler implements ICommandHandler<ConfirmSmsConsentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, phone, codeHash, status }: ConfirmSmsConsentCommand) {
    const organizationId = ctx.organizationId!;
    if (!(await readSmsConsentOrganization(this.db, organizationId)))
      throw new DomainError('sms.consentPageNotFound');
    const students = await holdersOf(this.db, organizationId, phone);
    if (students.length === 0) throw new DomainError('sms.consentCodeExpired');
    const written = await this.executor.execute(
      ctx,
      smsConsentCodeStream(organizationId, phone),
      smsConsentCodeDecider,
      {
        type: 'ConfirmSmsConsent',
        organizationId,
        phone,
        codeHash,
        status,
        students,
        now: ctx.now.toISOString(),
      },
    );
    if (written[0]?.type !== 'SmsConsentConfirmed') throw new DomainError('sms.consentCodeWrong');
    return { success: true as const, message: message('sms.consentSaved', { status }) };
  }
}

const answerSchema = z.object({ success: z.literal(true), message: z.string() });
const organizationQuery = z.strictObject({
  organizationId: z.uuid({ error: message('sms.consentPageNotFound') }),
});

/**
 * The public QR consent page's calls (product.md 5 Consent by QR code): no session, the organisation comes
 * in the body. Refusals are logged for the organisation like any other (`change_sms_consent_failed`).
 */
@Controller('api/v1/smsConsent')
export class SmsConsentController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  /** An unknown or closed organisation is refused before anything is recorded (nobody can fill logs). */
  private async knownOrganization(organizationId: string) {
    const org = await readSmsConsentOrganization(this.db, organizationId);
    if (!org) throw new DomainError('sms.consentPageNotFound');
    return org;
  }

  @Public()
  @Get('organization')
  @ApiQuery(organizationQuery)
  @ApiAnswer(z.object({ id: z.string(), name: z.string() }))
  async organization(@Query() query: unknown) {
    return this.knownOrganization(parseBody(organizationQuery, query).organizationId);
  }

  @Public()
  @Post('requestCode')
  @HttpCode(200)
  @ApiBody(requestSmsConsentCodeSchema)
  @ApiAnswer(answerSchema)
  async requestCode(@Req() req: AppRequest, @Body() body: unknown) {
    const input = parseBody(requestSmsConsentCodeSchema, body);
    const ctx = commandContext(req, input.organizationId);
    await this.knownOrganization(input.organizationId);
    return audited(this.executor, ctx, 'change_sms_consent', () =>
      this.commands.execute(
        new RequestSmsConsentCodeCommand(ctx, input.phone, newEntityId(ctx, 'sms-campaign')),
      ),
    );
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  @ApiBody(confirmSmsConsentSchema)
  @ApiAnswer(answerSchema)
  async confirm(@Req() req: AppRequest, @Body() body: unknown) {
    const input = parseBody(confirmSmsConsentSchema, body);
    const ctx = commandContext(req, input.organizationId);
    await this.knownOrganization(input.organizationId);
    return audited(this.executor, ctx, 'change_sms_consent', () =>
      this.commands.execute(new ConfirmSmsConsentCommand(ctx, input.phone, sha256(input.code), input.status)),
    );
  }
}
