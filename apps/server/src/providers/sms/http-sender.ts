import type { MessageSender } from './message-sender.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

export interface HttpSenderOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  timeoutMs?: number;
}

/**
 * A generic SMS / WhatsApp gateway: POSTs `{ channel, to, body, otp }` as JSON and treats any 2xx
 * answer as accepted. Specific gateways (with their own payloads) get their own adapters beside it.
 */
export function createHttpSender(options: HttpSenderOptions): MessageSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = tracedFetch('Sms');
  return {
    name: 'http',
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await send(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          channel: message.channel,
          to: message.to,
          body: message.body,
          otp: message.otp,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the body so the connection is reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
