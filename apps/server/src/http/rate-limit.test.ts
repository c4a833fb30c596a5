import { API_PATHS } from '@veridocs/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../test/database.js';
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
