import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { log as processLog } from '../infra/observability/logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Writes each message as `<time>-<sequence>-<random>.json` {to, subject, text, html, links} (written to a
 * temporary name, then renamed, so a reader never sees half a file) and logs the link: on the embedded default
 * this log line is how a developer clicks through verification, reset and invitation. The sequence keeps the
 * names of one process in sending order when two messages go out in the same millisecond.
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void = (line) => processLog('mail').info(line),
  ) {}

  private sent = 0;

  async send(message: MailMessage): Promise<void> {
    const sequence = String(this.sent++).padStart(8, '0');
    await mkdir(this.dir, { recursive: true });
    const time = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${time}-${sequence}-${randomBytes(4).toString('hex')}`;
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(message, null, 2), 'utf8');
    await rename(tmp, join(this.dir, `${name}.json`));
    this.log(
      `[mail] ${message.to}: ${message.subject}${message.links.length ? ` -> ${message.links.join(' ')}` : ''}`,
    );
  }

  async close(): Promise<void> {}
}
