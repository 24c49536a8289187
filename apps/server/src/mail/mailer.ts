/** One e-mail: both bodies, and the links it carries (written out by the file mailer for tests and dev). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * The mail port. SMTP (nodemailer) when SMTP_URL is set; otherwise each message becomes a JSON file under
 * MAIL_DIR and its link is logged, so the e-mail flows work on the embedded default without a mail server.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export const MAILER = Symbol('MAILER');
