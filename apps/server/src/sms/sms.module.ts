import { join } from 'node:path';
import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { LocalSmsGateway } from './local-sms-gateway';
import { SMS_GATEWAY, type SmsGateway } from './sms-gateway';
import { SmsNotices, UpdateSmsNoticeSettingsHandler } from './sms-notices';
import { SendSmsHandler } from './sms.commands';
import { SmsController } from './sms.controller';
import { SmsWorker } from './sms.worker';
import { VerimorSmsGateway } from './verimor-sms-gateway';

export function createSmsGateway(config: AppConfig): SmsGateway {
  if (config.SMS_PROVIDER === 'verimor') {
    return new VerimorSmsGateway({
      baseUrl: config.VERIMOR_API_URL,
      username: config.VERIMOR_USERNAME!,
      password: config.VERIMOR_PASSWORD!,
    });
  }
  return new LocalSmsGateway(join(config.DATA_DIR, 'sms'), config.SMS_LOCAL_DELIVERY_MS);
}

@Module({
  controllers: [SmsController],
  providers: [
    { provide: SMS_GATEWAY, useFactory: createSmsGateway, inject: [CONFIG] },
    SmsWorker,
    SendSmsHandler,
    SmsNotices,
    UpdateSmsNoticeSettingsHandler,
  ],
  exports: [SmsWorker, SmsNotices, SMS_GATEWAY],
})
export class SmsModule {}
