import {
  API_PATHS,
  ORG_API_PATHS as P,
  SERVICE_BASES,
  type Organisation,
  type ApiKeyCreated,
  type OrgBrandingView,
  type OrgNotificationSettings,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgSession } from '../../test/org-session.js';
import { createTestApp, expectCode, type TestApp } from '../../test/test-app.js';

const ORG_A = 'settings-org-a';
const ORG_B = 'settings-org-b';
type Headers = Record<string, string>;

/** A multipart body with one file in the field "file". */
function multipart(bytes: Buffer) {
  const boundary = '----veridocs-settings-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('/api/org settings routes: owner only, own organisation only', () => {
  let t: TestApp;
  let ownerA: Headers;
  let ownerB: Headers;
  let managerA: Headers;
  let viewerA: Headers;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', WEBHOOK_ALLOW_PRIVATE: '1' } });
    ownerA = (await orgSession(t, { orgId: ORG_A, role: 'owner' })).headers;
    ownerB = (await orgSession(t, { orgId: ORG_B, role: 'owner' })).headers;
    managerA = (await orgSession(t, { orgId: ORG_A, role: 'manager' })).headers;
    viewerA = (await orgSession(t, { orgId: ORG_A, role: 'viewer' })).headers;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: unknown) =>
    t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const auditOf = async (orgId: string) =>
    (
      (await t.db.orm.execute(
        sql`select action, target_id, user_id from org_audit where org_id = ${orgId} order by id`,
      )) as { rows: { action: string; target_id: string | null }[] }
    ).rows.map((r) => r.action);

  it('refuses managers, viewers and the signed-out on every route, before the body is read', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [Parameters<typeof call>[0], string][] = [
      ['GET', P.apiKeys],
      ['POST', P.apiKeys],
      ['POST', P.revokeApiKey(id)],
      ['GET', P.webhooks],
      ['POST', P.webhooks],
      ['POST', P.disableWebhook(id)],
      ['POST', P.rotateWebhookSecret(id)],
      ['GET', P.deliveries],
      ['POST', P.replayDelivery(id)],
      ['GET', P.branding],
      ['PUT', P.branding],
      ['POST', P.brandingLogo],
      ['DELETE', P.brandingLogo],
      ['GET', P.notificationSettings],
      ['PUT', P.notificationSettings],
    ];
    for (const [method, url] of routes) {
      expectCode(await call(method, url, managerA, {}), 303, 403);
      expectCode(await call(method, url, viewerA, {}), 303, 403);
      expectCode(await call(method, url, {}, {}), 302, 401);
    }
  });

  it("answers 404 for another organisation's key, endpoint and delivery, and lists only its own", async () => {
    const key = expectCode<ApiKeyCreated>(await call('POST', P.apiKeys, ownerA, { name: 'ATS' }), 0, 200);
    const endpoint = expectCode<WebhookEndpointCreated>(
      await call('POST', P.webhooks, ownerA, { url: 'http://127.0.0.1:9/hook' }),
      0,
      200,
    );
    const [delivery] = (
      (await t.db.orm.execute(sql`
        insert into org_webhook_deliveries (endpoint_id, event_id, event_type, payload)
        values (${endpoint.id}, gen_random_uuid(), 'transaction.state_changed', '{}'::jsonb) returning id`)) as {
        rows: { id: string }[];
      }
    ).rows;

    const listB = async (url: string) =>
      expectCode<{ list: { id: string }[] }>(await call('GET', url, ownerB), 0, 200).list.map((r) => r.id);
    expect(await listB(P.apiKeys)).not.toContain(key.id);
    expect(await listB(P.webhooks)).not.toContain(endpoint.id);
    expect(await listB(P.deliveries)).not.toContain(delivery!.id);
    expectCode(await call('POST', P.revokeApiKey(key.id), ownerB), 211, 404);
    expectCode(await call('POST', P.disableWebhook(endpoint.id), ownerB), 212, 404);
    expectCode(await call('POST', P.rotateWebhookSecret(endpoint.id), ownerB), 212, 404);
    expectCode(await call('POST', P.replayDelivery(delivery!.id), ownerB), 213, 404);

    // The owner of A: lists, rotates, replays, disables, revokes; each audited in A's audit.
    const listA = expectCode<{ list: { id: string }[] }>(await call('GET', P.apiKeys, ownerA), 0, 200);
    expect(listA.list.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(listA)).not.toContain(key.key);
    const rotated = expectCode<WebhookEndpointCreated>(
      await call('POST', P.rotateWebhookSecret(endpoint.id), ownerA),
      0,
      200,
    );
    expect(rotated.secret).not.toBe(endpoint.secret);
    expectCode(await call('POST', P.replayDelivery(delivery!.id), ownerA), 0, 200);
    expectCode(await call('POST', P.disableWebhook(endpoint.id), ownerA), 0, 200);
    expectCode(await call('POST', P.revokeApiKey(key.id), ownerA), 0, 200);
    expect(await auditOf(ORG_A)).toEqual(
      expect.arrayContaining([
        'api-key.create',
        'webhook.create',
        'webhook.rotate-secret',
        'webhook.replay',
        'webhook.disable',
        'api-key.revoke',
      ]),
    );
    expect(await auditOf(ORG_B)).not.toContain('webhook.rotate-secret');
  });

  it('keeps branding per organisation and refuses a colour under 4.5:1 (330)', async () => {
    expectCode(
      await call('PUT', P.branding, ownerA, { displayName: 'A Admissions', primaryColor: '#FFEB3B' }),
      330,
      400,
    );
    const saved = expectCode<OrgBrandingView>(
      await call('PUT', P.branding, ownerA, { displayName: 'A Admissions', primaryColor: '#0F6E63' }),
      0,
      200,
    );
    expect(saved).toMatchObject({ displayName: 'A Admissions', primaryColor: '#0f6e63', custom: true });
    // The candidate's pages receive them with the organisation (GET verifier/{orgId}).
    const orgOf = async (orgId: string) =>
      expectCode<Organisation>(
        await t.request({
          method: 'GET',
          url: `${SERVICE_BASES.verificationV1}${API_PATHS.verifier.org(orgId)}`,
        }),
        0,
        200,
      );
    expect(await orgOf(ORG_A)).toMatchObject({ displayName: 'A Admissions', primaryColor: '#0f6e63' });
    expect((await orgOf(ORG_B)).primaryColor).toBeUndefined();
    const b = expectCode<OrgBrandingView>(await call('GET', P.branding, ownerB), 0, 200);
    expect(b.custom).toBe(false);
    expect(b.displayName).toBe(`Organisation ${ORG_B}`);

    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#0f6e63' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart(png);
    const withLogo = expectCode<OrgBrandingView>(
      await t.app.inject({
        method: 'POST',
        url: P.brandingLogo,
        payload,
        headers: { ...ownerA, ...headers },
      }),
      0,
      200,
    );
    expect(withLogo.imageUrl).toContain(ORG_A);
    expect(expectCode<OrgBrandingView>(await call('GET', P.branding, ownerB), 0, 200).imageUrl).toBeNull();
    expect(
      expectCode<OrgBrandingView>(await call('DELETE', P.brandingLogo, ownerA), 0, 200).imageUrl,
    ).toBeNull();
    expect(await auditOf(ORG_A)).toEqual(
      expect.arrayContaining(['branding.update', 'branding.logo', 'branding.logo-remove']),
    );
  });

  it('keeps notification settings per organisation', async () => {
    const body: OrgNotificationSettings = {
      email: 'HR@A.example',
      onActionRequired: true,
      onFinished: false,
      dailyDigest: true,
    };
    const saved = expectCode<OrgNotificationSettings>(
      await call('PUT', P.notificationSettings, ownerA, body),
      0,
      200,
    );
    expect(saved.email).toBe('hr@a.example');
    expect(
      expectCode<OrgNotificationSettings>(await call('GET', P.notificationSettings, ownerA), 0, 200),
    ).toEqual(saved);
    expect(
      expectCode<OrgNotificationSettings>(await call('GET', P.notificationSettings, ownerB), 0, 200)
        .dailyDigest,
    ).toBe(false);
    expect(await auditOf(ORG_A)).toContain('notifications.update');
  });
});
