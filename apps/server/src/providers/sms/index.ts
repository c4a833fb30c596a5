import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import { createHttpSender } from './http-sender.js';
import type { MessageSender } from './message-sender.js';
import { createOutboxSender } from './outbox-sender.js';

export type { MessageSender, OtpSender, OutgoingMessage, MessageChannel } from './message-sender.js';

/** The gateway when SMS_GATEWAY_URL is set, otherwise the dev outbox. */
export function createMessageSender(
  gateway: { url: string; token: string | undefined } | undefined,
  outbox: OutboxRepository,
  now: Clock,
): MessageSender {
  return gateway ? createHttpSender(gateway) : createOutboxSender(outbox, now);
}
