import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_PATHS,
  INTEGRATION_API_PATHS as I,
  OPS_API_PATHS,
  SERVICE_BASES,
  opsSessionSchema,
  type ApiKeyCreated,
  type IntegrationCreateTransactionResponse,
  type OpsSession,
  type WebhookDelivery,
  type WebhookEndpointCreated,
  type DisclosureRecord,
  type State,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { webhookReceiver } from '../../test/webhook-receiver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  signUp,
  uniqueMobile,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { disclosureRows } from '../../test/disclosures.js';
import { createIntegrationRepository } from './integration-repository.js';
import {
  WEBHOOK_BACKOFF_MS,
  createIntegrationService,
  type IntegrationServiceDeps,
} from './integration-service.js';
import { consentTo } from '../../test/consent.js';

const ORG = 'demo-university';
const FORM = 'demo-form';
const OTHER_ORG = 'other-org';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

/** What a receiver does (README "Webhooks"): HMAC of "t.rawBody", timestamp within 300 s. */
function verifySignature(secret: string, header: string, body: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(nowSeconds - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("organisations' integration API: keys, transactions, signed webhooks", () => {
  let t: TestApp;
  let admin: Headers;
  let verifier: Headers;
  beforeAll(async () => {
    t = await createTestApp({
      // The receivers are on 127.0.0.1 (the address rules themselves: webhook-targets.test.ts).
      env: {
        OCR_WORKER: 'off',
        WEBHOOK_JOBS: 'off',
        WEBHOOK_ALLOW_PRIVATE: '1',
        PUBLIC_URL: 'https://app.example',
      },
    });
    await t.db.orm.execute(sql`insert into organisations (id, name) values (${OTHER_ORG}, 'Other org')`);
    admin = bearer((await signIn(ADMIN)).accessToken);
    verifier = bearer((await signIn(VERIFIER)).accessToken);
  });
  afterAll(() => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  const rows = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> => {
    const result = (await t.db.orm.execute(query)) as { rows: Record<string, unknown>[] };
    return result.rows;
  };

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', OPS_API_PATHS.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }
  const newKey = async (orgId = ORG) =>
    expectCode<ApiKeyCreated>(await send('POST', I.apiKeys(orgId), { name: 'ATS' }, admin), 0, 200);

  it('answers the key once, keeps only its hash, and a revoked key gets 401', async () => {
    const created = await newKey();
    expect(created.key).toMatch(/^vdk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = expectCode<{ list: Record<string, unknown>[] }>(
      await send('GET', I.apiKeys(ORG), undefined, admin),
      0,
      200,
    );
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list.list.some((k) => k.id === created.id && !('key' in k))).toBe(true);
    const stored = await rows(sql`select * from org_api_keys where id = ${created.id}`);
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(stored[0]!.key_hash).toHaveLength(64);

    const h = bearer(created.key);
    expectCode(await send('POST', I.transactions, { formId: FORM }, h), 0, 200);
    expectCode(await send('POST', I.revokeApiKey(ORG, created.id), undefined, admin), 0, 200);
    expectCode(await send('POST', I.transactions, { formId: FORM }, h), 210, 401);
  });

  it('refuses candidate and ops tokens on integration routes, and an API key on ops routes', async () => {
    const { key } = await newKey();
    const candidate = bearer((await signUp(t)).accessToken);
    for (const h of [candidate, admin, {}])
      expectCode(await send('POST', I.transactions, { formId: FORM }, h), 210, 401);
    expectCode(await send('GET', I.apiKeys(ORG), undefined, bearer(key)), 102, 401);
    expectCode(await send('GET', I.deliveries(ORG), undefined, bearer(key)), 102, 401);
    // Admin only: a verifier is refused the admin routes.
    expectCode(await send('POST', I.apiKeys(ORG), { name: 'x' }, verifier), 103, 403);
    // And an API key is no candidate token.
    expectCode(await send('PUT', wallet(API_PATHS.profile.getToken), undefined, bearer(key)), 138, 401);
  });

  it("creates the candidate's transaction idempotently, with an sso the candidate app accepts", async () => {
    const h = { ...bearer((await newKey()).key), 'idempotency-key': 'order-12345678' };
    const mobile = uniqueMobile();
    const body = { formId: FORM, candidate: { mobile, name: 'Ravi Kumar' }, reference: 'A-1' };
    const first = expectCode<IntegrationCreateTransactionResponse>(
      await send('POST', I.transactions, body, h),
      0,
      200,
    );
    expect(first.transactionId).toBeTruthy();
    expect(first.link).toBe(`https://app.example/ekyc/${FORM}/${first.transactionId}?orgId=${ORG}`);
    const again = expectCode<IntegrationCreateTransactionResponse>(
      await send('POST', I.transactions, body, h),
      0,
      200,
    );
    expect(again.transactionId).toBe(first.transactionId);
    expect(
      await rows(sql`select id from transactions where org_id = ${ORG} and id = ${first.transactionId}`),
    ).toHaveLength(1);
    expectCode(await send('POST', I.transactions, { ...body, reference: 'B-2' }, h), 198, 409);

    // The sso is a refresh token of the candidate app's own sign-in.
    const session = expectCode<{ accessToken: string }>(
      await send('PUT', wallet(API_PATHS.profile.getToken), undefined, bearer(first.sso!)),
      0,
      200,
    );
    expect(session.accessToken).toBeTruthy();
    // Without a mobile: the form's link only; a new mobile without a name: 214.
    const plain = expectCode<IntegrationCreateTransactionResponse>(
      await send('POST', I.transactions, { formId: FORM }, bearer((await newKey()).key)),
      0,
      200,
    );
    expect(plain).toEqual({ link: `https://app.example/ekyc/${FORM}?orgId=${ORG}` });
    expectCode(
      await send(
        'POST',
        I.transactions,
        { formId: FORM, candidate: { mobile: uniqueMobile() } },
        bearer((await newKey()).key),
      ),
      214,
      400,
    );

    const read = expectCode<{ transactionId: string; state: string; verifications: unknown[] }>(
      await send('GET', I.transaction(first.transactionId!), undefined, h),
      0,
      200,
    );
    expect(read.state).toBe('NOT_INITIALIZED');
    expect(read.verifications.length).toBeGreaterThan(0);
    // Another organisation's key neither reads it nor uses its form.
    const other = bearer((await newKey(OTHER_ORG)).key);
    expectCode(await send('GET', I.transaction(first.transactionId!), undefined, other), 215, 404);
    expectCode(await send('POST', I.transactions, { formId: FORM }, other), 119, 404);
  });

  it('delivers a signed webhook, retries a failing receiver with backoff, and replays', async () => {
    let status = 500;
    const hook = await webhookReceiver(() => status);
    try {
      const endpoint = expectCode<WebhookEndpointCreated>(
        await send('POST', I.webhooks(ORG), { url: hook.url }, admin),
        0,
        200,
      );
      const listed = expectCode<{ list: Record<string, unknown>[] }>(
        await send('GET', I.webhooks(ORG), undefined, admin),
        0,
        200,
      );
      expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
      expect(JSON.stringify(await rows(sql`select * from org_webhook_endpoints`))).not.toContain(
        endpoint.secret,
      );

      const h = bearer((await newKey()).key);
      const created = expectCode<IntegrationCreateTransactionResponse>(
        await send(
          'POST',
          I.transactions,
          { formId: FORM, candidate: { mobile: uniqueMobile(), name: 'Meera' } },
          h,
        ),
        0,
        200,
      );
      // The candidate opens the link at once (an sso lives minutes: ADR 0004); their session lasts.
      const linkSession = expectCode<{ refreshToken: string }>(
        await send('PUT', wallet(API_PATHS.profile.getToken), undefined, bearer(created.sso!)),
        0,
        200,
      );
      // The create's state change enqueued one event, in its own transaction.
      const due = await rows(
        sql`select * from org_webhook_deliveries where payload->'data'->>'transactionId' = ${created.transactionId}`,
      );
      expect(due).toHaveLength(1);
      const deliveryId = due[0]!.id as string;

      // Failing receiver: attempt 1 fails, next in 30 s; not due before.
      expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
      expect(hook.got).toHaveLength(1);
      t.clock.advance(WEBHOOK_BACKOFF_MS[0] / 1000 - 1);
      await t.app.integrationJobs.deliverOnce();
      expect(hook.got).toHaveLength(1);
      t.clock.advance(1);
      await t.app.integrationJobs.deliverOnce();
      expect(hook.got).toHaveLength(2);
      // Then 2 min, 10 min, 1 h: the 5th failure is final.
      for (const ms of WEBHOOK_BACKOFF_MS.slice(1)) {
        t.clock.advance(ms / 1000);
        await t.app.integrationJobs.deliverOnce();
      }
      expect(hook.got).toHaveLength(5);
      t.clock.advance(86_400);
      expect(await t.app.integrationJobs.deliverOnce()).toBe(false);
      admin = bearer((await signIn(ADMIN)).accessToken); // the clock moved past the ops session

      let list = expectCode<{ list: WebhookDelivery[] }>(
        await send('GET', I.deliveries(ORG), undefined, admin),
        0,
        200,
      ).list;
      let delivery = list.find((d) => d.id === deliveryId)!;
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toBe(5);
      expect(delivery.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500]);
      expect(delivery.lastError).toBe('HTTP 500');

      // Replay from the console: the receiver now answers 204.
      status = 204;
      expectCode(await send('POST', I.replayDelivery(ORG, deliveryId), undefined, admin), 0, 200);
      expectCode(await send('POST', I.replayDelivery(OTHER_ORG, deliveryId), undefined, admin), 213, 404);
      expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
      list = expectCode<{ list: WebhookDelivery[] }>(
        await send('GET', I.deliveries(ORG), undefined, admin),
        0,
        200,
      ).list;
      delivery = list.find((d) => d.id === deliveryId)!;
      expect(delivery.status).toBe('delivered');
      expect(delivery.attemptLog).toHaveLength(6);

      const last = hook.got.at(-1)!;
      expect(last.headers['x-veridocs-event-id']).toBe(delivery.eventId);
      const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
      const signature = String(last.headers['x-veridocs-signature']);
      expect(verifySignature(endpoint.secret, signature, last.body, nowSeconds)).toBe(true);
      expect(
        verifySignature(
          endpoint.secret,
          signature,
          last.body.replace('NOT_INITIALIZED', 'COMPLETED'),
          nowSeconds,
        ),
      ).toBe(false);
      expect(verifySignature('whsec_wrong', signature, last.body, nowSeconds)).toBe(false);
      expect(verifySignature(endpoint.secret, signature, last.body, nowSeconds + 301)).toBe(false);
      expect(JSON.parse(last.body)).toMatchObject({
        type: 'transaction.created',
        sequence: 1,
        data: { orgId: ORG, transactionId: created.transactionId, to: 'NOT_INITIALIZED' },
      });
      // Audited: who did what.
      const audit = await rows(
        sql`select action from ops_audit where action like 'webhook.%' or action like 'api-key.%'`,
      );
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['api-key.create', 'api-key.revoke', 'webhook.create', 'webhook.replay']),
      );

      // The candidate starts through the sso session: the change's events are enqueued with it.
      const candidate = bearer(
        expectCode<{ accessToken: string }>(
          await send('PUT', wallet(API_PATHS.profile.getToken), undefined, bearer(linkSession.refreshToken)),
          0,
          200,
        ).accessToken,
      );
      const answers = [
        { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
        { questionId: 'demo-q-source', answer: 'EMPLOYER' },
      ];
      expectCode(
        await t.request({
          method: 'PATCH',
          url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.userResponse}`,
          body: { orgId: ORG, txnId: created.transactionId, data: answers },
          headers: candidate,
        }),
        0,
        200,
      );
      await consentTo(t, candidate, { orgId: ORG, txnId: created.transactionId! });
      expectCode(
        await send(
          'POST',
          `${SERVICE_BASES.verificationV1}${API_PATHS.verification.process}`,
          { orgId: ORG, txnId: created.transactionId },
          candidate,
        ),
        0,
        200,
      );
      const started = await rows(
        sql`select event_type, payload->'data'->>'to' as "to" from org_webhook_deliveries
            where payload->'data'->>'transactionId' = ${created.transactionId} and id <> ${deliveryId}`,
      );
      expect(started).toContainEqual({ event_type: 'transaction.started', to: 'DATA_SAVED' });
      expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
      expect(JSON.parse(hook.got.at(-1)!.body)).toMatchObject({ data: { to: 'DATA_SAVED' } });

      // Steps between are not results: nothing disclosed. A decided verification is a result the
      // organisation receives: one disclosure, in the change's transaction (ADR 0049).
      expect(
        (await disclosureRows(t, { txnId: created.transactionId })).filter((d) => d.what === 'result'),
      ).toEqual([]);
      const disclosed: DisclosureRecord[] = [];
      const webhooks = createIntegrationService({
        ...({} as IntegrationServiceDeps),
        repo: createIntegrationRepository(t.db.orm),
        publicUrl: 'http://localhost',
        disclose: async (_scope, record) => void disclosed.push(record),
      });
      const change = (to: State, verificationName: string | null) => ({
        txnId: created.transactionId!,
        entity: verificationName ? ('verification' as const) : ('transaction' as const),
        verificationName,
        from: 'IN_PROGRESS' as const,
        to,
        action: 'test',
        profileId: null,
      });
      await t.db.orm.transaction((tx) =>
        webhooks.enqueue(tx, [change('IN_PROGRESS', null), change('COMPLETED', 'bgv-degree')], t.clock.now()),
      );
      expect(disclosed).toEqual([
        expect.objectContaining({
          txnId: created.transactionId,
          recipientKind: 'organisation',
          what: 'result',
          detail: 'bgv-degree: completed (webhook)',
        }),
      ]);
      // Its two events go out now, one after the other (one transaction's events are never sent
      // together), before the endpoint is disabled below.
      expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
      expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
      expect(await t.app.integrationJobs.deliverOnce()).toBe(false);

      // A disabled endpoint gets no new events.
      expectCode(await send('POST', I.disableWebhook(ORG, endpoint.id), undefined, admin), 0, 200);
      await send(
        'POST',
        I.transactions,
        { formId: FORM, candidate: { mobile: uniqueMobile(), name: 'Z' } },
        h,
      );
      expect(await t.app.integrationJobs.deliverOnce()).toBe(false);
    } finally {
      await hook.close();
    }
  });

  it('documents the integration routes in the OpenAPI document', async () => {
    const doc = JSON.parse((await send('GET', `${API_PATHS.docs}/json`)).body) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.paths[I.transactions]?.post?.security).toEqual([{ integrationKey: [] }]);
    expect(doc.paths['/api/integration/v1/transactions/{txnId}']?.get).toBeDefined();
    expect(doc.paths['/api/ops/orgs/{orgId}/deliveries/{deliveryId}/replay']?.post?.security).toEqual([
      { opsBearer: [] },
    ]);
  });
});
