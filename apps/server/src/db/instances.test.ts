import { API_PATHS, DEFAULT_PARTNER_ORG_ID, PARTNER_ORG_HEADER, SERVICE_BASES } from '@veridocs/shared';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/database.js';
import { consentTo } from '../test/consent.js';
import { bearer, createTestClock, expectCode, uniqueMobile, wallet } from '../test/test-app.js';

/** Several instances on one database (PostgreSQL in production; the shared handle on PGlite). */
describe('instances sharing one database', () => {
  let database: TestDatabase;
  const apps: App[] = [];
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  const clock = createTestClock();

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
    // Started together: migrations, seed and the generated secret must not trip over each other.
    apps.push(
      ...(await Promise.all([1, 2, 3].map(() => buildApp(config, { db: database.db, now: clock.now })))),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await database?.dispose();
  });

  it('all start healthy with one set of seed rows and one generated secret', async () => {
    for (const app of apps) expectCode(await app.inject({ method: 'GET', url: API_PATHS.health }), 0, 200);
    // Both drivers answer `{ rows }`.
    const counts = (await database.db.orm.execute<Record<string, unknown>>(sql`
      select (select count(*)::int from organisations) as orgs,
             (select count(*)::int from ekyc_forms) as forms,
             (select count(*)::int from app_secrets where name = 'server_secret') as secrets`)) as {
      rows: unknown[];
    };
    expect(counts.rows[0]).toEqual({ orgs: 2, forms: 5, secrets: 1 });
  });

  it("accept each other's tokens and OTPs", async () => {
    const [a, b, c] = apps as [App, App, App];
    const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
    const mobile = uniqueMobile();
    const sent = await a.inject({
      method: 'POST',
      url: wallet(API_PATHS.profile.login),
      headers,
      payload: { mobile },
    });
    const { txnId } = expectCode<{ txnId: string }>(sent, 0, 200);
    const box = await b.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` });
    const otp = expectCode<{ list: { otp: string }[] }>(box, 0, 200).list[0]!.otp;
    expectCode(
      await b.inject({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(txnId)),
        headers,
        payload: { otp },
      }),
      0,
      200,
    );
    const created = await c.inject({
      method: 'POST',
      url: wallet(API_PATHS.profile.base),
      headers,
      payload: { mobile, name: 'Ravi Kumar', txnId },
    });
    const session = expectCode<{ accessToken: string; refreshToken: string }>(created, 0, 200);
    expectCode(
      await a.inject({
        method: 'GET',
        url: wallet(API_PATHS.profile.base),
        headers: { ...headers, ...bearer(session.accessToken) },
      }),
      0,
      200,
    );
    const rotated = await b.inject({
      method: 'PUT',
      url: wallet(API_PATHS.profile.getToken),
      headers: { ...headers, ...bearer(session.refreshToken) },
    });
    expectCode(rotated, 0, 200);
  });

  // Only PostgreSQL has read caches to see through here: PGlite shared between apps runs with them off
  // (app.ts: not exclusive, no bus), where this would pass without touching a cache.
  it.skipIf(!TEST_DATABASE_URL)(
    "see each other's writes through their read caches (PostgreSQL only, LISTEN/NOTIFY; skipped on PGlite: no caches when shared)",
    async () => {
      expect(database.db.cacheBus).not.toBeNull();
      const [a, b] = apps as [App, App, App];
      const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
      const mobile = uniqueMobile();
      const { txnId } = expectCode<{ txnId: string }>(
        await a.inject({
          method: 'POST',
          url: wallet(API_PATHS.profile.login),
          headers,
          payload: { mobile },
        }),
        0,
        200,
      );
      const otp = expectCode<{ list: { otp: string }[] }>(
        await a.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` }),
        0,
        200,
      ).list[0]!.otp;
      expectCode(
        await a.inject({
          method: 'PUT',
          url: wallet(API_PATHS.profile.verifyOtp(txnId)),
          headers,
          payload: { otp },
        }),
        0,
        200,
      );
      const { accessToken } = expectCode<{ accessToken: string }>(
        await a.inject({
          method: 'POST',
          url: wallet(API_PATHS.profile.base),
          headers,
          payload: { mobile, name: 'Old Name', txnId },
        }),
        0,
        200,
      );
      const auth = { ...headers, ...bearer(accessToken) };
      const nameOn = async (app: App) =>
        expectCode<{ profileDetails: { name: string } }>(
          await app.inject({ method: 'GET', url: wallet(API_PATHS.profile.base), headers: auth }),
          0,
          200,
        ).profileDetails.name;
      // Wait until b answers from its (warm) cache, then change the name through a.
      await expect.poll(() => nameOn(b)).toBe('Old Name');
      await nameOn(b);
      expectCode(
        await a.inject({
          method: 'PATCH',
          url: wallet(API_PATHS.profile.base),
          headers: auth,
          payload: { name: 'New Name' },
        }),
        0,
        200,
      );
      expect(await nameOn(a)).toBe('New Name');
      await expect.poll(() => nameOn(b), { timeout: 2000 }).toBe('New Name');
    },
  );

  // Issue 31 §3: a refusal is judged on the stored rows, not on a cache that lags another instance's write
  // by some milliseconds (15 of 30 back-to-back Starts were refused before).
  it.skipIf(!TEST_DATABASE_URL)(
    'a Start on one instance right after the questions were answered on another is never refused (PostgreSQL)',
    async () => {
      const [a, b] = apps as [App, App, App];
      const partner = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
      const on = (app: App) => ({
        request: ({ body, headers, ...rest }: InjectOptions & { body?: unknown }) =>
          app.inject({
            ...rest,
            headers: { ...partner, ...headers },
            ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
          }),
      });
      /** A new candidate signed up through a: their bearer header. */
      const signUpOn = async (app: App) => {
        const mobile = uniqueMobile();
        const { txnId: otpTxn } = expectCode<{ txnId: string }>(
          await app.inject({
            method: 'POST',
            url: wallet(API_PATHS.profile.login),
            headers: partner,
            payload: { mobile },
          }),
          0,
          200,
        );
        const otp = expectCode<{ list: { otp: string }[] }>(
          await app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` }),
          0,
          200,
        ).list[0]!.otp;
        expectCode(
          await app.inject({
            method: 'PUT',
            url: wallet(API_PATHS.profile.verifyOtp(otpTxn)),
            headers: partner,
            payload: { otp },
          }),
          0,
          200,
        );
        const { accessToken } = expectCode<{ accessToken: string }>(
          await app.inject({
            method: 'POST',
            url: wallet(API_PATHS.profile.base),
            headers: partner,
            payload: { mobile, name: 'Meera Iyer', txnId: otpTxn },
          }),
          0,
          200,
        );
        return bearer(accessToken);
      };
      const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
      const P = API_PATHS.verification;
      let refused = 0;
      for (let i = 0; i < 15; i++) {
        // One request per candidate and form: a new candidate each round.
        const h = await signUpOn(a);
        const { transactionId: txnId } = expectCode<{ transactionId: string }>(
          await on(a).request({
            method: 'POST',
            url: v1(P.transactions),
            headers: h,
            body: { orgId: 'demo-university', eKycFormId: 'demo-form' },
          }),
          0,
          200,
        );
        const at = { orgId: 'demo-university', txnId };
        await consentTo(on(a), h, at);
        // b reads (and caches) the request before its questions are answered.
        expectCode(
          await on(b).request({
            method: 'GET',
            url: v1(`${P.info}?orgId=${at.orgId}&txnId=${txnId}`),
            headers: h,
          }),
          0,
          200,
        );
        expectCode(
          await on(a).request({
            method: 'PATCH',
            url: v1(P.userResponse),
            headers: h,
            body: {
              ...at,
              data: [
                { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
                { questionId: 'demo-q-source', answer: 'EMPLOYER' },
              ],
            },
          }),
          0,
          200,
        );
        const started = await on(b).request({ method: 'POST', url: v1(P.process), headers: h, body: at });
        if (started.json<{ code: number }>().code !== 0) refused++;
      }
      expect(refused).toBe(0);
    },
  );

  // Issue 9 §5: the session check goes through each instance's cache; on PostgreSQL a logout on one
  // reaches the other's cache through LISTEN/NOTIFY (PGlite shared between apps reads through).
  it('refuse a session logged out on another instance, at once', async () => {
    const [a, b] = apps as [App, App, App];
    const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
    const mobile = uniqueMobile();
    const { txnId } = expectCode<{ txnId: string }>(
      await a.inject({ method: 'POST', url: wallet(API_PATHS.profile.login), headers, payload: { mobile } }),
      0,
      200,
    );
    const otp = expectCode<{ list: { otp: string }[] }>(
      await a.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` }),
      0,
      200,
    ).list[0]!.otp;
    expectCode(
      await a.inject({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(txnId)),
        headers,
        payload: { otp },
      }),
      0,
      200,
    );
    const session = expectCode<{ accessToken: string; refreshToken: string }>(
      await a.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.base),
        headers,
        payload: { mobile, name: 'Kavya Menon', txnId },
      }),
      0,
      200,
    );
    const profileOn = (app: App) =>
      app.inject({
        method: 'GET',
        url: wallet(API_PATHS.profile.base),
        headers: { ...headers, ...bearer(session.accessToken) },
      });
    // Warm b's session cache (once its LISTEN connection is up, it keeps the answer).
    if (TEST_DATABASE_URL) await expect.poll(() => database.db.cacheBus?.live).toBe(true);
    for (let i = 0; i < 3; i += 1) expectCode(await profileOn(b), 0, 200);

    expectCode(
      await a.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.logout),
        headers: { ...headers, ...bearer(session.refreshToken) },
      }),
      0,
      200,
    );
    expectCode(await profileOn(a), 138, 401);
    await expect
      .poll(async () => (await profileOn(b)).json().code, { timeout: 2000, interval: 20 })
      .toBe(138);
    expect((await profileOn(b)).statusCode).toBe(401);
  });

  it('a restarted instance keeps accepting the tokens of the previous one', async () => {
    const mobile = uniqueMobile();
    const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
    const first = apps[0]!;
    const sent = await first.inject({
      method: 'POST',
      url: wallet(API_PATHS.profile.login),
      headers,
      payload: { mobile },
    });
    const { txnId } = expectCode<{ txnId: string }>(sent, 0, 200);
    const otp = expectCode<{ list: { otp: string }[] }>(
      await first.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` }),
      0,
      200,
    ).list[0]!.otp;
    expectCode(
      await first.inject({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(txnId)),
        headers,
        payload: { otp },
      }),
      0,
      200,
    );
    const session = expectCode<{ accessToken: string }>(
      await first.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.base),
        headers,
        payload: { mobile, name: 'Meera Iyer', txnId },
      }),
      0,
      200,
    );
    await first.close();
    const restarted = await buildApp(config, { db: database.db, now: clock.now });
    apps[0] = restarted;
    const res = await restarted.inject({
      method: 'GET',
      url: wallet(API_PATHS.profile.base),
      headers: { ...headers, ...bearer(session.accessToken) },
    });
    expectCode(res, 0, 200);
  });

  it('an instance with another JWT_SECRET refuses those tokens', async () => {
    const other = await buildApp(
      loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'z'.repeat(40), WEB_DIST_DIR: '/nonexistent' }),
      {
        db: database.db,
        now: clock.now,
      },
    );
    apps.push(other);
    const mobile = uniqueMobile();
    const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };
    const sent = await apps[1]!.inject({
      method: 'POST',
      url: wallet(API_PATHS.profile.login),
      headers,
      payload: { mobile },
    });
    const { txnId } = expectCode<{ txnId: string }>(sent, 0, 200);
    const otp = expectCode<{ list: { otp: string }[] }>(
      await apps[1]!.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` }),
      0,
      200,
    ).list[0]!.otp;
    // The OTP hash is keyed with the secret too: the other instance cannot check it.
    expectCode(
      await other.inject({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(txnId)),
        headers,
        payload: { otp },
      }),
      106,
      400,
    );
  });
});
