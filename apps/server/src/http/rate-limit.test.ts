import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, DEFAULT_PARTNER_ORG_ID, PARTNER_ORG_HEADER } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '../test/database.js';
import { createTestApp, uniqueMobile, wallet } from '../test/test-app.js';

/** Several instances behind one address must share the login limit, or each would allow its own. */
describe.skipIf(!TEST_REDIS_URL)('rate limits shared through Redis (REDIS_URL)', () => {
  it('two instances count the same caller together', async () => {
    const redis = new Redis(TEST_REDIS_URL!);
    for (const key of await redis.keys('veridocs-rl:*')) await redis.del(key);
    await redis.quit();
    const env = { REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_LOGIN_MAX: '2' };
    const [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      const login = (t: typeof a) =>
        t.request({ method: 'POST', url: wallet(API_PATHS.profile.login), body: { mobile: uniqueMobile() } });
      expect((await login(a)).json().code).toBe(0);
      expect((await login(b)).json().code).toBe(0);
      const third = await login(a);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(111);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

/** A logger that keeps what it is told (the fallback must be logged once, not per request). */
function captureLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (objOrMsg: unknown, msg?: string): void => {
      lines.push({ level, msg: typeof objOrMsg === 'string' ? objOrMsg : (msg ?? '') });
    };
  const logger: Record<string, unknown> = { level: 'info', silent: () => undefined };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) logger[level] = at(level);
  logger.child = () => logger;
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP relay in front of the test Redis, to take "Redis" away and bring it back. */
function redisRelay(target: URL, port: number) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    async start() {
      server = createServer((client) => {
        const redis = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, redis]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(redis).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closing;
      server = null;
    },
  };
}

describe('rate limits when Redis is down (REDIS_URL set)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function appWith(env: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'veridocs-rl-'));
    const { logger, lines } = captureLogger();
    const database: TestDatabase = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      WEB_DIST_DIR: join(dir, 'no-web'),
      RATE_LIMIT_OTP_MAX: '10000',
      ...env,
    });
    const app: App = await buildApp(config, { db: database.db, logger });
    cleanups.push(async () => {
      await app.close();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    });
    const login = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.login),
        remoteAddress,
        headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID },
        payload: { mobile: uniqueMobile() },
      });
    const fallbacks = () =>
      lines.filter((l) => l.level === 'warn' && l.msg.startsWith('Redis is unreachable'));
    return { app, login, lines, fallbacks };
  }

  it('counts in the process instead of letting every login through, and logs that once', async () => {
    const port = await freePort();
    const { login, fallbacks } = await appWith({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_LOGIN_MAX: '3',
    });
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await login('10.9.0.1')).json().code);
    expect(codes).toEqual([0, 0, 0, 111, 111, 111, 111, 111, 111, 111]);
    // Another address has its own count.
    expect((await login('10.9.0.2')).json().code).toBe(0);
    expect(fallbacks()).toHaveLength(1);
  });

  it.skipIf(!TEST_REDIS_URL)(
    'moves to memory when Redis goes away mid-run, and back when it returns',
    async () => {
      const port = await freePort();
      const relay = redisRelay(new URL(TEST_REDIS_URL!), port);
      await relay.start();
      cleanups.push(() => relay.stop());
      const { login, lines, fallbacks } = await appWith({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        RATE_LIMIT_LOGIN_MAX: '2',
      });
      const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      expect((await login(ip)).json().code).toBe(0); // 1 in Redis

      await relay.stop();
      await expect.poll(() => fallbacks().length, { timeout: 5000 }).toBe(1);
      // In memory from zero: two more pass, the third is refused.
      expect((await login(ip)).json().code).toBe(0);
      expect((await login(ip)).json().code).toBe(0);
      expect((await login(ip)).json().code).toBe(111);

      await relay.start();
      await expect
        .poll(() => lines.some((l) => l.msg === 'Redis is back: rate limits are shared again'), {
          timeout: 10_000,
        })
        .toBe(true);
      // Back on the shared count: 2 of 2, then refused.
      expect((await login(ip)).json().code).toBe(0);
      expect((await login(ip)).json().code).toBe(111);
      expect(fallbacks()).toHaveLength(1);
    },
    30_000,
  );
});
