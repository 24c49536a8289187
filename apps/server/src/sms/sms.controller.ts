import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  buildPhoneBook,
  getSmsOutboxQuerySchema,
  getSmsRecipientsQuerySchema,
  phoneBookFileName,
  recordsWithIdSchema,
  sendSmsAnswerSchema,
  sendSmsSchema,
  smsNoticePreviewAnswerSchema,
  smsNoticePreviewQuerySchema,
  smsNoticeSettingsAnswerSchema,
  smsNoticeSettingsSchema,
  smsRecipientsAnswerSchema,
} from '@okul/domain';
import {
  readSmsCredits,
  readSmsNoticeSettings,
  readSmsOutbox,
  readSmsRecipients,
  type Db,
} from '@okul/projections';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiAnswerMedia, ApiBody, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { DomainError } from '@okul/domain';
import { SmsNotices, UpdateSmsNoticeSettingsCommand } from './sms-notices';
import { SendSmsCommand } from './sms.commands';

/** api.md 7.3 SMS: /giris/sms is the school-admin's (product.md 2). */
@Controller('api/v1/orgs/:orgID')
export class SmsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(SmsNotices) private readonly notices: SmsNotices,
  ) {}

  @Post('sendSms')
  @ApiBody(sendSmsSchema)
  @ApiAnswer(sendSmsAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  sendSms(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'send_sms', () =>
      this.commands.execute(
        new SendSmsCommand(ctx, newEntityId(ctx, 'sms-campaign'), parseBody(sendSmsSchema, body)),
      ),
    );
  }

  @Get('getSmsOutbox')
  @ApiQuery(getSmsOutboxQuerySchema)
  @ApiAnswer(recordsWithIdSchema)
  @MinRole(ROLES.schoolAdmin)
  async getSmsOutbox(@Req() req: AppRequest, @Query() query: unknown) {
    return readSmsOutbox(this.db, req.org!.id, parseBody(getSmsOutboxQuerySchema, query));
  }

  /** Ours: the credit balance and the students with their three phones and consents (the send screens). */
  @Get('getSmsRecipients')
  @ApiQuery(getSmsRecipientsQuerySchema)
  @ApiAnswer(smsRecipientsAnswerSchema)
  @MinRole(ROLES.schoolAdmin)
  async getSmsRecipients(@Req() req: AppRequest, @Query() query: unknown) {
    const { studentId } = parseBody(getSmsRecipientsQuerySchema, query);
    const [credits, students] = await Promise.all([
      readSmsCredits(this.db, req.org!.id),
      readSmsRecipients(this.db, req.org!.id, studentId === undefined ? undefined : [studentId]),
    ]);
    return { smsCredits: credits, students };
  }

  /** Ours: the phone book (api.md 9.2) as a vCard file. */
  @Get('getSmsPhoneBook')
  @ApiAnswerMedia('text/vcard', 'the phone book as a vCard file (api.md 9.2)')
  @MinRole(ROLES.schoolAdmin)
  async getSmsPhoneBook(@Req() req: AppRequest, @Res() res: Response) {
    const vcf = buildPhoneBook(await readSmsRecipients(this.db, req.org!.id));
    if (vcf === '') throw new DomainError('sms.noPhones');
    res
      .status(200)
      .set('Content-Type', 'text/vcard; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${phoneBookFileName(new Date().toISOString())}"`)
      .send(vcf);
  }

  /** Ours: the automatic notices (debt warning, absence notice, lesson reminder) of the organisation. */
  @Get('getSmsNoticeSettings')
  @ApiAnswer(smsNoticeSettingsAnswerSchema)
  @MinRole(ROLES.schoolAdmin)
  async getSmsNoticeSettings(@Req() req: AppRequest) {
    return readSmsNoticeSettings(this.db, req.org!.id);
  }

  @Post('updateSmsNoticeSettings')
  @ApiBody(smsNoticeSettingsSchema)
  @ApiAnswer(smsNoticeSettingsAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  updateSmsNoticeSettings(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'update_sms_notices', () =>
      this.commands.execute(
        new UpdateSmsNoticeSettingsCommand(ctx, parseBody(smsNoticeSettingsSchema, body)),
      ),
    );
  }

  /** Ours: who a notice would reach now and with what text, and who not and why (before switching it on). */
  @Get('getSmsNoticePreview')
  @ApiQuery(smsNoticePreviewQuerySchema)
  @ApiAnswer(smsNoticePreviewAnswerSchema)
  @MinRole(ROLES.schoolAdmin)
  async getSmsNoticePreview(@Req() req: AppRequest, @Query() query: unknown) {
    const { kind } = parseBody(smsNoticePreviewQuerySchema, query);
    return this.notices.preview(req.org!.id, kind, new Date().toISOString());
  }
}
