import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_PATHS, NOTIFICATION_API_PATHS, PRIVACY_EXPORT_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentAnalyser } from '../modules/files/analyser.js';
import { bearer, createTestApp, expectCode, signUp, wallet, type TestApp } from '../test/test-app.js';
import { candidateWithRequest } from '../test/candidate.js';
import { uploadDocument } from '../test/uploads.js';
import { acceptedEncoding, sendKept } from './compression.js';

/**
 * Issue 31 §2: API answers compressed when the client accepts it. JSON and HTML from 1 KB, brotli or
 * gzip; never the event stream, never stored files, ZIPs or PDFs, and never a precompressed asset twice.
 */
const passing: DocumentAnalyser = {
  analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
  recogniseText: async () => '',
};
const script = `console.log(${JSON.stringify('veridocs '.repeat(400))});`;
const manifest = JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => `entry-${i}`) });

describe('compressed answers', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let dist: string;
  const institutes = `${SERVICE_BASES.utility}${API_PATHS.utility.institutes}?seed=0&count=50`;

  beforeAll(async () => {
    // A built SPA as apps/web writes it: a hashed asset with its .br and .gz copies, a file without them.
    dist = mkdtempSync(join(tmpdir(), 'veridocs-compress-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'manifest.json'), manifest);
    t = await createTestApp({ analyser: passing, env: { OCR_WORKER: 'off', WEB_DIST_DIR: dist } });
    h = bearer((await signUp(t)).accessToken);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a JSON answer over 1 KB gzip or brotli as accepted, the same JSON once decoded', async () => {
    const plain = await t.request({ method: 'GET', url: institutes, headers: h });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected: unknown = plain.json();

    const gzip = await t.request({
      method: 'GET',
      url: institutes,
      headers: { ...h, 'accept-encoding': 'gzip' },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);

    const br = await t.request({
      method: 'GET',
      url: institutes,
      headers: { ...h, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
  });

  it('leaves a small answer as it is', async () => {
    const health = await t.request({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the live event stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const { token } = expectCode<{ token: string }>(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.notification}${NOTIFICATION_API_PATHS.streamToken}`,
        headers: h,
      }),
      0,
      200,
    );
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: `${NOTIFICATION_API_PATHS.stream}?token=${encodeURIComponent(token)}`,
            headers: { 'accept-encoding': 'gzip, br' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve({ headers: response.headers, first: chunk.toString('utf8') });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // Plain text as it is written, readable at once.
    expect(first).toContain(': connected');
  });

  it('streams a stored PDF and the data export ZIP as they are', async () => {
    const file = await uploadDocument(t, h);
    const content = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(file.fileId)}`,
      headers: { ...h, 'accept-encoding': 'gzip, br' },
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-encoding']).toBeUndefined();
    expect(content.headers['content-length']).toBe(String(file.size));
    expect(createHash('sha256').update(content.rawPayload).digest('hex')).toBe(file.sha256);

    const zip = await t.request({
      method: 'GET',
      url: wallet(PRIVACY_EXPORT_PATHS.export),
      headers: { ...h, 'accept-encoding': 'gzip, br' },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('sends a precompressed asset as built, not compressed again; compresses a text file that has no copy', async () => {
    const br = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const json = await t.request({
      method: 'GET',
      url: '/manifest.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(json.rawPayload).toString()).toBe(manifest);
  });
});

describe('a kept answer sent after a promise, through the compression stream', () => {
  it('is sent once and whole: the handler ends with the response, not at send', async () => {
    const { default: Fastify } = await import('fastify');
    const { keepCompressed, registerCompression } = await import('./compression.js');
    const { sendEncodedWhenReady } = await import('./envelope.js');
    const app = Fastify({ logger: false });
    // Every answer through the stream path, as a multi-core host streams larger ones.
    await registerCompression(app, { syncThreshold: 0 });
    const body = keepCompressed(Buffer.from(JSON.stringify({ code: 0, data: 'x'.repeat(6000) })));
    const errors: unknown[] = [];
    app.addHook('onError', async (_request, _reply, error) => {
      errors.push(error);
    });
    // The hot reads' fallback (profile-router.ts, transactions-router.ts).
    app.get('/kept', (_request, reply) => sendEncodedWhenReady(reply, Promise.resolve(body)));
    try {
      for (const encoding of ['br', 'gzip']) {
        const answer = await app.inject({
          method: 'GET',
          url: '/kept',
          headers: { 'accept-encoding': encoding },
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        const decoded =
          encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
        expect(decoded.equals(body)).toBe(true);
      }
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the hot reads, compressed by their own route from the kept body (no plugin hooks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(async () => t?.close());

  it('picks the encoding as Accept-Encoding weighs it, br on a tie, none for identity or neither', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.8, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('GZIP; q=0.2 , BR ; q=0.9')).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('identity;q=1, br;q=0.5')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });

  it('sends transaction info in the accepted encoding with Vary, the same JSON once decoded, alike each time', async () => {
    const c = await candidateWithRequest(t);
    const url = `${SERVICE_BASES.verificationV1}${API_PATHS.verification.info}?orgId=${c.at.orgId}&txnId=${c.txnId}`;
    const plain = await t.request({ method: 'GET', url, headers: c.h });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      for (let read = 0; read < 2; read++) {
        const answer = await t.request({
          method: 'GET',
          url,
          headers: { ...c.h, 'accept-encoding': accept },
        });
        expect(answer.statusCode, accept).toBe(200);
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        const decoded =
          encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
        expect(decoded.equals(plain.rawPayload), accept).toBe(true);
      }
    }
    const identity = await t.request({
      method: 'GET',
      url,
      headers: { ...c.h, 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('leaves its small error envelopes as they are', async () => {
    const c = await candidateWithRequest(t);
    const url = `${SERVICE_BASES.verificationV1}${API_PATHS.verification.info}?orgId=${c.at.orgId}&txnId=unknown-txn`;
    const answer = await t.request({ method: 'GET', url, headers: { ...c.h, 'accept-encoding': 'br' } });
    expect(answer.statusCode).not.toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });
});

describe("sendKept (the hot reads' own compression)", () => {
  it('compresses a body that is not kept too, honours x-no-compression and adds to an existing Vary', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    const body = Buffer.from(JSON.stringify({ code: 0, data: 'closed '.repeat(400), message: 'Success' }));
    app.get('/plain', { compress: false } as object, (_request, reply) => {
      reply.header('vary', 'Origin');
      sendKept(reply, body);
    });
    try {
      const br = await app.inject({ method: 'GET', url: '/plain', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(body)).toBe(true);
      expect(br.headers.vary).toBe('Origin, accept-encoding');
      const opted = await app.inject({
        method: 'GET',
        url: '/plain',
        headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
      });
      expect(opted.headers['content-encoding']).toBeUndefined();
      expect(opted.rawPayload.equals(body)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
