import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { MessageSender } from './message-sender.js';

/** The embedded default: nothing leaves the machine; messages land in the outbox table. */
export function createOutboxSender(outbox: OutboxRepository, now: Clock): MessageSender {
  return {
    name: 'outbox',
    async send(message) {
      await outbox.add({ ...message, createdAt: now() });
    },
  };
}
