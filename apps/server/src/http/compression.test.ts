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
import { uploadDocument } from '../test/uploads.js';

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
