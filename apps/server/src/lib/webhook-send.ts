import http from 'node:http';
import https from 'node:https';
import {
  guardedLookup,
  PRIVATE_ADDRESS_CODE,
  systemResolver,
  webhookUrlProblem,
  type Resolver,
  type WebhookTargetPolicy,
} from './outbound-address.js';
import { clientSpan } from './outgoing-trace.js';
import { userAgent } from './product.js';
import { signWebhook, standardSignature } from './webhook-signature.js';

export interface WebhookSendOptions {
  timeoutMs: number;
  policy: WebhookTargetPolicy;
  resolver?: Resolver;
}

/**
 * POSTs one webhook and answers the HTTP status. The URL is checked again (an endpoint stored before a
 * rule existed, a changed policy), and every address its host resolves to is checked at connect time,
 * so a name that resolved to a public address when the endpoint was set cannot be turned to 127.0.0.1
 * later. Redirects are not followed; the answer's body is not read.
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: WebhookSendOptions,
): Promise<number> {
  const problem = webhookUrlProblem(url, options.policy);
  if (problem) return Promise.reject(new Error(`address not allowed: ${problem}`));
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  // The host only: a receiver's path often holds its own secret (Slack, Discord hooks).
  const span = clientSpan(`POST ${target.host}`, {
    'http.request.method': 'POST',
    'server.address': target.hostname,
  });
  return new Promise<number>((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': userAgent('Webhooks'),
          traceparent: span.traceparent,
          ...headers,
        },
        lookup: guardedLookup(options.policy.allowPrivate, options.resolver ?? systemResolver),
        // A socket of its own: a pooled one may have been connected by a request without the guard.
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        span.end({ statusCode: response.statusCode ?? 0 });
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      span.end({ error: error.code ?? error.name });
      if (error.code === PRIVATE_ADDRESS_CODE)
        return reject(new Error('address not allowed: the host resolves to a private address'));
      if (error.name === 'AbortError' || error.name === 'TimeoutError') return reject(new Error('timed out'));
      reject(error);
    });
    request.end(body);
  });
}

export const WEBHOOK_EVENT_HEADER = 'x-veridocs-event-id';
export const WEBHOOK_SIGNATURE_HEADER = 'x-veridocs-signature';

/** What one signed POST came to: the receiver's status (null: no answer), and null error when 2xx. */
export interface SignedWebhookOutcome {
  statusCode: number | null;
  error: string | null;
}

/**
 * The headers of one signed webhook: Standard Webhooks' `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (one `v1,` signature per secret: the current one first, then one that a rotation
 * keeps valid for a while), and the earlier `x-veridocs-*` pair signed with the current secret.
 */
export function signedWebhookHeaders(
  secrets: readonly string[],
  parcel: { eventId: string; body: string; at: Date },
): Record<string, string> {
  const current = secrets[0];
  if (current === undefined) throw new Error('no signing secret');
  const seconds = Math.floor(parcel.at.getTime() / 1000);
  return {
    'webhook-id': parcel.eventId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': secrets
      .map((secret) => standardSignature(secret, parcel.eventId, seconds, parcel.body))
      .join(' '),
    [WEBHOOK_EVENT_HEADER]: parcel.eventId,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(current, parcel.body, seconds),
  };
}

/**
 * Signs `body` (ADR 0025: the organisations' webhooks and the verification reports alike), POSTs it
 * through `send`, and says what happened; never throws. The secrets are read inside the attempt: one
 * that cannot be read (decrypted) is a failed attempt like a refused connection.
 */
export async function postSignedWebhook(
  send: (url: string, body: string, headers: Record<string, string>) => Promise<number>,
  target: { url: string; secrets: () => readonly string[] },
  parcel: { eventId: string; body: string; at: Date },
): Promise<SignedWebhookOutcome> {
  try {
    const statusCode = await send(target.url, parcel.body, signedWebhookHeaders(target.secrets(), parcel));
    return { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}` };
  } catch (e) {
    return { statusCode: null, error: e instanceof Error ? e.message.slice(0, 500) : 'send failed' };
  }
}
