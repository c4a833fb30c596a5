import type { EmailConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { MailSender } from './mail-sender.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type { MailSender, OutgoingMail } from './mail-sender.js';

/**
 * SMTP when SMTP_HOST and SMTP_FROM are set; otherwise the dev outbox (dev tools on only, it keeps
 * codes in clear text). With neither, every send fails (503) rather than claiming a mail went out.
 */
export function createMailSender(
  email: EmailConfig | undefined,
  outbox: OutboxRepository | null,
  now: Clock,
): MailSender {
  if (email) return createSmtpMailer(email);
  if (outbox) return createOutboxMailer(outbox, now);
  return {
    name: 'none',
    send: () =>
      Promise.reject(new Error('No SMTP server configured (SMTP_HOST, SMTP_FROM) and dev tools are off')),
  };
}
