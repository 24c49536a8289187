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
  it('writes each message as a JSON file under MAIL_DIR and logs its link', async () => {
    const lines: string[] = [];
    const mailer = new FileMailer(join(root, 'explicit'), (l) => lines.push(l));
    await mailer.send(message);
    await mailer.send({ ...message, to: 'ikinci@example.com' });
    const files = readdirSync(join(root, 'explicit')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'explicit', files[0]), 'utf8'))).toEqual(message);
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
