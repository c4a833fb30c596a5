import { connect, type AddressInfo, type Socket } from 'node:net';
import { API_PATHS, DEFAULT_PARTNER_ORG_ID, PARTNER_ORG_HEADER } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, wallet, type TestApp } from '../test/test-app.js';

/**
 * Issue 23 §5: behind a reverse proxy every socket is the proxy's, so MAX_CONNECTIONS_PER_IP counts each
 * client's requests in progress by the address the proxy forwarded (X-Forwarded-For), not sockets.
 */
describe('the per-client cap behind a trusted proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  let proxiedPort: number;
  beforeAll(async () => {
    proxied = await createTestApp({
      env: {
        TRUST_PROXY: '1',
        MAX_CONNECTIONS_PER_IP: '3',
        HTTP_BODY_TIMEOUT_MS: '20000',
        OCR_WORKER: 'off',
      },
    });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    proxiedPort = (proxied.app.server.address() as AddressInfo).port;
  });
  afterAll(() => proxied?.close());

  const health = (forwardedFor: string) =>
    fetch(`http://127.0.0.1:${proxiedPort}${API_PATHS.health}`, {
      headers: { 'x-forwarded-for': forwardedFor },
    });

  /** A request from `forwardedFor` that stays in progress: its head is sent, its body never. */
  async function hold(forwardedFor: string): Promise<Socket> {
    const socket = connect({ port: proxiedPort, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${wallet(API_PATHS.profile.login)} HTTP/1.1\r\nHost: 127.0.0.1\r\n${PARTNER_ORG_HEADER}: ${DEFAULT_PARTNER_ORG_ID}\r\n` +
        `content-type: application/json\r\ncontent-length: 100\r\nx-forwarded-for: ${forwardedFor}\r\n\r\n`,
    );
    return socket;
  }

  it('counts the forwarded client address, not the proxy address, and frees a place when a request ends', async () => {
    // Sequential requests never pile up: each one's place is given back when it is answered.
    for (let i = 0; i < 10; i++) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: API_PATHS.health,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.statusCode).toBe(200);
    }
    const held = await Promise.all([1, 2, 3].map(() => hold('203.0.113.7')));
    await expect.poll(async () => (await health('203.0.113.7')).status, { timeout: 5_000 }).toBe(429);
    const refused = await health('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 111 });
    // Every socket is the proxy's (127.0.0.1), already more than 3: another client is still served.
    const other = await health('198.51.100.20');
    expect(other.status).toBe(200);
    held[0]!.destroy();
    await expect.poll(async () => (await health('203.0.113.7')).status, { timeout: 5_000 }).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
