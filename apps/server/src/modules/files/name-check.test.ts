import {
  API_PATHS,
  SERVICE_BASES,
  type DetectIssuesResponse,
  type DocumentIssue,
  type FileUploadResponse,
} from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { nameNeedsOcr, verdictWithName } from './name-check.js';
import { multipart, nameCardImage, pdfOfSize, type Part } from './test-files.js';

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
/** A clean identity-card-like image (no quality issue) carrying `name`. */
const card = (name: string) => nameCardImage(['GOVERNMENT OF INDIA', `Name: ${name}`, 'DOB: 01/01/1990']);
const warn = (code: DocumentIssue['code']): DocumentIssue => ({
  code,
  message: code,
  measured: null,
  threshold: null,
  page: null,
});

describe('verdictWithName', () => {
  const done = (text: string) => ({ status: 'done' as const, text });

  it('is PROCESSING with the quality issues until OCR ends', () => {
    expect(
      verdictWithName({ state: 'WARNING', issues: [warn('BLURRY')] }, 'Asha Verma', {
        status: 'pending',
        text: null,
      }),
    ).toEqual({
      state: 'PROCESSING',
      issues: [warn('BLURRY')],
      name: 'pending',
    });
    expect(
      verdictWithName({ state: 'COMPLETED', issues: [] }, 'Asha Verma', { status: 'running', text: null })
        .state,
    ).toBe('PROCESSING');
  });

  it('adds NAME_MISMATCH from the OCR text, and keeps quality warnings', () => {
    const clean = { state: 'COMPLETED' as const, issues: [] };
    expect(verdictWithName(clean, 'Asha Verma', done('Name: ASHA VERMA'))).toEqual({
      state: 'COMPLETED',
      issues: [],
      name: 'checked',
    });
    const mismatch = verdictWithName(clean, 'Asha Verma', done('Ravi Kumar'));
    expect(mismatch.state).toBe('WARNING');
    expect(mismatch.issues.map((i) => i.code)).toEqual(['NAME_MISMATCH']);
    const blurry = verdictWithName(
      { state: 'WARNING', issues: [warn('BLURRY')] },
      'Asha Verma',
      done('Asha Verma'),
    );
    expect(blurry).toMatchObject({ state: 'WARNING', issues: [warn('BLURRY')] });
  });

  it('replaces an earlier NAME_MISMATCH with the one from the OCR text', () => {
    const quality = { state: 'WARNING' as const, issues: [warn('PDF_NO_TEXT'), warn('NAME_MISMATCH')] };
    expect(verdictWithName(quality, 'Asha Verma', done('Asha Verma')).issues).toEqual([warn('PDF_NO_TEXT')]);
    expect(verdictWithName(quality, 'Asha Verma', { status: 'pending', text: null }).issues).toEqual([
      warn('PDF_NO_TEXT'),
    ]);
  });

  it('finishes from the quality checks alone when OCR failed for good; ERROR stays ERROR', () => {
    expect(
      verdictWithName({ state: 'COMPLETED', issues: [] }, 'Asha Verma', { status: 'failed', text: null }),
    ).toEqual({
      state: 'COMPLETED',
      issues: [],
      name: 'unchecked',
    });
    expect(
      verdictWithName({ state: 'WARNING', issues: [warn('TOO_SMALL')] }, 'Asha Verma', {
        status: 'failed',
        text: null,
      }).state,
    ).toBe('WARNING');
    expect(
      verdictWithName({ state: 'ERROR', issues: [warn('PDF_UNREADABLE')] }, 'Asha Verma', done('Ravi Kumar'))
        .state,
    ).toBe('ERROR');
  });

  it('needs OCR for images and for PDFs without a text layer', () => {
    expect(nameNeedsOcr('image/png', [])).toBe(true);
    expect(nameNeedsOcr('image/jpeg', [])).toBe(true);
    expect(nameNeedsOcr('application/pdf', [])).toBe(false);
    expect(nameNeedsOcr('application/pdf', [warn('PDF_NO_TEXT')])).toBe(true);
  });
});

