import { request as httpRequest, type IncomingMessage } from 'node:http';
import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  type NotificationItem,
  NOTIFICATION_API_PATHS,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { bearer, createTestClock, expectCode, uniqueMobile, wallet } from '../../test/test-app.js';

const headers = { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID };

/**
 * Two instances on one database: PostgreSQL (TEST_DATABASE_URL; each instance with its own pool and
 * LISTEN connection, as two processes would have) or the shared PGlite handle. A notification written
 * through instance B reaches a live stream open on instance A.
 */
describe('the live notification stream across instances', () => {
  let database: TestDatabase;
  let second: Database | undefined;
  let a: App;
  let b: App;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    OCR_WORKER: 'off',
    NOTIFICATION_JOBS: 'off',
    PAYMENT_JOBS: 'off',
    WEBHOOK_JOBS: 'off',
  });
  const clock = createTestClock();

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
    second = database.url ? openPostgres(database.url, { max: 3 }) : undefined;
    a = await buildApp(config, { db: database.db, now: clock.now });
    b = await buildApp(config, { db: second ?? database.db, now: clock.now });
    await a.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.dispose();
  });

  async function signUp(app: App) {
    const mobile = uniqueMobile();
    const { txnId } = expectCode<{ txnId: string }>(
      await app.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.login),
        headers,
        payload: { mobile },
      }),
      0,
      200,
    );
    const box = await app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${mobile}` });
    const otp = expectCode<{ list: { otp: string }[] }>(box, 0, 200).list[0]!.otp;
    expectCode(
      await app.inject({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(txnId)),
        headers,
        payload: { otp },
      }),
      0,
      200,
    );
    const session = expectCode<{ accessToken: string; refreshToken: string }>(
      await app.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.base),
        headers,
        payload: { mobile, name: 'Asha Rao', txnId },
      }),
      0,
      200,
    );
    const rows = (await (second ?? database.db).orm.execute(
      sql`select id from profiles where mobile = ${mobile}`,
    )) as { rows: { id: string }[] };
    return {
      h: bearer(session.accessToken),
      refreshToken: session.refreshToken,
      profileId: rows.rows[0]!.id,
    };
  }

  it('an event written through B reaches a client of A; another candidate’s stream gets nothing', async () => {
    const asha = await signUp(a);
    const other = await signUp(a);
    const port = (a.server.address() as { port: number }).port;
    const open = async (h: Record<string, string>) => {
      const { token } = expectCode<{ token: string }>(
        await a.inject({
          method: 'POST',
          url: `${SERVICE_BASES.notification}${NOTIFICATION_API_PATHS.streamToken}`,
          headers: { ...headers, ...h },
        }),
        0,
        200,
      );
      return new Promise<{ response: IncomingMessage; close: () => void }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: `${NOTIFICATION_API_PATHS.stream}?token=${token}` },
          (response) => resolve({ response, close: () => req.destroy() }),
        );
        req.on('error', reject);
        req.end();
      });
    };
    const collect = (response: IncomingMessage) => {
      const seen: string[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => seen.push(chunk));
      return seen;
    };
    const mine = await open(asha.h);
    const theirs = await open(other.h);
    const mineSeen = collect(mine.response);
    const theirSeen = collect(theirs.response);
    try {
      expect(mine.response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Written through B, inside a database transaction of B; a rolled-back one is never announced.
      const bDb = second ?? database.db;
      await bDb.orm
        .transaction(async (scope) => {
          await b.notifications.notify(scope, asha.profileId, {
            message: 'report.sent',
            params: { org: 'Rolled back' },
            sms: false,
          });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await bDb.orm.transaction((scope) =>
        b.notifications.notify(scope, asha.profileId, {
          message: 'report.sent',
          params: { org: 'Demo University' },
        }),
      );
      const deadline = Date.now() + 10_000;
      while (!mineSeen.join('').includes('event: notification') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const text = mineSeen.join('');
      const data = /event: notification\ndata: (.*)\n/.exec(text)?.[1];
      expect(data).toBeDefined();
      const pushed = JSON.parse(data!) as NotificationItem;
      expect(pushed).toMatchObject({
        title: 'Verification report sent',
        kind: 'report',
        description: 'Your verification report was sent to **Demo University**.',
      });
      expect(text).not.toContain('Rolled back');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(theirSeen.join('')).not.toContain('event: notification');
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('a logout through B closes the stream open on A, before any later event', async () => {
    const asha = await signUp(a);
    const port = (a.server.address() as { port: number }).port;
    const { token } = expectCode<{ token: string }>(
      await a.inject({
        method: 'POST',
        url: `${SERVICE_BASES.notification}${NOTIFICATION_API_PATHS.streamToken}`,
        headers: { ...headers, ...asha.h },
      }),
      0,
      200,
    );
    const stream = await new Promise<{ response: IncomingMessage; close: () => void }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `${NOTIFICATION_API_PATHS.stream}?token=${token}` },
        (response) => resolve({ response, close: () => req.destroy() }),
      );
      req.on('error', reject);
      req.end();
    });
    const seen: string[] = [];
    let closed = false;
    stream.response.setEncoding('utf8');
    stream.response.on('data', (chunk: string) => seen.push(chunk));
    stream.response.on('end', () => (closed = true));
    try {
      expect(stream.response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expectCode(
        await b.inject({
          method: 'POST',
          url: wallet(API_PATHS.profile.logout),
          headers: { ...headers, authorization: `Bearer ${asha.refreshToken}` },
        }),
        0,
        200,
      );
      const bDb = second ?? database.db;
      await bDb.orm.transaction((scope) =>
        b.notifications.notify(scope, asha.profileId, {
          message: 'report.sent',
          params: { org: 'After logout' },
          sms: false,
        }),
      );
      const deadline = Date.now() + 10_000;
      while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(closed).toBe(true);
      expect(seen.join('')).not.toContain('event: notification');
      // The token is still unexpired, but its session ended: A opens no stream with it.
      expectCode(
        await a.inject({ method: 'GET', url: `${NOTIFICATION_API_PATHS.stream}?token=${token}` }),
        240,
        401,
      );
    } finally {
      stream.close();
    }
  });
});
