import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATHS, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { pdfOfSize } from './test-files.js';

/** Resumable uploads with S3 storage (s3rver): the partial upload lives in the bucket (ADR 0050). */

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
const TUS = { 'tus-resumable': '1.0.0' };

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: { OCR_WORKER: 'off', ...s3.env() } });
  token = (await signUp(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const patch = (id: string, offset: number, data: Buffer) =>
  t.request({
    method: 'PATCH',
    url: u(`${API_PATHS.files.resumable}/${id}`),
    headers: {
      ...TUS,
      ...bearer(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });

describe('tus uploads on S3', () => {
  it('takes a 6 MB PDF in two PATCHes through the bucket, answers like POST /files and keeps no partial', async () => {
    const pdf = await pdfOfSize(6_000_000);
    const created = await t.request({
      method: 'POST',
      url: u(API_PATHS.files.resumable),
      headers: {
        ...TUS,
        ...bearer(token),
        'upload-length': String(pdf.length),
        'upload-metadata': `filename ${Buffer.from('scan.pdf').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    expect((await patch(id, 0, pdf.subarray(0, 2_500_000))).statusCode).toBe(204);
    const probe = await t.request({
      method: 'HEAD',
      url: u(`${API_PATHS.files.resumable}/${id}`),
      headers: { ...TUS, ...bearer(token) },
    });
    expect(probe.headers['upload-offset']).toBe('2500000');
    const data = expectCode<FileUploadResponse>(await patch(id, 2_500_000, pdf.subarray(2_500_000)), 0, 200);
    expect(data).toMatchObject({ name: 'scan.pdf', size: 6_000_000, state: 'COMPLETED' });
    const content = await t.request({ method: 'GET', url: data.fileUrl, headers: bearer(token) });
    expect(Buffer.compare(content.rawPayload, pdf)).toBe(0);
    // The tus objects (`<id>`, `<id>.info`, `<id>.part`) are gone from the bucket; a HEAD answers the
    // finished upload from its row (the answer a client lost), not from the store.
    const head = await t.request({
      method: 'HEAD',
      url: u(`${API_PATHS.files.resumable}/${id}`),
      headers: { ...TUS, ...bearer(token) },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('6000000');
    expect(head.headers['upload-result']).toBeDefined();
    const inBucket = readdirSync(join(s3.dir, s3.bucket), { recursive: true }).map(String);
    expect(inBucket.filter((name) => name.includes(id))).toEqual([]);
    expect((await s3.incompleteUploads()).filter((upload) => upload.key.startsWith(id))).toEqual([]);
  });
});
