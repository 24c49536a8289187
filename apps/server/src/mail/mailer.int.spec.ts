import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileMailer } from './file-mailer';
import { createMailer } from './mail.module';

const root = mkdtempSync(join(tmpdir(), 'okul-mail-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const message = {
  to: 'ayse@example.com',
  subject: 'KursPanel e-posta adresinizi doğrulayın',
  text: 'Merhaba',
  html: '<p>Merhaba</p>',
  links: ['https://kurspanel.test/giris/verify?email=ayse%40example.com&token=abc'],
};

describe('mailer without SMTP_URL (the embedded default)', () => {
  it('writes each message as a JSON file under MAIL_DIR, in sending order, and logs its link', async () => {
    const lines: string[] = [];
    const dir = mkdtempSync(join(root, 'explicit-'));
    const mailer = new FileMailer(dir, (l) => lines.push(l));
    // Sent within the same millisecond as often as not: the names must still sort in sending order.
    const others = ['ikinci', 'ucuncu', 'dorduncu'].map((n) => `${n}@example.com`);
    await mailer.send(message);
    for (const to of others) await mailer.send({ ...message, to });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(4);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    const read = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as typeof message);
    expect(read[0]).toEqual(message);
    expect(read.map((m) => m.to)).toEqual([message.to, ...others]);
    expect(lines[0]).toContain(message.links[0]);
    expect(lines[0]).toContain('ayse@example.com');
  });

  it('defaults MAIL_DIR to DATA_DIR/mail; SMTP_URL switches to nodemailer', () => {
    const base = {
      MAIL_FROM: 'KursPanel <no-reply@kurspanel.local>',
      DATA_DIR: root,
      NODE_ENV: 'test' as const,
    };
    const file = createMailer({ ...base, SMTP_URL: undefined, MAIL_DIR: undefined });
    expect(file.kind).toBe('file');
    expect((file as FileMailer).dir).toBe(join(root, 'mail'));
    expect((createMailer({ ...base, SMTP_URL: undefined, MAIL_DIR: '/srv/mail' }) as FileMailer).dir).toBe(
      '/srv/mail',
    );
    const smtp = createMailer({ ...base, SMTP_URL: 'smtp://user:pass@127.0.0.1:2525', MAIL_DIR: undefined });
    expect(smtp.kind).toBe('smtp');
    void smtp.close();
  });
});
