import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { signWebhook } from '../../lib/webhook-signature.js';
import {
  formLinkPath,
  type ApiKey,
  type ApiKeyCreated,
  type IntegrationCreateTransaction,
  type IntegrationCreateTransactionResponse,
  type IntegrationTransaction,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
  type DisclosureRecord,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { DbScope } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { checkWebhookUrl, type Resolver, type WebhookTargetPolicy } from '../../lib/outbound-address.js';
import { postSignedWebhook, sendWebhook } from '../../lib/webhook-send.js';
import type { StateChange } from '../transactions/state-machine.js';
import { eventTypeOf } from './webhook-events.js';
import type { ApiKeyRow, DeliveryRow, EndpointRow, IntegrationRepository } from './integration-repository.js';

/** Keys look like `vdk_<43 base64url chars>`; the prefix shown in the console is its first 12 chars. */
const KEY_PREFIX = 'vdk_';
const SHOWN_PREFIX_LENGTH = 12;
/** After the 1st, 2nd, ... failed attempt; after the last one the delivery is `failed`. */
export const WEBHOOK_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;
const SEND_TIMEOUT_MS = 10_000;
/** How long a rotated-out secret still signs (beside the new one). */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 3_600_000;
const LEASE_MS = 60_000;

export { signWebhook };

export interface Candidate {
  id: string;
  mobile: string;
  /** The organisation whose call created the wallet; null when the candidate made it. */
  createdByOrgId: string | null;
}

export interface IntegrationServiceDeps {
  repo: IntegrationRepository;
  /**
   * Records that a result went to the organisation's webhook (ADR 0049 "Disclosures"), in the state
   * change's database transaction that queues it; a no-op by default.
   */
  disclose?: (scope: DbScope, record: DisclosureRecord) => Promise<void>;
  /** Encrypts webhook secrets at rest (32 bytes, derived from the server secret). */
  secretKey: Uint8Array;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * The profile of a mobile, made with `name` (as `orgId`'s creation) when there is none (null: none
   * and no name).
   */
  candidateByMobile: (mobile: string, name: string | undefined, orgId: string) => Promise<Candidate | null>;
  /** The candidate app's transaction creation (idempotent per profile and form). */
  createTransaction: (profileId: string, orgId: string, formId: string) => Promise<string>;
  /**
   * Records the organisation portal's invitation of a transaction the API made (ADR 0047: one
   * invitation path; source 'api'). Set by the composition once the portal's service exists.
   */
  recordInvitation?: (invitation: {
    orgId: string;
    formId: string;
    transactionId: string;
    profileId: string;
    mobile: string;
    name: string | undefined;
  }) => Promise<void>;
  /** Whether the wallet's owner ever signed in with the mobile OTP. */
  ownerHasSignedIn: (profileId: string) => Promise<boolean>;
  /** A single-use, short-lived sign-in link token for the wallet: the link's `sso` (ADR 0004). */
  issueSso: (
    candidate: Candidate,
    context: { orgId: string; transactionId: string },
  ) => Promise<{ token: string; expiresAt: Date }>;
  /** Who may receive webhooks: checked when an endpoint is added and at every send (ADR 0025). */
  webhookTargets: WebhookTargetPolicy;
  /** Host name resolution for those checks (a test plays a DNS rebinding with it). */
  resolver?: Resolver;
  /** Sends one webhook (a test may replace it); answers the HTTP status. */
  send?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function keyOut(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}
function endpointOut(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, active: row.active, createdAt: row.createdAt.toISOString() };
}

/** Organisations' integration API: keys, transactions, webhooks (docs/decisions/0025). */
export function createIntegrationService(deps: IntegrationServiceDeps) {
  const { repo, now } = deps;
  const send =
    deps.send ??
    ((url: string, body: string, headers: Record<string, string>) =>
      sendWebhook(url, body, headers, {
        timeoutMs: SEND_TIMEOUT_MS,
        policy: deps.webhookTargets,
        resolver: deps.resolver,
      }));
  const base = deps.publicUrl.replace(/\/+$/, '');

  function encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deps.secretKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }
  function decrypt(stored: string): string {
    const [, iv, tag, data] = stored.split('.');
    const decipher = createDecipheriv('aes-256-gcm', deps.secretKey, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data!, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  // Standard Webhooks' form: `whsec_` and the base64 of 32 random bytes (the libraries' default).
  const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

  async function assertOrg(orgId: string) {
    if (!(await repo.orgExists(orgId))) throw new AppError('ORG_NOT_FOUND');
  }

  function linkOf(orgId: string, formId: string, txnId?: string) {
    return `${base}${formLinkPath(orgId, formId, txnId)}`;
  }

  /**
   * The candidate's link; with their mobile, their transaction (made once per candidate and form, as
   * the candidate app does) and an `sso`. An Idempotency-Key answers the transaction of its first call.
   */
  async function createFor(
    orgId: string,
    body: IntegrationCreateTransaction,
    idempotencyKey: string | undefined,
  ): Promise<IntegrationCreateTransactionResponse & { profileId?: string }> {
    const requestHash = sha256Hex(JSON.stringify(body));
    if (idempotencyKey) {
      const earlier = await repo.findRequest(orgId, idempotencyKey);
      if (earlier && earlier.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    if (!(await repo.formOfOrg(orgId, body.formId))) throw new AppError('FORM_NOT_FOUND');
    const mobile = body.candidate.mobile;
    if (!mobile) return { link: linkOf(orgId, body.formId) };
    const candidate = await deps.candidateByMobile(mobile, body.candidate.name, orgId);
    if (!candidate) throw new AppError('INTEGRATION_NAME_REQUIRED');
    const transactionId = await deps.createTransaction(candidate.id, orgId, body.formId);
    if (idempotencyKey) await repo.insertRequest({ orgId, idempotencyKey, requestHash, transactionId });
    const link = linkOf(orgId, body.formId, transactionId);
    // An organisation signs in only to a wallet its own call made and whose owner has never signed in
    // by OTP (ADR 0025): any other wallet's owner follows the link and proves the mobile.
    if (candidate.createdByOrgId !== orgId || (await deps.ownerHasSignedIn(candidate.id)))
      return { transactionId, link, profileId: candidate.id };
    // A replay gets a fresh sso: links are kept only hashed, so the first one cannot be answered again.
    const sso = await deps.issueSso(candidate, { orgId, transactionId });
    return {
      transactionId,
      link,
      sso: sso.token,
      ssoExpiresAt: sso.expiresAt.toISOString(),
      profileId: candidate.id,
    };
  }

  return {
    /** The organisation a bearer API key speaks for; 210 when missing, unknown or revoked. */
    async authenticate(bearer: string | null): Promise<{ orgId: string; keyId: string }> {
      if (!bearer?.startsWith(KEY_PREFIX)) throw new AppError('API_KEY_INVALID');
      const row = await repo.useKey(sha256Hex(bearer), now());
      if (!row) throw new AppError('API_KEY_INVALID');
      return { orgId: row.orgId, keyId: row.id };
    },

    async createKey(orgId: string, name: string, staffId: string | null): Promise<ApiKeyCreated> {
      await assertOrg(orgId);
      const key = KEY_PREFIX + randomToken(32);
      const row = await repo.insertKey({
        orgId,
        name,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        keyHash: sha256Hex(key),
        createdBy: staffId,
        createdAt: now(),
      });
      return { ...keyOut(row), key };
    },
    async listKeys(orgId: string): Promise<ApiKey[]> {
      await assertOrg(orgId);
      return (await repo.listKeys(orgId)).map(keyOut);
    },
    async revokeKey(orgId: string, keyId: string): Promise<ApiKey> {
      const row = await repo.revokeKey(orgId, keyId, now());
      if (!row) throw new AppError('API_KEY_NOT_FOUND');
      return keyOut(row);
    },

    async createEndpoint(orgId: string, url: string): Promise<WebhookEndpointCreated> {
      await assertOrg(orgId);
      const problem = await checkWebhookUrl(url, deps.webhookTargets, deps.resolver);
      if (problem) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', problem);
      const secret = newSecret();
      const row = await repo.insertEndpoint({ orgId, url, secretEnc: encrypt(secret), createdAt: now() });
      return { ...endpointOut(row), secret };
    },
    /**
     * A new signing secret, answered here only. The old one keeps signing beside it (a second
     * `webhook-signature` entry) for WEBHOOK_ROTATION_OVERLAP_MS, so a receiver can switch without
     * refusing anything; the earlier `x-veridocs-signature` header carries the new one at once.
     */
    async rotateSecret(orgId: string, id: string): Promise<WebhookEndpointCreated> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
      const secret = newSecret();
      const at = now();
      const row = uuid
        ? await repo.rotateEndpointSecret(
            orgId,
            id.toLowerCase(),
            encrypt(secret),
            new Date(at.getTime() + WEBHOOK_ROTATION_OVERLAP_MS),
            at,
          )
        : undefined;
      if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      return { ...endpointOut(row), secret };
    },
    async listEndpoints(orgId: string): Promise<WebhookEndpoint[]> {
      await assertOrg(orgId);
      return (await repo.listEndpoints(orgId)).map(endpointOut);
    },
    async disableEndpoint(orgId: string, id: string): Promise<WebhookEndpoint> {
      const row = await repo.disableEndpoint(orgId, id);
      if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      return endpointOut(row);
    },

    /**
     * The candidate's link; with their mobile, their transaction (made once per candidate and form, as
     * the candidate app does) and an `sso`. An Idempotency-Key answers the transaction of its first call.
     */
    async createTransaction(
      orgId: string,
      body: IntegrationCreateTransaction,
      idempotencyKey: string | undefined,
    ): Promise<IntegrationCreateTransactionResponse> {
      const { profileId, ...answer } = await createFor(orgId, body, idempotencyKey);
      const mobile = body.candidate.mobile;
      if (answer.transactionId && profileId && mobile && deps.recordInvitation)
        await deps.recordInvitation({
          orgId,
          formId: body.formId,
          transactionId: answer.transactionId,
          profileId,
          mobile,
          name: body.candidate.name,
        });
      return answer;
    },
    /**
     * The same creation for the organisation portal's invitations (ADR 0047), which record their own
     * invitation: answers the candidate's profile id too.
     */
    createTransactionFor: (orgId: string, body: IntegrationCreateTransaction, idempotencyKey?: string) =>
      createFor(orgId, body, idempotencyKey),

    async transaction(orgId: string, txnId: string): Promise<IntegrationTransaction> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(txnId);
      const found = uuid ? await repo.transactionOfOrg(orgId, txnId.toLowerCase()) : undefined;
      if (!found) throw new AppError('INTEGRATION_TRANSACTION_NOT_FOUND');
      return {
        transactionId: found.txn.id,
        formId: found.txn.formId,
        state: found.txn.state,
        updatedAt: found.txn.updatedAt.toISOString(),
        verifications: found.records.map((r) => ({ name: r.name, state: r.state })),
      };
    },

    /** The state-change hook (transactions repository): one delivery per change and active endpoint. */
    async enqueue(scope: DbScope, changes: readonly StateChange[], at: Date): Promise<void> {
      const targets = await queue(
        scope,
        changes.map((c) => ({
          txnId: c.txnId,
          type: eventTypeOf(c),
          data: { verificationName: c.verificationName, from: c.from, to: c.to },
        })),
        at,
      );
      if (targets.length === 0) return;
      // A decided verification or request is a result the organisation receives (not the steps between).
      if (deps.disclose)
        for (const c of changes) {
          if (c.to !== 'COMPLETED' && c.to !== 'FAILED') continue;
          const target = targets.find((t) => t.txnId === c.txnId);
          if (!target) continue;
          await deps.disclose(scope, {
            profileId: target.profileId,
            txnId: c.txnId,
            recipientKind: 'organisation',
            recipientName: target.orgName,
            what: 'result',
            detail: `${c.verificationName ?? 'request'}: ${c.to.toLowerCase()} (webhook)`,
            at,
          });
        }
    },

    /**
     * An event that is not a state change (a report went to the evaluation partner), queued in the
     * caller's database transaction like the state changes.
     */
    async enqueueEvent(
      scope: DbScope,
      event: { txnId: string; type: WebhookEventType; data: Record<string, unknown> },
      at: Date,
    ): Promise<void> {
      await queue(scope, [event], at);
    },

    /** One pass of the delivery job: answers whether it found work. */
    async deliverOnce(limit = 10): Promise<boolean> {
      const due = await repo.claimDue(now(), LEASE_MS, limit);
      for (const delivery of due) await attempt(delivery);
      return due.length > 0;
    },

    async deliveries(orgId: string): Promise<WebhookDelivery[]> {
      await assertOrg(orgId);
      const rows = await repo.listDeliveries(orgId, 100);
      return rows.map(({ delivery: d, attempts }) => ({
        id: d.id,
        endpointId: d.endpointId,
        eventId: d.eventId,
        eventType: d.eventType,
        payload: d.payload,
        status: d.status,
        attempts: d.attempts,
        nextAttemptAt: d.nextAttemptAt.toISOString(),
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        createdAt: d.createdAt.toISOString(),
        deliveredAt: iso(d.deliveredAt),
        attemptLog: attempts.map((a) => ({
          at: a.at.toISOString(),
          statusCode: a.statusCode,
          error: a.error,
          durationMs: a.durationMs,
        })),
      }));
    },
    async replay(orgId: string, deliveryId: string): Promise<void> {
      const uuid = /^[0-9a-f-]{36}$/i.test(deliveryId);
      if (!uuid || !(await repo.replay(orgId, deliveryId, now())))
        throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    },
  };

  /**
   * One delivery per event and active endpoint of the transaction's organisation, each event numbered
   * in its transaction's sequence (the order they happened: the caller's order, under the sequence row's
   * lock). Answers the endpoints found.
   */
  async function queue(
    scope: DbScope,
    events: readonly { txnId: string; type: WebhookEventType; data: Record<string, unknown> }[],
    at: Date,
  ) {
    const targets = await repo.endpointsOfTransactions(scope, [...new Set(events.map((e) => e.txnId))]);
    if (targets.length === 0) return targets;
    const rows = [];
    for (const txnId of new Set(events.map((e) => e.txnId))) {
      const mine = events.filter((e) => e.txnId === txnId);
      const endpoints = targets.filter((t) => t.txnId === txnId);
      if (endpoints.length === 0) continue;
      let sequence = (await repo.takeSequences(scope, txnId, mine.length)) - mine.length;
      for (const event of mine) {
        sequence += 1;
        const eventId = randomUUID();
        for (const t of endpoints)
          rows.push({
            endpointId: t.endpointId,
            eventId,
            eventType: event.type,
            transactionId: txnId,
            sequence,
            payload: {
              id: eventId,
              type: event.type,
              sequence,
              createdAt: at.toISOString(),
              data: { orgId: t.orgId, transactionId: txnId, ...event.data },
            },
            nextAttemptAt: at,
            createdAt: at,
          });
      }
    }
    await repo.insertDeliveries(scope, rows);
    return targets;
  }

  /** The secrets that sign an endpoint's webhooks now: its own, and those rotated out recently. */
  function secretsOf(endpoint: EndpointRow, at: Date): string[] {
    const previous =
      endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at
        ? endpoint.previousSecretEnc.split(' ').slice(0, 3).map(decrypt)
        : [];
    return [decrypt(endpoint.secretEnc), ...previous];
  }

  async function attempt(delivery: DeliveryRow): Promise<void> {
    const endpoint = await repo.endpoint(delivery.endpointId);
    const started = now();
    const body = JSON.stringify(delivery.payload);
    let statusCode: number | null = null;
    let error: string | null;
    const t0 = performance.now();
    if (!endpoint?.active) {
      error = 'endpoint disabled';
    } else {
      ({ statusCode, error } = await postSignedWebhook(
        send,
        { url: endpoint.url, secrets: () => secretsOf(endpoint, started) },
        { eventId: delivery.eventId, body, at: started },
      ));
    }
    const durationMs = Math.round(performance.now() - t0);
    const attempts = delivery.attempts + 1;
    const delivered = error === null;
    const giveUp = !delivered && (attempts >= WEBHOOK_MAX_ATTEMPTS || !endpoint?.active);
    const backoff = WEBHOOK_BACKOFF_MS[Math.min(attempts, WEBHOOK_BACKOFF_MS.length) - 1]!;
    await repo.recordAttempt(
      delivery.id,
      { at: started, statusCode, error, durationMs },
      {
        status: delivered ? 'delivered' : giveUp ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: delivered || giveUp ? started : new Date(started.getTime() + backoff),
        deliveredAt: delivered ? now() : null,
      },
    );
    if (!delivered) deps.log.info({ deliveryId: delivery.id, attempts, error }, 'webhook attempt failed');
  }
}
export type IntegrationService = ReturnType<typeof createIntegrationService>;

/** The AES key webhook secrets are kept under: derived from the server's signing key, for this use only. */
export function deriveWebhookSecretKey(serverKey: Uint8Array): Uint8Array {
  return createHmac('sha256', serverKey).update('webhook-secret:v1').digest();
}
