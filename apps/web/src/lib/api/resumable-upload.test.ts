import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, type FileUploadResponse } from '@veridocs/shared';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi, type RecordedCall } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { ApiError } from '../api-client';
import { uploadFile } from './files-api';
import { RESUMABLE } from './resumable-upload';

/** Uploads to POST /files go by tus (ADR 0050): chunked, resumed after a failure or a reload. */

const UPLOAD_PATH = '/api/utility/files';
const TUS_PATH = '/api/utility/files/uploads';
const MB = 1024 * 1024;

const answer = (size: number): FileUploadResponse => ({
  fileId: 'file-1',
  fileUrl: '/api/utility/files/file-1/content',
  name: 'scan.pdf',
  mimeType: 'application/pdf',
  size,
  sha256: 'a'.repeat(64),
  folderName: null,
  fileCategory: 'marksheet',
  state: 'COMPLETED',
  issues: [],
  pageCount: 1,
  ocrText: null,
  createdAt: '2024-06-01T10:00:00.000Z',
});

/** A file whose bytes say where they are (so a resumed upload that skipped or repeated bytes shows). */
function numbered(size: number, name = 'scan.pdf'): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7) % 251;
  return new File([bytes], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
}

const tusCalls = (api: MockApi) =>
  api.calls
    .filter((c) => c.url.startsWith(TUS_PATH))
    .map((c) => `${c.method.toUpperCase()} ${c.headers['upload-offset'] ?? ''}`.trim());

async function sentFile(call: RecordedCall | undefined): Promise<Uint8Array> {
  const file = (call?.body as FormData).get('file') as File;
  return new Uint8Array(await file.arrayBuffer());
}

/** Whole-array equality in one call: toEqual walks 12 million elements one by one. */
async function sameBytes(sent: Uint8Array, file: File): Promise<boolean> {
  const expected = new Uint8Array(await file.arrayBuffer());
  return sent.length === expected.length && Buffer.from(sent).equals(Buffer.from(expected));
}

let api: MockApi;
const delays = RESUMABLE.retryDelays;
beforeEach(() => {
  localStorage.clear();
  api = mockApi();
  storeSession(makeSession());
  createTestApp();
});
afterEach(() => {
  api.restore();
  RESUMABLE.retryDelays = delays;
});

describe('uploadFile by tus', () => {
  it('sends 5 MB PATCHes with the fields as metadata and answers the last PATCH’s envelope', async () => {
    const file = numbered(12 * MB);
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer(file.size)) });
    const progress: number[] = [];
    const result = await uploadFile(file, {
      fileCategory: 'marksheet',
      expectName: 'Asha Rao',
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ fileId: 'file-1', size: 12 * MB, state: 'COMPLETED' });
    expect(tusCalls(api)).toEqual(['POST', 'PATCH 0', `PATCH ${5 * MB}`, `PATCH ${10 * MB}`]);
    const creation = api.calls.find((c) => c.method === 'post' && c.url === TUS_PATH);
    expect(creation?.headers['upload-length']).toBe(String(12 * MB));
    expect(creation?.headers['authorization']).toMatch(/^Bearer /);
    // POST /files's fields, as the server reads them from Upload-Metadata.
    const form = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect(form.get('fileCategory')).toBe('marksheet');
    expect(form.get('expectName')).toBe('Asha Rao');
    expect((form.get('file') as File).name).toBe('scan.pdf');
    expect(await sameBytes(await sentFile(api.callsTo('post', UPLOAD_PATH)[0]), file)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    // Done: nothing left to resume.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  it('a PATCH whose connection dropped is resumed from the server’s offset (HEAD), not from zero', async () => {
    const file = numbered(12 * MB);
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer(file.size)) });
    // The second PATCH gets no answer (Wi-Fi lost); the server kept the first 5 MB.
    let dropped = false;
    api.on('patch', /\/files\/uploads\//, (call) => {
      if (dropped || call.headers['upload-offset'] !== String(5 * MB)) return null;
      dropped = true;
      return { networkError: 'offline' };
    });
    await expect(uploadFile(file)).resolves.toMatchObject({ size: 12 * MB });
    expect(tusCalls(api)).toEqual([
      'POST',
      'PATCH 0',
      `PATCH ${5 * MB}`,
      'HEAD',
      `PATCH ${5 * MB}`,
      `PATCH ${10 * MB}`,
    ]);
    expect(await sameBytes(await sentFile(api.callsTo('post', UPLOAD_PATH)[0]), file)).toBe(true);
  });

  it('after a failed upload (retries ran out, or a reload) the same file resumes where it stopped', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer(12 * MB)) });
    RESUMABLE.retryDelays = [];
    let offline = true;
    api.on('patch', /\/files\/uploads\//, (call) =>
      offline && call.headers['upload-offset'] === String(5 * MB) ? { networkError: 'offline' } : null,
    );
    await expect(uploadFile(numbered(12 * MB))).rejects.toBeInstanceOf(ApiError);
    // The upload's URL stays in localStorage, by the file's fingerprint.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toHaveLength(1);
    offline = false;
    const before = tusCalls(api).length;
    // The same file picked again (a new File object, as after a reload).
    const file = numbered(12 * MB);
    await expect(uploadFile(file)).resolves.toMatchObject({ size: 12 * MB });
    expect(tusCalls(api).slice(before)).toEqual(['HEAD', `PATCH ${5 * MB}`, `PATCH ${10 * MB}`]);
    expect(await sameBytes(await sentFile(api.callsTo('post', UPLOAD_PATH)[0]), file)).toBe(true);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  it('a refusal after the last byte (wrong type) is the server’s envelope, not retried', async () => {
    api.on('post', UPLOAD_PATH, {
      status: 415,
      body: { code: 130, data: null, message: 'Please upload a file of type: jpeg, jpg, png, pdf' },
    });
    const error = await uploadFile(numbered(60_000), { allowedFileTypes: ['pdf'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERROR_CODES.FILE_TYPE_NOT_ALLOWED.code, status: 415 });
    expect((error as ApiError).message).toBe('Please upload a file of type: pdf');
    expect(tusCalls(api)).toEqual(['POST', 'PATCH 0']);
  });
});
