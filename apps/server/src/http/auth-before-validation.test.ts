import { API_PATHS, INTEGRATION_API_PATHS, SERVICE_BASES, type ApiKeyCreated } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, staffSignIn, type TestApp } from '../test/test-app.js';
import { DEV_STAFF } from '../modules/ops-auth/dev-staff.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
/** The security schemes that stand for a token (partnerOrg alone is a header, not a sign-in). */
const SIGNED_IN = new Set(['bearer', 'opsBearer', 'orgBearer', 'integrationKey', 'responderSession']);
/**
 * What an unauthenticated caller gets: the session's 102, the refresh's 138 (get-token, the spec's
 * forced logout), the integration API's 210, or the organisation portal's 302.
 */
const UNAUTHENTICATED = new Set([102, 138, 210, 302]);
/** Logout answers 0 to any caller, token or not (idempotent, ADR 0004); it reads no body. */
const ALWAYS_OK = new Set([`POST ${SERVICE_BASES.webWallet}${API_PATHS.profile.logout}`]);
const GARBAGE = { garbage: [1, { deeper: null }], count: 'many', orgId: 42 };

type OpenApi = { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };

// Issue 23 §5: an unauthenticated request with a bad body was answered 400 (with the validation
// issues) before 401: authentication runs in onRequest, before the body is read (ADR 0004).
describe('authentication comes before validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('every route the OpenAPI document marks as signed-in answers 401 to a garbage request without a token', async () => {
    const doc = (await t.app.inject({ url: `${API_PATHS.docs}/json` })).json<OpenApi>();
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
        if (!schemes.some((s) => SIGNED_IN.has(s)) || ALWAYS_OK.has(`${method.toUpperCase()} ${path}`))
          continue;
        checked++;
        // Every parameter not what it should be, a query the schemas refuse, a body that fits nothing.
        const url = `${path.replace(/\{[^}]+\}/g, '%20not-an-id%20')}?count=-1&seed=x&orgId=&txnId=%20`;
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const response = await t.request({
          method: upper,
          url,
          ...(upper === 'GET' || upper === 'DELETE' ? {} : { body: GARBAGE }),
        });
        const code = response.json<{ code: number }>().code;
        if (response.statusCode !== 401 || !UNAUTHENTICATED.has(code))
          wrong.push(`${upper} ${path}: ${response.statusCode} ${code}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('with a valid token the same bad bodies are still 400 (candidate, ops, integration)', async () => {
    const candidate = bearer((await signUp(t)).accessToken);
    expectCode(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.transactions}`,
        headers: candidate,
        body: GARBAGE,
      }),
      100,
      400,
    );
    expectCode(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.transactions}`,
        body: GARBAGE,
      }),
      102,
      401,
    );

    const admin = await staffSignIn(t, ADMIN);
    const keys = INTEGRATION_API_PATHS.apiKeys('demo-university');
    expectCode(await t.request({ method: 'POST', url: keys, headers: admin, body: GARBAGE }), 100, 400);
    expectCode(await t.request({ method: 'POST', url: keys, body: GARBAGE }), 102, 401);

    const { key } = expectCode<ApiKeyCreated>(
      await t.request({ method: 'POST', url: keys, headers: admin, body: { name: 'ATS' } }),
      0,
      200,
    );
    const transactions = INTEGRATION_API_PATHS.transactions;
    expectCode(
      await t.request({ method: 'POST', url: transactions, headers: bearer(key), body: GARBAGE }),
      100,
      400,
    );
    expectCode(await t.request({ method: 'POST', url: transactions, body: GARBAGE }), 210, 401);
  });
});
