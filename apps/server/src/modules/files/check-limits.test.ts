import { existsSync, readdirSync } from 'node:fs';
import { API_PATHS, SERVICE_BASES, type DocumentIssue, type FileUploadResponse } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { pdfBomb } from '../documents/analysis/test-fixtures.js';
import { createPooledAnalyser } from '../documents/pool/pooled-analyser.js';
import { multipart, pdfOfSize } from './test-files.js';

const url = `${SERVICE_BASES.utility}${API_PATHS.files.upload}`;

function upload(t: TestApp, token: string, data: Buffer) {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'document.pdf', contentType: 'application/pdf', data },
  ]);
  return t.request({ method: 'POST', url, headers: { ...headers, ...bearer(token) }, payload });
}

/** Files under the storage folder (a refused upload leaves none behind). */
function countFiles(t: TestApp): number {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  if (!existsSync(t.config.storage.dir)) return 0;
  return readdirSync(t.config.storage.dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && !e.parentPath.endsWith('veridocs-installation'),
  ).length;
}

describe('the document checks run in capped processes (issue 9)', () => {
  describe('with the real checks', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { OCR_WORKER: 'off' } });
      token = (await signUp(t)).accessToken;
    });
    afterAll(async () => t.close());

    it('refuses the 400 MB-inflating PDF with 422 and keeps nothing', async () => {
      const bomb = await pdfBomb();
      const before = countFiles(t);
      const res = await upload(t, token, bomb);
      const data = expectCode<{ state: string; issues: DocumentIssue[] }>(res, 134, 422);
      expect(data.state).toBe('ERROR');
      expect(data.issues.map((i) => i.code)).toEqual(['PDF_OVERSIZED']);
      expect(countFiles(t)).toBe(before);
      // The checks still answer.
      expectCode<FileUploadResponse>(await upload(t, token, await pdfOfSize(60_000)), 0, 200);
    });
  });

  describe('a check past its limit', () => {
    const analyser = createPooledAnalyser(
      { workers: 1, memoryMb: 300, timeoutMs: 1_500, ocrTimeoutMs: 1_500, maxQueueWaitMs: 10_000 },
      undefined,
      new URL('../../test/check-worker-stub.ts', import.meta.url),
    );
    let t: TestApp;
    let token: string;
    // A PDF comment after the end: the stub check reads it, the upload guard does not mind it.
    const marked = async (marker: string) =>
      Buffer.concat([await pdfOfSize(60_000), Buffer.from(`%veridocs-test:${marker}\n`)]);
    beforeAll(async () => {
      t = await createTestApp({ env: { OCR_WORKER: 'off' }, analyser });
      token = (await signUp(t)).accessToken;
    });
    afterAll(async () => {
      await t.close();
      await analyser.close();
    });

    it.each([
      ['time', 'slow', /longer than 1.5 s/],
      ['memory', 'hog', /more than 300 MB/],
    ])(
      'past the %s limit: 422 with the reason, the process replaced, the next check served',
      async (_limit, marker, reason) => {
        expectCode(await upload(t, token, await pdfOfSize(60_000)), 0, 200);
        const [pid] = analyser.pool.pids();
        const res = await upload(t, token, await marked(marker));
        const data = expectCode<{ state: string; issues: DocumentIssue[] }>(res, 134, 422);
        expect(data.issues[0]?.code).toBe('CHECK_LIMIT_EXCEEDED');
        expect(data.issues[0]?.message).toMatch(reason);
        expect(res.json().message).toMatch(reason);
        expectCode(await upload(t, token, await pdfOfSize(60_000)), 0, 200);
        expect(analyser.pool.pids()).not.toContain(pid);
        expect(analyser.pool.pids()).toHaveLength(1);
      },
    );
  });

  describe('a check system that cannot run is not a verdict on the file (503, try again)', () => {
    const broken = createPooledAnalyser(
      { workers: 1, memoryMb: 300, timeoutMs: 1_500, ocrTimeoutMs: 1_500, maxQueueWaitMs: 5_000 },
      undefined,
      new URL('file:///nonexistent/check-worker.js'),
    );
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { OCR_WORKER: 'off' }, analyser: broken });
      token = (await signUp(t)).accessToken;
    });
    afterAll(async () => {
      await t.close();
      await broken.close();
    });

    it('check processes that cannot start: 503 with retryAfter, nothing kept', async () => {
      const before = countFiles(t);
      const res = await upload(t, token, await pdfOfSize(60_000));
      expect(expectCode<{ retryAfter: number }>(res, 503, 503).retryAfter).toBeGreaterThan(0);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toMatch(/try again/);
      expect(countFiles(t)).toBe(before);
    });

    it('a pool that is shutting down: 503, not FILE_UNUSABLE', async () => {
      const pool = createPooledAnalyser(
        { workers: 1, memoryMb: 300, timeoutMs: 5_000, ocrTimeoutMs: 5_000, maxQueueWaitMs: 5_000 },
        undefined,
        new URL('../../test/check-worker-stub.ts', import.meta.url),
      );
      const path = `${t.config.storage.kind === 'local' ? t.config.storage.dir : '/tmp'}/missing.pdf`;
      const pending = pool.analyseDocument({ path, mimeType: 'application/pdf' }).catch((e: unknown) => e);
      await pool.close();
      expect(await pending).toMatchObject({ errorName: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    });
  });

  describe('an upload check that waits too long for a process', () => {
    const analyser = createPooledAnalyser(
      { workers: 1, memoryMb: 300, timeoutMs: 1_500, ocrTimeoutMs: 1_500, maxQueueWaitMs: 300 },
      undefined,
      new URL('../../test/check-worker-stub.ts', import.meta.url),
    );
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { OCR_WORKER: 'off' }, analyser });
      token = (await signUp(t)).accessToken;
    });
    afterAll(async () => {
      await t.close();
      await analyser.close();
    });

    it('is answered 503 (busy) after the maximum wait, its bytes deleted', async () => {
      // A warm process (under tsx a start takes longer than this test's maximum wait).
      await analyser.pool.run('echo', {});
      const before = countFiles(t);
      const slow = Buffer.concat([await pdfOfSize(60_000), Buffer.from('%veridocs-test:slow\n')]);
      const first = upload(t, token, slow);
      await new Promise((r) => setTimeout(r, 100));
      const res = await upload(t, token, await pdfOfSize(60_000));
      expectCode(res, 503, 503);
      expect(res.json().message).toMatch(/busy/);
      expectCode(await first, 134, 422);
      expect(countFiles(t)).toBe(before);
    });
  });
});
