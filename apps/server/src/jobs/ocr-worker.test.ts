import { API_PATHS, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.js';
import type { DocumentAnalyser } from '../modules/files/analyser.js';
import { createFilesRepository } from '../modules/files/files-repository.js';
import { multipart, nameCardImage, pngOfSize, textImage } from '../modules/files/test-files.js';
import { createStorage } from '../storage/index.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../test/test-app.js';
import { createOcrWorker, OCR_MAX_ATTEMPTS } from './ocr-worker.js';

/** The worker only calls recogniseText; the quality checks are not its concern. */
const passingChecks: DocumentAnalyser['analyseDocument'] = async () => ({
  state: 'COMPLETED',
  issues: [],
  pageCount: 1,
});

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function uploadPng(app: TestApp, token: string, png: Buffer, expectName?: string) {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'text.png', contentType: 'image/png', data: png },
    ...(expectName === undefined ? [] : [{ name: 'expectName', data: expectName }]),
  ]);
  return expectCode<FileUploadResponse>(
    await app.request({
      method: 'POST',
      url: u(API_PATHS.files.upload),
      headers: { ...headers, ...bearer(token) },
      payload,
    }),
    0,
    200,
  );
}

describe('OCR job loop', () => {
  it('recognises the text of an uploaded image off the request path (tesseract.js)', async () => {
    t = await createTestApp();
    const { accessToken } = await signUp(t);
    const uploaded = await uploadPng(t, accessToken, await textImage('VERIDOCS 2024'));
    expect(uploaded.ocrText).toBeNull();
    let text: string | null = null;
    for (let i = 0; i < 200 && text === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await t.request({
        method: 'GET',
        url: u(API_PATHS.files.one(uploaded.fileId)),
        headers: bearer(accessToken),
      });
      text = expectCode<FileUploadResponse>(res, 0, 200).ocrText;
    }
    expect(text).toMatch(/VERIDOCS/);
  }, 30_000);

  it('retries a failing job with backoff, then marks it failed after 3 attempts', async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    const { accessToken } = await signUp(t);
    const { fileId } = await uploadPng(t, accessToken, await pngOfSize(50_000));
    let calls = 0;
    const failing: DocumentAnalyser = {
      analyseDocument: passingChecks,
      recogniseText: async () => {
        calls += 1;
        throw new Error('OCR engine crashed');
      },
    };
    const repo = createFilesRepository(t.db.orm);
    const worker = createOcrWorker({
      queue: repo,
      storage: createStorage(t.config.storage),
      analyser: failing,
      now: t.clock.now,
      log: t.app.log,
    });
    const row = async () => (await t!.db.orm.select().from(files).where(eq(files.id, fileId)))[0];

    expect(await worker.runOnce()).toBe(true);
    expect(await row()).toMatchObject({
      ocrStatus: 'pending',
      ocrAttempts: 1,
      ocrError: 'OCR engine crashed',
    });
    expect(await worker.runOnce()).toBe(false); // not due yet
    t.clock.advance(30);
    expect(await worker.runOnce()).toBe(true);
    expect(await row()).toMatchObject({ ocrStatus: 'pending', ocrAttempts: 2 });
    t.clock.advance(60);
    expect(await worker.runOnce()).toBe(false);
    t.clock.advance(60);
    expect(await worker.runOnce()).toBe(true);
    expect(await row()).toMatchObject({
      ocrStatus: 'failed',
      ocrAttempts: OCR_MAX_ATTEMPTS,
      ocrNextAt: null,
    });
    t.clock.advance(3600);
    expect(await worker.runOnce()).toBe(false);
    expect(calls).toBe(3);
  });

  it('OCR failing for good finishes a waiting verdict from the quality checks alone (the name is not checked)', async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    const { accessToken } = await signUp(t);
    const clean = await uploadPng(t, accessToken, await nameCardImage(['Name: Ravi Kumar']), 'Asha Verma');
    const small = await uploadPng(t, accessToken, await pngOfSize(50_000), 'Asha Verma');
    expect(clean).toMatchObject({ state: 'PROCESSING', issues: [] });
    expect(small.state).toBe('PROCESSING');
    expect(small.issues.map((i) => i.code)).toContain('TOO_SMALL');
    const row = async (id: string) => (await t!.db.orm.select().from(files).where(eq(files.id, id)))[0];
    expect(await row(clean.fileId)).toMatchObject({ expectName: 'Asha Verma', ocrStatus: 'pending' });

    const warnings: string[] = [];
    const log = Object.assign(Object.create(t.app.log) as typeof t.app.log, {
      warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? ''),
    });
    const worker = createOcrWorker({
      queue: createFilesRepository(t.db.orm),
      storage: createStorage(t.config.storage),
      analyser: {
        analyseDocument: passingChecks,
        recogniseText: () => Promise.reject(new Error('OCR engine crashed')),
      },
      now: t.clock.now,
      log,
    });
    for (const wait of [0, 30, 120]) {
      t.clock.advance(wait);
      expect((await row(clean.fileId))?.state).toBe('PROCESSING');
      expect(await worker.runOnce()).toBe(true);
      expect(await worker.runOnce()).toBe(true);
    }
    expect(await worker.runOnce()).toBe(false);

    const get = async (id: string) =>
      expectCode<FileUploadResponse>(
        await t!.request({ method: 'GET', url: u(API_PATHS.files.one(id)), headers: bearer(accessToken) }),
        0,
        200,
      );
    expect(await get(clean.fileId)).toMatchObject({ state: 'COMPLETED', issues: [], ocrText: null });
    const smallNow = await get(small.fileId);
    expect(smallNow.state).toBe('WARNING');
    expect(smallNow.issues).toEqual(small.issues);
    expect(await row(clean.fileId)).toMatchObject({ ocrStatus: 'failed', ocrAttempts: OCR_MAX_ATTEMPTS });
    expect(warnings.filter((w) => /name on the document could not be checked/.test(w))).toHaveLength(2);
  });

  it('claims a file whose verdict waits for its text before background ones', async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    const { accessToken } = await signUp(t);
    const background = await uploadPng(t, accessToken, await pngOfSize(50_000));
    t.clock.advance(1);
    const waiting = await uploadPng(t, accessToken, await nameCardImage(['Name: Asha Verma']), 'Asha Verma');
    expect(background.state).not.toBe('PROCESSING');
    const worker = createOcrWorker({
      queue: createFilesRepository(t.db.orm),
      storage: createStorage(t.config.storage),
      analyser: { analyseDocument: passingChecks, recogniseText: async () => 'Name: Asha Verma' },
      now: t.clock.now,
      log: t.app.log,
    });
    expect(await worker.runOnce()).toBe(true);
    const row = async (id: string) => (await t!.db.orm.select().from(files).where(eq(files.id, id)))[0];
    expect(await row(waiting.fileId)).toMatchObject({ ocrStatus: 'done', state: 'COMPLETED', issues: [] });
    expect(await row(background.fileId)).toMatchObject({ ocrStatus: 'pending', state: background.state });
    expect(await worker.runOnce()).toBe(true);
    expect(await row(background.fileId)).toMatchObject({
      ocrStatus: 'done',
      state: background.state,
      issues: background.issues,
    });
  });
});
