import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { log as processLog } from '../infra/observability/logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Writes each message as `<time>-<random>.json` {to, subject, text, html, links} (written to a temporary
 * name, then renamed, so a reader never sees half a file) and logs the link: on the embedded default this
 * log line is how a developer clicks through verification, reset and invitation.
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void = (line) => processLog('mail').info(line),
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(message, null, 2), 'utf8');
    await rename(tmp, join(this.dir, `${name}.json`));
    this.log(
      `[mail] ${message.to}: ${message.subject}${message.links.length ? ` -> ${message.links.join(' ')}` : ''}`,
    );
  }

  async close(): Promise<void> {}
}
