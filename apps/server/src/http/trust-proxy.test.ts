import { API_PATHS, OPS_API_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF } from '../modules/ops-auth/dev-staff.js';
import { createTestApp, uniqueMobile, wallet, type TestApp } from '../test/test-app.js';

/**
 * Issue 31 §3: behind TRUST_PROXY only the X-Forwarded-For entries our own proxies added count. The
 * client writes the left of the header, so a forged entry there must change nothing: not the address
 * the app sees, not the rate limit's key, not the audit's address.
 */

/** The address the app takes for the caller (the country lookup answers it back). */
async function seenAs(t: TestApp, forwardedFor?: string, remoteAddress?: string): Promise<string> {
  const res = await t.request({
    method: 'GET',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.country}`,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { ipAddress: string } }>().data.ipAddress;
}

const login = (t: TestApp, forwardedFor: string) =>
  t.request({
    method: 'POST',
    url: wallet(API_PATHS.profile.login),
    headers: { 'x-forwarded-for': forwardedFor },
    body: { mobile: uniqueMobile() },
  });

describe('TRUST_PROXY=1: one proxy, the right-most entry is the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_LOGIN_MAX: '3', OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('sees `forged, real` as real', async () => {
    expect(await seenAs(t, '203.0.113.66, 49.36.0.1')).toBe('49.36.0.1');
    expect(await seenAs(t, '49.36.0.1')).toBe('49.36.0.1');
    // No header: the proxy's own address (the socket's).
    expect(await seenAs(t)).toBe('127.0.0.1');
  });

  it('counts logins by the real address, whatever the client writes before it', async () => {
    for (let i = 1; i <= 3; i++) expect((await login(t, `198.18.0.${i}, 49.36.0.2`)).json().code).toBe(0);
    const forged = await login(t, '198.18.0.4, 49.36.0.2');
    expect(forged.statusCode).toBe(429);
    expect(forged.json().code).toBe(111);
    // Another client behind the same proxy keeps its own count.
    expect((await login(t, '198.18.0.4, 49.36.0.3')).json().code).toBe(0);
  });

  it('writes the real address into the audit', async () => {
    const admin = DEV_STAFF.find((s) => s.role === 'admin')!;
    const res = await t.request({
      method: 'POST',
      url: OPS_API_PATHS.signIn,
      headers: { 'x-forwarded-for': '203.0.113.66, 49.36.0.9' },
      body: { email: admin.email, password: admin.password },
    });
    expect(res.json().code).toBe(0);
    const { rows } = (await t.db.orm.execute<{ ip: string }>(
      sql`select ip from ops_audit where action = 'sign-in.code-sent' order by id desc limit 1`,
    )) as { rows: { ip: string }[] };
    expect(rows[0]?.ip).toBe('49.36.0.9');
  });
});

describe('TRUST_PROXY=2: two proxies, the second entry from the right', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '2', OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('skips the entry the first proxy added', async () => {
    expect(await seenAs(t, '203.0.113.66, 49.36.0.1, 10.0.0.2')).toBe('49.36.0.1');
    expect(await seenAs(t, '49.36.0.1, 10.0.0.2')).toBe('49.36.0.1');
  });
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('walks back over our proxies to the first address that is not one', async () => {
    expect(await seenAs(t, '203.0.113.66, 49.36.0.1, 10.1.2.3')).toBe('49.36.0.1');
    expect(await seenAs(t, '203.0.113.66, 49.36.0.1')).toBe('49.36.0.1');
  });

  it('believes no header from a peer that is not one of our proxies', async () => {
    expect(await seenAs(t, '49.36.0.1', '198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For', async () => {
    expect(await seenAs(t, '49.36.0.1')).toBe('127.0.0.1');
  });
});
