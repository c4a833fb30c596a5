import { createHmac } from 'node:crypto';

/**
 * The signatures of every webhook the product sends (organisations' webhooks, ADR 0025; reports to
 * evaluation partners, ADR 0028).
 *
 * Standard Webhooks (https://www.standardwebhooks.com): `webhook-signature` is `v1,<base64 HMAC-SHA256
 * over "id.timestamp.body">`, one per valid secret, space-separated. The key is the base64 after `whsec_`;
 * a secret in any other form (a partner's configured one, an endpoint made before `whsec_` base64) is used
 * as its raw characters — the libraries' `{ format: 'raw' }`.
 */
const STANDARD_SECRET = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

export function webhookKey(secret: string): Buffer {
  const match = STANDARD_SECRET.exec(secret);
  return match && match[1] ? Buffer.from(match[1], 'base64') : Buffer.from(secret, 'latin1');
}

/** Whether a standard library reads this secret as given (no `format: 'raw'`). */
export const isStandardSecret = (secret: string) => STANDARD_SECRET.test(secret);

/** One `v1,<base64>` signature of the Standard Webhooks scheme. */
export function standardSignature(secret: string, id: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret)).update(`${id}.${unixSeconds}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/**
 * The earlier header, kept for endpoints and partners set up before Standard Webhooks (one release,
 * README "Integrate"): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.rawBody")>`.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
