import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import { createHttpSender } from './http-sender.js';
import type { MessageSender } from './message-sender.js';
import { createOutboxSender } from './outbox-sender.js';

export type { MessageSender, OtpSender, OutgoingMessage, MessageChannel } from './message-sender.js';

/**
 * The gateway when SMS_GATEWAY_URL is set; otherwise the dev outbox, which exists only with dev
 * tools on (it keeps the OTP in clear text). With neither, nothing can be delivered: every send
 * fails (503) rather than answering "OTP sent" for a message that went nowhere.
 */
export function createMessageSender(
  gateway: { url: string; token: string | undefined } | undefined,
  outbox: OutboxRepository | null,
  now: Clock,
): MessageSender {
  if (gateway) return createHttpSender(gateway);
  if (outbox) return createOutboxSender(outbox, now);
  return {
    name: 'none',
    send: () =>
      Promise.reject(new Error('No SMS gateway configured (SMS_GATEWAY_URL) and dev tools are off')),
  };
}
