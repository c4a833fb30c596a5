import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { API_PATHS, DEFAULT_PARTNER_ORG_ID, PARTNER_ORG_HEADER, SERVICE_BASES } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { multipart, pdfOfSize } from '../modules/files/test-files.js';
import { createTestApp, signUp, wallet, type TestApp } from '../test/test-app.js';

/**
 * Real sockets against a listening server with short limits: a slow head, a slow JSON body and a slow
 * upload lose their socket within the limits (not after the old 10 minutes), an upload at a fair rate
 * finishes although it takes longer than the body timeout, and one address holds at most the cap.
 */
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '600',
  HTTP_BODY_TIMEOUT_MS: '600',
  UPLOAD_MIN_BYTES_PER_SECOND: '20000',
  UPLOAD_RATE_WINDOW_MS: '400',
  MAX_CONNECTIONS_PER_IP: '6',
};
/** Far below the old behaviour (sockets held up to 10 minutes), with room for a busy machine. */
const CUT_WITHIN_MS = 4_000;

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ...LIMITS, OCR_WORKER: 'off' } });
  token = (await signUp(t)).accessToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Client {
  socket: Socket;
  /** Resolves when the server closes the connection: after how long, and what it answered. */
  closed: Promise<{ afterMs: number; response: string }>;
  /** Writes `data` in `chunk`-byte pieces every `everyMs` until done or closed; the bytes written. */
  trickle(data: Buffer | string, chunk: number, everyMs: number): Promise<number>;
}

async function open(): Promise<Client> {
  const socket = connect({ port, host: '127.0.0.1' });
  const started = Date.now();
  let response = '';
  let ended = false;
  socket.on('data', (data) => (response += data.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<{ afterMs: number; response: string }>((resolve) =>
    socket.once('close', () => {
      ended = true;
      resolve({ afterMs: Date.now() - started, response });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    async trickle(data, chunk, everyMs) {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
      let sent = 0;
      while (sent < bytes.length && !ended && !socket.destroyed) {
        socket.write(bytes.subarray(sent, sent + chunk));
        sent += Math.min(chunk, bytes.length - sent);
        await sleep(everyMs);
      }
      return sent;
    },
  };
}

/** The closing of `client`, or 'still open' after `ms`. */
function closedWithin(client: Client, ms = CUT_WITHIN_MS) {
  return Promise.race([client.closed, sleep(ms).then(() => 'still open' as const)]);
}

const partner = `${PARTNER_ORG_HEADER}: ${DEFAULT_PARTNER_ORG_ID}\r\n`;

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${partner}${lines.join('')}\r\n`;
}

describe('slow clients', () => {
  it('are configured with defaults: 15 s head, 30 s JSON body, 2 KB/s uploads, 11 min cap, 1000 per IP', () => {
    const { http } = loadConfig({}, '/tmp');
    expect(http).toEqual({
      headersTimeoutMs: 15_000,
      bodyTimeoutMs: 30_000,
      requestTimeoutMs: 660_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 10_000,
      uploadMinBytesPerSecond: 2_048,
      uploadRateWindowMs: 30_000,
      // A lab of 100 browsers behind one NAT address: up to 6 sockets each (issue 23 §5).
      maxConnectionsPerIp: 1000,
    });
    expect(t.app.server.headersTimeout).toBe(600);
    expect(t.app.server.requestTimeout).toBe(660_000);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '700000' }, '/tmp')).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });

  it('lose the socket when the request head trickles in (slowloris)', async () => {
    const client = await open();
    const writing = client.trickle(
      `GET ${API_PATHS.health} HTTP/1.1\r\nHost: 127.0.0.1\r\n${'X-Slow: 1\r\n'.repeat(200)}`,
      11,
      100,
    );
    const result = await closedWithin(client);
    await writing;
    expect(result).not.toBe('still open');
    if (result !== 'still open') expect(result.response).toMatch(/^HTTP\/1\.1 408/);
  });

  it('lose the socket when a JSON body trickles in', async () => {
    const client = await open();
    const body = JSON.stringify({ mobile: '9876543210' }).padEnd(200, ' ');
    client.socket.write(
      head('POST', wallet(API_PATHS.profile.login), {
        'content-type': 'application/json',
        'content-length': body.length,
      }),
    );
    const writing = client.trickle(body, 1, 100);
    const result = await closedWithin(client);
    const sent = await writing;
    expect(result).not.toBe('still open');
    expect(sent).toBeLessThan(body.length);
  });

  it('lose the socket when an upload is slower than the minimum rate', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'doc.pdf', contentType: 'application/pdf', data: await pdfOfSize(200_000) },
    ]);
    const client = await open();
    client.socket.write(
      head('POST', `${SERVICE_BASES.utility}${API_PATHS.files.upload}`, {
        ...headers,
        authorization: `Bearer ${token}`,
        'content-length': payload.length,
      }),
    );
    // 2 KB/s, a tenth of the minimum.
    const writing = client.trickle(payload, 200, 100);
    const result = await closedWithin(client);
    const sent = await writing;
    expect(result).not.toBe('still open');
    expect(sent).toBeLessThan(payload.length / 10);
  });

  it('let an upload at a fair rate finish, though it takes longer than the body timeout', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'doc.pdf', contentType: 'application/pdf', data: await pdfOfSize(160_000) },
    ]);
    const client = await open();
    client.socket.write(
      head('POST', `${SERVICE_BASES.utility}${API_PATHS.files.upload}`, {
        ...headers,
        authorization: `Bearer ${token}`,
        'content-length': payload.length,
        connection: 'close',
      }),
    );
    // About 100 KB/s: some 1.6 s, more than twice the body timeout.
    const started = Date.now();
    await client.trickle(payload, 5_000, 50);
    const tookMs = Date.now() - started;
    const result = await closedWithin(client, 20_000);
    expect(result).not.toBe('still open');
    if (result !== 'still open') expect(result.response).toMatch(/^HTTP\/1\.1 200/);
    expect(tookMs).toBeGreaterThan(Number(LIMITS.HTTP_BODY_TIMEOUT_MS));
  });

  it('judge a tus PATCH by its rate too: one at a fair rate outlasts the body timeout', async () => {
    const pdf = await pdfOfSize(160_000);
    const created = await t.request({
      method: 'POST',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.resumable}`,
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': '160000' },
    });
    expect(created.statusCode).toBe(201);
    const client = await open();
    client.socket.write(
      head('PATCH', String(created.headers.location), {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': pdf.length,
        connection: 'close',
      }),
    );
    const started = Date.now();
    await client.trickle(pdf, 5_000, 50);
    const tookMs = Date.now() - started;
    const result = await closedWithin(client, 20_000);
    expect(result).not.toBe('still open');
    if (result !== 'still open') expect(result.response).toMatch(/^HTTP\/1\.1 200/);
    expect(tookMs).toBeGreaterThan(Number(LIMITS.HTTP_BODY_TIMEOUT_MS));
  });

  it('hold at most the per-IP cap of sockets; slow bodies are cut and the cap frees up', async () => {
    const body = '{"mobile":"9876543210"}'.padEnd(100, ' ');
    const clients = await Promise.all(Array.from({ length: 10 }, () => open()));
    const writes = clients.map((client) => {
      client.socket.write(
        head('POST', wallet(API_PATHS.profile.login), {
          'content-type': 'application/json',
          'content-length': body.length,
        }),
      );
      return client.trickle(body, 1, 100);
    });
    // Four over the cap of six are refused at once.
    const early = await Promise.all(clients.map((c) => closedWithin(c, 300)));
    expect(early.filter((r) => r !== 'still open')).toHaveLength(4);
    // The six others are cut by the body timeout.
    const all = await Promise.all(clients.map((c) => closedWithin(c)));
    expect(all.filter((r) => r === 'still open')).toHaveLength(0);
    await Promise.all(writes);
    // Their sockets are released: a new client is served.
    const res = await fetch(`http://127.0.0.1:${port}${API_PATHS.health}`);
    expect(res.status).toBe(200);
  });
});

