import { createHmac } from 'node:crypto';

/**
 * The signature header of every webhook the product sends (organisations' webhooks, ADR 0025; reports
 * to evaluation partners, ADR 0028): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.rawBody")>`.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
