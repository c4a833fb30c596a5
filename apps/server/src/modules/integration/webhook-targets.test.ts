import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  INTEGRATION_API_PATHS as I,
  OPS_API_PATHS,
  opsSessionSchema,
  type ApiKeyCreated,
  type OpsSession,
  type WebhookDelivery,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  uniqueMobile,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const ORG = 'demo-university';
const FORM = 'demo-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;

// Issue 23 §5: `http://127.0.0.1:6379/` was accepted as an endpoint and received signed POSTs.
describe('webhook addresses (ADR 0025 "Webhook addresses")', () => {
  let t: TestApp;
  let admin: Headers;
  let server: Server;
  let receiverUrl: string;
  const got: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      got.push(req.url ?? '');
      req.resume();
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    // No WEBHOOK_ALLOW_PRIVATE: the rules as they are outside tests (http allowed outside production).
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off' } });
    admin = bearer((await signIn(ADMIN)).accessToken);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Headers) =>
    t.request({ method, url, ...(body === undefined ? {} : { body: body as object }), headers });

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

  it('refuses private, loopback, link-local addresses and non-web ports when the endpoint is added', async () => {
    for (const url of [
      receiverUrl,
      'http://127.0.0.1:6379/',
      'http://127.0.0.1/',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://[::7f00:1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5:8080/hook',
      'https://hooks.example.com:6379/',
    ]) {
      const response = await send('POST', I.webhooks(ORG), { url }, admin);
      const body = response.json<{ code: number; message: string }>();
      expect({ url, status: response.statusCode, code: body.code }).toEqual({ url, status: 400, code: 216 });
      expect(body.message).toMatch(/private|port/);
    }
    const endpoints = await t.db.orm.execute(sql`select url from org_webhook_endpoints`);
    expect((endpoints as { rows: unknown[] }).rows).toEqual([]);
    // A public address on a web port is fine.
    const fine = expectCode<WebhookEndpointCreated>(
      await send('POST', I.webhooks(ORG), { url: 'https://93.184.215.14/hook' }, admin),
      0,
      200,
    );
    // Off again: the next case's delivery must not go out to the Internet.
    expectCode(await send('POST', I.disableWebhook(ORG, fine.id), undefined, admin), 0, 200);
  });

  it('checks again at send time: a stored endpoint that now points at 127.0.0.1 gets nothing', async () => {
    const endpoint = expectCode<WebhookEndpointCreated>(
      await send('POST', I.webhooks(ORG), { url: 'http://93.184.215.15:8080/hook' }, admin),
      0,
      200,
    );
    // As an endpoint stored before the rule, or whose address changed since.
    await t.db.orm.execute(
      sql`update org_webhook_endpoints set url = ${receiverUrl} where id = ${endpoint.id}`,
    );
    const key = expectCode<ApiKeyCreated>(await send('POST', I.apiKeys(ORG), { name: 'ATS' }, admin), 0, 200);
    expectCode(
      await send(
        'POST',
        I.transactions,
        { formId: FORM, candidate: { mobile: uniqueMobile(), name: 'Meera' } },
        bearer(key.key),
      ),
      0,
      200,
    );
    expect(await t.app.integrationJobs.deliverOnce()).toBe(true);
    expect(got).toEqual([]);
    const { list } = expectCode<{ list: WebhookDelivery[] }>(
      await send('GET', I.deliveries(ORG), undefined, admin),
      0,
      200,
    );
    const mine = list.filter((d) => d.endpointId === endpoint.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.lastError).toMatch(/address not allowed/);
  });
});
