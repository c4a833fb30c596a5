import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATHS, FILE_TEXT, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../storage/index.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { multipart, pdfOfSize } from './test-files.js';

/** The upload route on S3 (s3rver): bodies past one part go multipart; a refusal leaves no upload behind. */

let s3: TestS3;
let t: TestApp;
let storage: Storage;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({
    env: {
      OCR_WORKER: 'off',
      ...s3.env(),
    },
  });
  storage = createStorage(t.config.storage);
  token = (await signUp(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function upload(data: Buffer, filename = 'document.pdf', contentType = 'application/pdf') {
  const { payload, headers } = multipart([{ name: 'file', filename, contentType, data }]);
  return t.request({
    method: 'POST',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

async function objects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.listObjects()) keys.push(object.key);
  return keys;
}

const tmpFiles = () => {
  const dir = join(t.config.dataDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /files on S3', () => {
  it('stores a 6 MB PDF (two parts), checks it from a copy under DATA_DIR/tmp and serves it back', async () => {
    const pdf = await pdfOfSize(6_000_000);
    const data = expectCode<FileUploadResponse>(await upload(pdf), 0, 200);
    expect(data).toMatchObject({ size: 6_000_000, state: 'COMPLETED' });
    expect(s3.requests.some((r) => r.method === 'PUT' && r.url.includes('partNumber=2'))).toBe(true);
    const content = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(data.fileId)}`,
      headers: bearer(token),
    });
    expect(content.statusCode).toBe(200);
    expect(Buffer.compare(content.rawPayload, pdf)).toBe(0);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses 25,000,001 bytes with 128 and leaves no object, no incomplete upload, no copy', async () => {
    const before = await objects();
    const res = await upload(Buffer.concat([await pdfOfSize(25_000_000), Buffer.from(' ')]));
    expectCode(res, 128, 413);
    expect(res.json().message).toBe(FILE_TEXT.tooBig);
    expect(await objects()).toEqual(before);
    expect(await s3.incompleteUploads()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a wrong type before anything reaches the bucket', async () => {
    const from = s3.requests.length;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(60_000, 1)]);
    expectCode(await upload(exe, 'invoice.pdf'), 130, 415);
    expect(s3.requests.slice(from).filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
  });
});