describe('300 slow bodies at once', () => {
  let many: TestApp;
  let manyPort: number;
  beforeAll(async () => {
    many = await createTestApp({ env: { HTTP_BODY_TIMEOUT_MS: '800', MAX_CONNECTIONS_PER_IP: '400' } });
    await many.app.listen({ port: 0, host: '127.0.0.1' });
    manyPort = (many.app.server.address() as AddressInfo).port;
  });
  afterAll(() => many?.close());

  it('hold no socket for longer than the body timeout, and the server keeps answering', async () => {
    const body = '{"mobile":"9876543210"}'.padEnd(100, ' ');
    const request = head('POST', wallet(API_PATHS.profile.login), {
      'content-type': 'application/json',
      'content-length': body.length,
    });
    const sockets = await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect({ port: manyPort, host: '127.0.0.1' }, () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const started = Date.now();
    const closed = sockets.map(
      (socket) => new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started))),
    );
    // Each sends its head and one byte of its body every 200 ms.
    const timers = sockets.map((socket) => {
      socket.on('error', () => undefined);
      socket.write(request);
      let sent = 0;
      return setInterval(() => {
        if (!socket.destroyed && sent < body.length) socket.write(body[sent++]!);
      }, 200);
    });
    try {
      const health = await fetch(`http://127.0.0.1:${manyPort}${API_PATHS.health}`);
      expect(health.status).toBe(200);
      const times = await Promise.race([Promise.all(closed), sleep(CUT_WITHIN_MS + 2_000).then(() => null)]);
      expect(times, 'sockets still open').not.toBeNull();
      expect(Math.max(...(times ?? []))).toBeLessThan(CUT_WITHIN_MS + 2_000);
    } finally {
      timers.forEach(clearInterval);
      sockets.forEach((socket) => socket.destroy());
    }
  });
});
