import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  FILE_TEXT,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  type FileUploadResponse,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { createFilesRepository } from './files-repository.js';
import { multipart, pdfOfSize } from './test-files.js';

/** Resumable uploads by the tus protocol (issue 31 §1, ADR 0050). */

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

let t: TestApp;
let token: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  token = (await signUp(t)).accessToken;
  other = (await signUp(t, undefined, 'Other Candidate')).accessToken;
});
afterAll(async () => t?.close());

/** The tus store's folder: `<id>` (the bytes) and `<id>.json` (offset, length, metadata). */
const partials = () => {
  const dir = t.config.resumableUploads.dir;
  return existsSync(dir) ? readdirSync(dir) : [];
};
const storedFiles = () => {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const dir = t.config.storage.dir;
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.parentPath.endsWith('veridocs-installation'))
        .map((e) => e.name)
    : [];
};

async function create(size: number, as = token, metadata = `filename ${b64('marksheet.pdf')}`) {
  return t.request({
    method: 'POST',
    url: u(API_PATHS.files.resumable),
    headers: { ...TUS, ...bearer(as), 'upload-length': String(size), 'upload-metadata': metadata },
  });
}

const idOf = (location: string) => location.split('/').pop()!;

function patch(id: string, offset: number, data: Buffer, as = token) {
  return t.request({
    method: 'PATCH',
    url: u(`${API_PATHS.files.resumable}/${id}`),
    headers: {
      ...TUS,
      ...bearer(as),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
}

function head(id: string, as = token) {
  return t.request({
    method: 'HEAD',
    url: u(`${API_PATHS.files.resumable}/${id}`),
    headers: { ...TUS, ...bearer(as) },
  });
}

describe('tus uploads', () => {
  it('create, half, HEAD, the rest: answered like POST /files, and the file is served', async () => {
    const pdf = await pdfOfSize(300_000);
    const created = await create(pdf.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = String(created.headers.location);
    expect(location.startsWith(u(`${API_PATHS.files.resumable}/`))).toBe(true);
    const id = idOf(location);

    const first = await patch(id, 0, pdf.subarray(0, 150_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('150000');

    const probe = await head(id);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe('150000');
    expect(probe.headers['upload-length']).toBe('300000');

    // Resuming from a stale offset is refused (409) without touching the upload.
    expect((await patch(id, 0, pdf.subarray(0, 10))).statusCode).toBe(409);

    const last = await patch(id, 150_000, pdf.subarray(150_000));
    const data = expectCode<FileUploadResponse>(last, 0, 200);
    expect(last.headers['upload-offset']).toBe('300000');
    expect(data).toMatchObject({ name: 'marksheet.pdf', mimeType: 'application/pdf', size: 300_000 });
    expect(data.fileUrl).toBe(u(API_PATHS.files.content(data.fileId)));

    // The same shape as the multipart route's answer for the same file.
    const { payload, headers } = multipart([
      { name: 'file', filename: 'marksheet.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const viaPost = expectCode<FileUploadResponse>(
      await t.request({
        method: 'POST',
        url: u(API_PATHS.files.upload),
        headers: { ...headers, ...bearer(token) },
        payload,
      }),
      0,
      200,
    );
    expect(Object.keys(data).sort()).toEqual(Object.keys(viaPost).sort());
    expect({ ...data, fileId: '', fileUrl: '', createdAt: '' }).toEqual({
      ...viaPost,
      fileId: '',
      fileUrl: '',
      createdAt: '',
    });

    const content = await t.request({ method: 'GET', url: data.fileUrl, headers: bearer(token) });
    expect(content.statusCode).toBe(200);
    expect(Buffer.compare(content.rawPayload, pdf)).toBe(0);
    // The partial copy is gone once the file is stored.
    expect(partials().filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('a client that lost the last answer gets the same file again (HEAD, PATCH), never a second copy', async () => {
    const pdf = await pdfOfSize(120_000);
    const id = idOf(String((await create(pdf.length)).headers.location));
    const answered = expectCode<FileUploadResponse>(await patch(id, 0, pdf), 0, 200);
    const filesBefore = storedFiles().length;

    // The resume's HEAD: complete, with the answer in Upload-Result (a HEAD has no body).
    const probe = await head(id);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe(String(pdf.length));
    expect(probe.headers['upload-length']).toBe(String(pdf.length));
    const envelope = JSON.parse(
      Buffer.from(String(probe.headers['upload-result']), 'base64').toString('utf8'),
    );
    expect(envelope).toEqual({ code: 0, data: answered, message: expect.any(String) as string });
    // The last PATCH again (its answer lost in flight): the same answer, nothing stored twice.
    expect(expectCode<FileUploadResponse>(await patch(id, pdf.length, Buffer.alloc(0)), 0, 200)).toEqual(
      answered,
    );
    expect(storedFiles()).toHaveLength(filesBefore);
    // Another candidate learns nothing of it.
    expect((await head(id, other)).statusCode).toBe(404);
    expect((await head(id, other)).headers['upload-result']).toBeUndefined();

    // Kept as long as a partial upload would be, then forgotten.
    const hours = t.config.resumableUploads.expiryMs / 3_600_000 + 1;
    await t.db.orm.execute(
      sql`update resumable_uploads set finished_at = finished_at - make_interval(hours => ${hours}) where upload_id = ${id}`,
    );
    expect(await t.app.uploadJobs.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await head(id)).statusCode).toBe(404);
  });

  it("another candidate's HEAD, PATCH and DELETE on an upload id are refused like an unknown id", async () => {
    const pdf = await pdfOfSize(100_000);
    const id = idOf(String((await create(pdf.length)).headers.location));
    expect((await patch(id, 0, pdf.subarray(0, 1000))).statusCode).toBe(204);
    expectCode(await patch(id, 1000, pdf.subarray(1000, 2000), other), 133, 404);
    const theirs = await head(id, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['upload-offset']).toBeUndefined();
    expectCode(
      await t.request({
        method: 'DELETE',
        url: u(`${API_PATHS.files.resumable}/${id}`),
        headers: { ...TUS, ...bearer(other) },
      }),
      133,
      404,
    );
    // Unknown id: the same answer.
    expectCode(await patch('0123456789abcdef0123456789abcdef', 0, Buffer.alloc(10), other), 133, 404);
    // Untouched: still the owner's, at 1000.
    expect((await head(id)).headers['upload-offset']).toBe('1000');
    // Without a token: 401 before tus sees it (a HEAD answer has no body).
    const anonymous = await t.request({
      method: 'HEAD',
      url: u(`${API_PATHS.files.resumable}/${id}`),
      headers: TUS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['upload-offset']).toBeUndefined();
    // A client's "owner" metadata is not trusted.
    const spoof = await create(pdf.length, other, `filename ${b64('a.pdf')},owner ${b64('someone')}`);
    expect(spoof.statusCode).toBe(201);
    const spoofId = idOf(String(spoof.headers.location));
    const info = JSON.parse(readFileSync(join(t.config.resumableUploads.dir, `${spoofId}.json`), 'utf8'));
    expect(info.metadata.owner).not.toBe('someone');
  });

  it('refuses more than 25 MB (and less than 40 KB) before any byte, with the multipart messages', async () => {
    const before = partials().length;
    const big = await create(25_000_001);
    expectCode(big, 128, 413);
    expect(big.json().message).toBe(FILE_TEXT.tooBig);
    expectCode(await create(39_999), 129, 400);
    // No length (a deferred one) is refused too.
    expectCode(
      await t.request({
        method: 'POST',
        url: u(API_PATHS.files.resumable),
        headers: { ...TUS, ...bearer(token), 'upload-defer-length': '1' },
      }),
      100,
      400,
    );
    expect(partials().length).toBe(before);
  });

  it('refuses a disallowed type after the last byte, in the envelope, and keeps nothing', async () => {
    const repo = createFilesRepository(t.db.orm);
    const [filesBefore, rowsBefore] = [storedFiles().length, await repo.count()];
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(60_000, 1)]);
    const id = idOf(
      String((await create(exe.length, token, `filename ${b64('invoice.pdf')}`)).headers.location),
    );
    expect((await patch(id, 0, exe.subarray(0, 30_000))).statusCode).toBe(204);
    const last = await patch(id, 30_000, exe.subarray(30_000));
    expectCode(last, 130, 415);
    expect(last.json().message).toBe(FILE_TEXT.wrongType(['jpeg', 'jpg', 'png', 'pdf']));
    expect(partials().filter((f) => f.startsWith(id))).toEqual([]);
    await expect.poll(() => storedFiles().length).toBe(filesBefore);
    expect(await repo.count()).toBe(rowsBefore);
  });

  it('refuses bad fields in Upload-Metadata at creation, like the multipart fields', async () => {
    const res = await create(100_000, token, `filename ${b64('a.pdf')},folderName ${b64('x'.repeat(500))}`);
    expectCode(res, 100, 400);
  });

  it('sweeps an unfinished upload once it expired; a fresh one stays', async () => {
    const pdf = await pdfOfSize(100_000);
    const oldId = idOf(String((await create(pdf.length)).headers.location));
    const freshId = idOf(String((await create(pdf.length)).headers.location));
    expect((await patch(oldId, 0, pdf.subarray(0, 5000))).statusCode).toBe(204);
    // Created 25 hours ago (the store keeps its creation date beside the bytes).
    const infoPath = join(t.config.resumableUploads.dir, `${oldId}.json`);
    const info = JSON.parse(readFileSync(infoPath, 'utf8'));
    info.creation_date = new Date(Date.now() - 25 * 3_600_000).toISOString();
    writeFileSync(infoPath, JSON.stringify(info));
    // Past its expiry a PATCH is refused (410) even before the sweep.
    expect((await patch(oldId, 5000, pdf.subarray(5000, 6000))).statusCode).toBe(410);
    expect(await t.app.uploadJobs.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(partials().filter((f) => f.startsWith(oldId))).toEqual([]);
    expect(partials().filter((f) => f.startsWith(freshId))).toHaveLength(2);
    expect((await head(oldId)).statusCode).toBe(404);
  });

  it('resumes over real HTTP after the connection dropped mid-PATCH', async () => {
    const pdf = await pdfOfSize(2_000_000);
    const id = idOf(String((await create(pdf.length)).headers.location));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const path = u(`${API_PATHS.files.resumable}/${id}`);
    // Sends 1.2 MB of a PATCH announcing all 2 MB, then drops the connection.
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path,
        headers: {
          ...TUS,
          ...bearer(token),
          [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(pdf.length),
        },
      });
      req.on('error', () => resolve());
      req.write(pdf.subarray(0, 1_200_000), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
    // The bytes that arrived are kept: HEAD gives where to resume.
    let offset = 0;
    await expect
      .poll(
        async () => {
          offset = Number((await head(id)).headers['upload-offset']);
          return offset;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1_200_000);
    const data = expectCode<FileUploadResponse>(await patch(id, offset, pdf.subarray(offset)), 0, 200);
    expect(data.size).toBe(pdf.length);
    const content = await t.request({ method: 'GET', url: data.fileUrl, headers: bearer(token) });
    expect(Buffer.compare(content.rawPayload, pdf)).toBe(0);
  });
});

describe('tus uploads: the per-candidate limits of POST /files', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { OCR_WORKER: 'off', UPLOAD_RATE_PER_MINUTE: '2', UPLOAD_BYTES_PER_HOUR: '1000000' },
    });
  });
  afterAll(async () => limited?.close());

  const createIn = (as: string, size: number) =>
    limited.request({
      method: 'POST',
      url: u(API_PATHS.files.resumable),
      headers: { ...TUS, ...bearer(as), 'upload-length': String(size) },
    });

  it('counts each creation against the uploads per minute', async () => {
    const as = (await signUp(limited)).accessToken;
    expect((await createIn(as, 50_000)).statusCode).toBe(201);
    expect((await createIn(as, 50_000)).statusCode).toBe(201);
    const third = expectCode<{ retryAfter: number }>(await createIn(as, 50_000), 111, 429);
    expect(third.retryAfter).toBeGreaterThan(0);
  });

  it('counts the bytes each PATCH stored against the hour, and refuses a declared size past it', async () => {
    const as = (await signUp(limited)).accessToken;
    expectCode(await createIn(as, 1_000_001), 111, 429);
    const id = idOf(String((await createIn(as, 900_000)).headers.location));
    const sent = await limited.request({
      method: 'PATCH',
      url: u(`${API_PATHS.files.resumable}/${id}`),
      headers: {
        ...TUS,
        ...bearer(as),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(600_000, 7),
    });
    expect(sent.statusCode).toBe(204);
    // 600,000 bytes used of 1,000,000: 500,000 more do not fit.
    expectCode(await createIn(as, 500_000), 111, 429);
  });
});
