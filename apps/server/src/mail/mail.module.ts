import { join } from 'node:path';
import { Inject, Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { FileMailer } from './file-mailer';
import { MAILER, type Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

export function createMailer(
  config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR' | 'DATA_DIR' | 'NODE_ENV'>,
): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  // Tests read the files; the log line is for people, so tests keep quiet.
  const log = config.NODE_ENV === 'test' ? () => undefined : undefined;
  return new FileMailer(config.MAIL_DIR ?? join(config.DATA_DIR, 'mail'), log);
}

@Injectable()
class MailerCloser implements OnModuleDestroy {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}
  async onModuleDestroy() {
    await this.mailer.close();
  }
}

@Module({
  providers: [
    { provide: MAILER, useFactory: (config: AppConfig) => createMailer(config), inject: [CONFIG] },
    MailerCloser,
  ],
  exports: [MAILER],
})
export class MailModule {}