describe('name check at upload (OCR job running)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t)).accessToken;
  });
  afterAll(async () => t?.close());

  async function upload(data: Buffer, expectName?: string, filename = 'card.png', contentType = 'image/png') {
    const parts: Part[] = [{ name: 'file', filename, contentType, data }];
    if (expectName !== undefined) parts.push({ name: 'expectName', data: expectName });
    const { payload, headers } = multipart(parts);
    const res = await t.request({
      method: 'POST',
      url: u(API_PATHS.files.upload),
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    return expectCode<FileUploadResponse>(res, 0, 200);
  }
  const get = async (id: string) =>
    expectCode<FileUploadResponse>(
      await t.request({ method: 'GET', url: u(API_PATHS.files.one(id)), headers: bearer(token) }),
      0,
      200,
    );

  /** Polls GET /files/:id as the web client does (but faster), until the verdict is no longer PROCESSING. */
  async function settle(id: string): Promise<{ file: FileUploadResponse; ms: number }> {
    const started = Date.now();
    for (let i = 0; i < 300; i++) {
      const file = await get(id);
      if (file.state !== 'PROCESSING') return { file, ms: Date.now() - started };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('still PROCESSING after 30 s');
  }

  it('an image with the profile name: PROCESSING, then COMPLETED (within a few seconds)', async () => {
    const uploaded = await upload(await card('Asha Verma'), 'Asha Verma');
    expect(uploaded.state).toBe('PROCESSING');
    expect(uploaded.issues).toEqual([]);
    const { file, ms } = await settle(uploaded.fileId);
    expect(file).toMatchObject({ state: 'COMPLETED', issues: [] });
    expect(file.ocrText).toMatch(/Asha Verma/i);
    expect(ms).toBeLessThan(15_000);
  }, 40_000);

  it('an image with another name: PROCESSING, then WARNING with NAME_MISMATCH; detect-document-issues agrees', async () => {
    const uploaded = await upload(await card('Ravi Kumar'), 'Asha Verma');
    expect(uploaded.state).toBe('PROCESSING');
    const { file } = await settle(uploaded.fileId);
    expect(file.state).toBe('WARNING');
    expect(file.issues.map((i) => i.code)).toEqual(['NAME_MISMATCH']);
    expect(file.ocrText).toMatch(/Ravi/i);

    const detected = expectCode<DetectIssuesResponse>(
      await t.request({
        method: 'POST',
        url: u(API_PATHS.files.detectIssues),
        headers: bearer(token),
        body: { fileId: uploaded.fileId },
      }),
      0,
      200,
    );
    expect(detected.state).toBe('WARNING');
    expect(detected.issues.map((i) => i.code)).toEqual(['NAME_MISMATCH']);
    expect((await get(uploaded.fileId)).state).toBe('WARNING');
  }, 40_000);

  it('without expectName nothing changes: the quality verdict at once, OCR in the background', async () => {
    const uploaded = await upload(await card('Ravi Kumar'));
    expect(uploaded.state).toBe('COMPLETED');
    let file = uploaded;
    for (let i = 0; i < 300 && file.ocrText === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      file = await get(uploaded.fileId);
    }
    expect(file.ocrText).toMatch(/Ravi/i);
    expect(file).toMatchObject({ state: 'COMPLETED', issues: [] });
  }, 40_000);

  it('a PDF with a text layer is judged at upload (no waiting for OCR)', async () => {
    const uploaded = await upload(await pdfOfSize(60_000), 'Asha Verma', 'doc.pdf', 'application/pdf');
    expect(uploaded.state).toBe('WARNING');
    expect(uploaded.issues.map((i) => i.code)).toContain('NAME_MISMATCH');
  });

  it('a PDF with a text layer has its OCR text at upload: no OCR job reads it again', async () => {
    const uploaded = await upload(await pdfOfSize(60_000), undefined, 'doc.pdf', 'application/pdf');
    expect(uploaded.ocrText).toBe('Veridocs test document');
    const [row] = await t.db.orm.select().from(files).where(eq(files.id, uploaded.fileId));
    expect(row).toMatchObject({ ocrStatus: 'done', ocrAttempts: 0, ocrNextAt: null });
    expect(await get(uploaded.fileId)).toEqual(uploaded);
  });
});
