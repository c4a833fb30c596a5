import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, ERROR_CODES, OTP, PARTNER_ORG_HEADER } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './test/database.js';
import { startFakeGateway, type FakeGateway } from './test/fake-gateway.js';
import { createTestApp, expectCode, uniqueMobile, wallet, type TestApp } from './test/test-app.js';

const login = wallet(API_PATHS.profile.login);

describe('the app with default test settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reports health and the database driver it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(expectCode(res, 0, 200)).toEqual({ status: 'ok', db: TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    expect(t.db.kind).toBe(TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('returns a request id header and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const other = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  it("sends a page's security headers with a CSP that allows the SPA", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src [^;]*data:/);
    // The console's PDF viewer frames a blob URL of the document it fetched.
    expect(csp).toMatch(/frame-src [^;]*blob:/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('sends an API answer the headers of a resource that loads nothing, without the page-only ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
      expect(res.headers[pageOnly]).toBeUndefined();
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(expectCode(res, 101, 404)).toBeNull();
    expect(res.json().message).toContain('/api/does-not-exist');
    // Without a built SPA, other paths get the envelope too.
    expectCode(await t.app.inject({ method: 'GET', url: '/login' }), 101, 404);
    expectCode(await t.request({ method: 'DELETE', url: wallet('/nope') }), 101, 404);
  });

  it('rejects malformed JSON with code 100', async () => {
    const res = await t.request({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      body: '{"mobile": "98765',
    });
    expectCode(res, 100, 400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('rejects a non-JSON content type with code 114', async () => {
    const res = await t.request({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'text/plain' },
      body: 'mobile=9876543210',
    });
    expectCode(res, 114, 415);
    const form = await t.request({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mobile=9876543210',
    });
    expectCode(form, 114, 415);
  });

  it('rejects an oversized body with code 112 and HTTP 413', async () => {
    const huge = JSON.stringify({ mobile: '9876543210', pad: 'x'.repeat(t.config.bodyLimitBytes) });
    const res = await t.request({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      body: huge,
    });
    expectCode(res, ERROR_CODES.PAYLOAD_TOO_LARGE.code, 413);
  });

  it('names the first invalid field in validation errors and lists all of them', async () => {
    const res = await t.request({ method: 'POST', url: login, body: { mobile: '12345', channel: 'fax' } });
    const data = expectCode<{ path: string; message: string }[]>(res, 100, 400);
    expect(res.json().message).toBe('mobile: Enter a valid 10-digit mobile number');
    expect(data.map((d) => d.path)).toEqual(['mobile', 'channel']);

    const missing = await t.request({ method: 'POST', url: login });
    expectCode(missing, 100, 400);
    expect(missing.json().message).toMatch(/^body: /);

    const extra = await t.request({
      method: 'POST',
      url: login,
      body: { mobile: '9876543210', admin: true },
    });
    expectCode(extra, 100, 400);
    expect(extra.json().message).toContain('admin');
  });

  it('requires a known partner-org-id header on service routes only', async () => {
    const body = { mobile: uniqueMobile() };
    const missing = await t.app.inject({ method: 'POST', url: login, payload: body });
    expectCode(missing, 113, 400);
    expect(missing.headers['content-security-policy']).toBeDefined();
    expect(missing.headers['x-request-id']).toBeDefined();
    const unknown = await t.request({
      method: 'POST',
      url: login,
      headers: { [PARTNER_ORG_HEADER]: 'acme' },
      body,
    });
    expectCode(unknown, 113, 400);
    // Nothing was sent for the refused requests.
    const box = await t.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${body.mobile}` });
    expect(expectCode<{ list: unknown[] }>(box, 0, 200).list).toHaveLength(0);
    // Health, dev tools and docs need no header.
    expectCode(await t.app.inject({ method: 'GET', url: API_PATHS.health }), 0, 200);
    expectCode(await t.app.inject({ method: 'GET', url: API_PATHS.devDemo }), 0, 200);
    expect((await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document with the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([login, wallet('/profile/otp/{txnId}/verify')]),
    );
    const ui = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('seeds the demo organisation and forms and returns the demo links (free and paid)', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.devDemo });
    expect(expectCode(res, 0, 200)).toEqual({
      orgId: 'demo-university',
      formId: 'demo-form',
      link: `${t.config.publicUrl}/ekyc/demo-form?orgId=demo-university`,
      paidFormId: 'demo-paid-form',
      paidLink: `${t.config.publicUrl}/ekyc/demo-paid-form?orgId=demo-university`,
    });
    const logo = await t.app.inject({ method: 'GET', url: '/api/assets/demo-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('lists the outbox newest first, filtered by recipient', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile: a } }), 0, 200);
    expectCode(
      await t.request({ method: 'POST', url: login, body: { mobile: b, channel: 'whatsapp' } }),
      0,
      200,
    );
    t.clock.advance(OTP.resendAfterSeconds);
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile: a } }), 0, 200);
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${a}` });
    const list = expectCode<{ list: { to: string; otp: string; createdAt: string }[] }>(res, 0, 200).list;
    expect(list).toHaveLength(2);
    expect(list.every((m) => m.to === a)).toBe(true);
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThan(Date.parse(list[1]!.createdAt));
    const all = await t.app.inject({ method: 'GET', url: API_PATHS.devOutbox });
    const entries = expectCode<{ list: { to: string; channel: string }[] }>(all, 0, 200).list;
    expect(entries.find((m) => m.to === b)?.channel).toBe('whatsapp');
  });
});

