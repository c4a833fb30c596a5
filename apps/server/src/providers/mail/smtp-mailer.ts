import nodemailer from 'nodemailer';
import type { EmailConfig } from '../../config.js';
import { languageOf, mailHtml } from './mail-html.js';
import type { MailSender } from './mail-sender.js';

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
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mailHtml(mail),
        headers: { 'Content-Language': language },
      });
    },
  };
}
