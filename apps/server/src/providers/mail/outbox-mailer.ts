import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { MailSender } from './mail-sender.js';

/**
 * The embedded default: nothing leaves the machine; the mail lands in the dev outbox the SMS provider
 * uses (channel `email`, readable at /api/dev/outbox?to=<address>), subject and text in its body.
 */
export function createOutboxMailer(outbox: OutboxRepository, now: Clock): MailSender {
  return {
    name: 'outbox',
    async send(mail) {
      await outbox.add({
        channel: 'email',
        to: mail.to.toLowerCase(),
        body: `${mail.subject}\n\n${mail.text}`,
        otp: mail.otp ?? null,
        createdAt: now(),
      });
    },
  };
}