describe('a production-like app (DEV_TOOLS=0, low rate limits, a built SPA, an SMS gateway)', () => {
  let t: TestApp;
  let web: string;
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
    web = mkdtempSync(join(tmpdir(), 'veridocs-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Veridocs</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({
      env: {
        DEV_TOOLS: '0',
        RATE_LIMIT_LOGIN_MAX: '2',
        RATE_LIMIT_OTP_MAX: '2',
        WEB_DIST_DIR: web,
        SMS_GATEWAY_URL: gateway.url,
        SMS_GATEWAY_TOKEN: 'gw-token',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('hides the dev routes', async () => {
    expectCode(await t.app.inject({ method: 'GET', url: API_PATHS.devOutbox }), 101, 404);
    expectCode(await t.app.inject({ method: 'GET', url: API_PATHS.devDemo }), 101, 404);
    expectCode(await t.app.inject({ method: 'POST', url: API_PATHS.devOrgInvoices, payload: {} }), 101, 404);
    // The erasure and the personal-data search of the privacy spec (issue 29) are dev tools only.
    for (const url of [API_PATHS.devEraseNow, API_PATHS.devPersonalDataSearch])
      expectCode(
        await t.app.inject({ method: 'POST', url, payload: { mobile: '9800000001', needles: ['abc'] } }),
        101,
        404,
      );
  });

  it('delivers OTPs through the configured SMS gateway', async () => {
    const mobile = uniqueMobile();
    const res = await t.request({ method: 'POST', url: login, remoteAddress: '10.1.0.1', body: { mobile } });
    expectCode(res, 0, 200);
    const sent = gateway.state.received.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer gw-token');
    expect(sent?.body).toMatchObject({ channel: 'sms', to: mobile, otp: expect.stringMatching(/^\d{6}$/) });
    const { otp } = sent!.body as { otp: string };
    const verified = await t.request({
      method: 'PUT',
      url: wallet(API_PATHS.profile.verifyOtp(res.json().data.txnId)),
      remoteAddress: '10.1.0.1',
      body: { otp },
    });
    expect(expectCode<{ newUser: boolean }>(verified, 0, 200).newUser).toBe(true);
  });

  it('answers 503 when the gateway refuses the message', async () => {
    gateway.state.status = 500;
    try {
      const res = await t.request({
        method: 'POST',
        url: login,
        remoteAddress: '10.1.0.2',
        body: { mobile: uniqueMobile() },
      });
      expectCode(res, 503, 503);
      expect(res.json().message).toBe('Could not send the OTP, please try again in a moment');
    } finally {
      gateway.state.status = 202;
    }
  });

  it('answers code 111 once an IP exceeds the login rate limit', async () => {
    const from = { remoteAddress: '10.0.0.7' };
    for (let i = 0; i < 2; i += 1) {
      expectCode(
        await t.request({ method: 'POST', url: login, ...from, body: { mobile: uniqueMobile() } }),
        0,
        200,
      );
    }
    const limited = await t.request({
      method: 'POST',
      url: login,
      ...from,
      body: { mobile: uniqueMobile() },
    });
    const data = expectCode<{ retryAfter: number }>(limited, 111, 429);
    expect(data.retryAfter).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.request({
      method: 'POST',
      url: login,
      remoteAddress: '10.0.0.8',
      body: { mobile: uniqueMobile() },
    });
    expectCode(other, 0, 200);
  });

  it('rate-limits OTP verification per IP too', async () => {
    const from = { remoteAddress: '10.0.0.9' };
    const url = wallet(API_PATHS.profile.verifyOtp('00000000-0000-4000-8000-000000000000'));
    for (let i = 0; i < 2; i += 1) {
      expectCode(await t.request({ method: 'PUT', url, ...from, body: { otp: '123456' } }), 101, 404);
    }
    expectCode(await t.request({ method: 'PUT', url, ...from, body: { otp: '123456' } }), 111, 429);
  });

  it('serves the SPA: hashed assets cached for long, index.html for client routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    for (const url of ['/', '/login', '/ekyc/demo-form?orgId=demo-university']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');

    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expectCode(await t.app.inject({ method: 'GET', url: '/api/unknown' }), 101, 404);
  });
});
