import nodemailer from 'nodemailer';
import type { EmailConfig } from '../../config.js';
import { languageOf, mailHtml } from './mail-html.js';
import type { MailSender } from './mail-sender.js';
import { clientSpan } from '../../lib/outgoing-trace.js';

export interface SmtpMailerOptions {
  /** Connection, greeting and socket timeouts (ms). */
  timeoutMs?: number;
}

/** SMTP through nodemailer (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER/SMTP_PASSWORD, SMTP_FROM). */
export function createSmtpMailer(config: EmailConfig, options: SmtpMailerOptions = {}): MailSender {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.password } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    name: 'smtp',
    async send(mail) {
      const language = languageOf(mail);
      const span = clientSpan('SMTP send', { 'server.address': config.host });
      try {
        await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mailHtml(mail),
          // The span is ours; its ids do not go in the mail, which its recipient reads.
          headers: { 'Content-Language': language },
        });
        span.end({});
      } catch (error) {
        span.end({ error: error instanceof Error ? error.message : 'failed' });
        throw error;
      }
    },
  };
}
