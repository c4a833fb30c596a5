import { timingSafeEqual } from 'node:crypto';
import type { WebhookTargetPolicy } from '../../lib/outbound-address.js';
import {
  postSignedWebhook,
  sendWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../lib/webhook-send.js';
import { signWebhook } from '../../lib/webhook-signature.js';

/**
 * How a verification report reaches the candidate's evaluation partner (docs/decisions/0028). The
 * default is a signed webhook per partner (the same signature as the organisations' webhooks, ADR
 * 0025); a partner's own API (SFTP drop, upload endpoint) gets its own implementation of this interface.
 */
export interface ReportDelivery {
  readonly kind: string;
  /** Where this partner's reports go, for the console (null: nowhere, the report is not sent). */
  destination(partnerId: string): string | null;
  /** Sends one report; never throws: the outcome says what happened, the caller records it. */
  deliver(partnerId: string, parcel: ReportParcel): Promise<DeliveryOutcome>;
}

export interface ReportParcel {
  /** Stable per report: a partner drops a repeat by it (retries and re-sends carry the same id). */
  eventId: string;
  /** The JSON body (schemas/reports.ts reportWebhookSchema). */
  body: string;
  at: Date;
}

export interface DeliveryOutcome {
  url: string;
  /** The partner's HTTP status (null: no answer). */
  statusCode: number | null;
  /** Null when delivered (2xx). */
  error: string | null;
}

/** A partner's endpoint and the secret its webhooks are signed with. */
export interface PartnerEndpoint {
  url: string;
  secret: string;
}

export const REPORT_SIGNATURE_HEADER = WEBHOOK_SIGNATURE_HEADER;
export const REPORT_EVENT_HEADER = WEBHOOK_EVENT_HEADER;
/** The documented secret of the built-in dev receiver (dev tools only; README "Verification report"). */
export const PARTNER_DEV_SECRET = 'veridocs-partner-development-secret';
const SEND_TIMEOUT_MS = 15_000;

/** The same signature as the organisations' webhooks (ADR 0025). */
export const signReport = signWebhook;

/** Checks a signature header against `body` (what a partner does); `toleranceSeconds` bounds replays. */
export function verifyReportSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signReport(secret, body, t).slice(-64), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Sends one report. `policy` is who may receive it (ADR 0025 "Webhook addresses"); null for the
 * built-in dev receiver, which is this server itself (PUBLIC_URL, localhost in development).
 */
export type Post = (
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookTargetPolicy | null,
) => Promise<number>;

const httpPost: Post = (url, body, headers, policy) =>
  sendWebhook(url, body, headers, {
    timeoutMs: SEND_TIMEOUT_MS,
    policy: policy ?? { allowPrivate: true, httpsOnly: false },
  });

/**
 * Signed webhooks: `endpoints` per partner id (EVALUATION_PARTNER_WEBHOOKS), sent under `targets`;
 * `fallback(partnerId)` for a partner without one (the dev receiver, with dev tools on).
 */
export function createWebhookReportDelivery(deps: {
  endpoints: Readonly<Record<string, PartnerEndpoint>>;
  targets: WebhookTargetPolicy;
  fallback?: (partnerId: string) => PartnerEndpoint | null;
  post?: Post;
}): ReportDelivery {
  const post = deps.post ?? httpPost;
  const endpointOf = (partnerId: string) => {
    const configured = deps.endpoints[partnerId];
    if (configured) return { endpoint: configured, policy: deps.targets };
    const fallback = deps.fallback?.(partnerId);
    return fallback ? { endpoint: fallback, policy: null } : null;
  };
  return {
    kind: 'webhook',
    destination: (partnerId) => endpointOf(partnerId)?.endpoint.url ?? null,
    async deliver(partnerId, parcel) {
      const target = endpointOf(partnerId);
      if (!target) return { url: '', statusCode: null, error: 'no endpoint for this partner' };
      const { endpoint, policy } = target;
      const outcome = await postSignedWebhook(
        (url, body, headers) => post(url, body, headers, policy),
        { url: endpoint.url, secrets: () => [endpoint.secret] },
        parcel,
      );
      return { url: endpoint.url, ...outcome };
    },
  };
}
