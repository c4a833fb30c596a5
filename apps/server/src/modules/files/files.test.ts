import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { API_PATHS, FILE_LIMITS, FILE_TEXT, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { createFilesRepository } from './files-repository.js';
import { fetchUpload } from './url-fetch.js';
import {
  encryptedPdf,
  hugePng,
  jpegOfSize,
  multipart,
  pdfOfSize,
  pdfWithJavaScript,
  pngOfSize,
  type Part,
} from './test-files.js';

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under the storage folder (a half-written `.part` included). */
function storedFiles(t: TestApp): string[] {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  try {
    return readdirSync(t.config.storage.dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.endsWith('veridocs-installation'))
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

let t: TestApp;
let token: string;
let other: string;

function upload(parts: Part[], as = token) {
  const { payload, headers } = multipart(parts);
  return t.request({
    method: 'POST',
    url: u(API_PATHS.files.upload),
    headers: { ...headers, ...bearer(as) },
    payload,
  });
}
const filePart = (data: Buffer, filename = 'document.pdf', contentType = 'application/pdf'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  token = (await signUp(t)).accessToken;
  other = (await signUp(t, undefined, 'Other Candidate')).accessToken;
});
afterAll(async () => t?.close());

/**
 * Runs `act` and checks it left no stored bytes and no row behind. A refused stream's `.part` is removed
 * as its put fails, which on a loaded machine can be just after the answer: the count is polled, and
 * taken only once no earlier `.part` is left (CI's fresh clone once needed more than 10 s of it).
 */
async function leavesNothing(act: () => Promise<void>) {
  const repo = createFilesRepository(t.db.orm);
  const parts = () => storedFiles(t).filter((f) => f.endsWith('.part')).length;
  await expect.poll(parts, { timeout: 25_000 }).toBe(0);
  const [filesBefore, rowsBefore] = [storedFiles(t).length, await repo.count()];
  await act();
  await expect.poll(() => storedFiles(t).length, { timeout: 25_000 }).toBe(filesBefore);
  expect(await repo.count()).toBe(rowsBefore);
}

describe('POST /files: size bounds (exact bytes)', () => {
  it('refuses 39,999 bytes and accepts 40,000', async () => {
    await leavesNothing(async () => {
      const res = await upload([filePart(await pdfOfSize(39_999))]);
      expect(expectCode(res, 129, 400)).toBeNull();
      expect(res.json().message).toBe(FILE_TEXT.tooSmall);
    });
    const pdf = await pdfOfSize(40_000);
    const data = expectCode<FileUploadResponse>(await upload([filePart(pdf)]), 0, 200);
    expect(data).toMatchObject({
      size: 40_000,
      sha256: sha(pdf),
      mimeType: 'application/pdf',
      state: 'COMPLETED',
      pageCount: 1,
    });
  });

  it('accepts 25,000,000 bytes and refuses 25,000,001 while streaming', async () => {
    const max = await pdfOfSize(FILE_LIMITS.maxBytes);
    expect(max.length).toBe(25_000_000);
    const data = expectCode<FileUploadResponse>(await upload([filePart(max)]), 0, 200);
    expect(data.size).toBe(25_000_000);
    expect(data.sha256).toBe(sha(max));
    await leavesNothing(async () => {
      const res = await upload([filePart(Buffer.concat([max, Buffer.from(' ')]))]);
      expectCode(res, 128, 413);
      expect(res.json().message).toBe(FILE_TEXT.tooBig);
    });
  });

  it('bounds hold for JPEG and PNG too', async () => {
    const jpeg = await jpegOfSize(40_000, 400, 300);
    expect(jpeg.length).toBe(40_000);
    expect(
      expectCode<FileUploadResponse>(await upload([filePart(jpeg, 'photo.jpg', 'image/jpeg')]), 0, 200)
        .mimeType,
    ).toBe('image/jpeg');
    const png = await pngOfSize(39_999, 100, 100);
    expect(expectCode(await upload([filePart(png, 'scan.png', 'image/png')]), 129, 400)).toBeNull();
    const okPng = await pngOfSize(120_000);
    expect(
      expectCode<FileUploadResponse>(await upload([filePart(okPng, 'scan.png', 'image/png')]), 0, 200)
        .mimeType,
    ).toBe('image/png');
  });
});

describe('POST /files: the stored file', () => {
  it('answers the content path, serves the bytes with safe headers, and keeps the fields', async () => {
    const pdf = await pdfOfSize(50_000);
    const res = await upload([
      { name: 'folderName', data: 'education' },
      { name: 'fileCategory', data: 'marksheet' },
      filePart(pdf, '../../etc/Marksheet <2024> é.pdf'),
    ]);
    const data = expectCode<FileUploadResponse>(res, 0, 200);
    expect(data.fileUrl).toBe(u(API_PATHS.files.content(data.fileId)));
    expect(data).toMatchObject({
      folderName: 'education',
      fileCategory: 'marksheet',
      name: 'Marksheet 2024 é.pdf',
      // Its pages all carry a text layer: that is its OCR text at once (no OCR job).
      ocrText: 'Veridocs test document',
    });

    const meta = expectCode<FileUploadResponse>(
      await t.request({ method: 'GET', url: u(API_PATHS.files.one(data.fileId)), headers: bearer(token) }),
      0,
      200,
    );
    expect(meta).toEqual(data);

    const content = await t.request({ method: 'GET', url: data.fileUrl, headers: bearer(token) });
    expect(content.statusCode).toBe(200);
    expect(sha(content.rawPayload)).toBe(sha(pdf));
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toBe(
      `inline; filename="Marksheet 2024 _.pdf"; filename*=UTF-8''Marksheet%202024%20%C3%A9.pdf`,
    );
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['cache-control']).toBe('private, no-store');
  });

  it('decides the type by content: a PNG named .pdf is stored as a PNG', async () => {
    const png = await pngOfSize(60_000);
    const data = expectCode<FileUploadResponse>(
      await upload([filePart(png, 'looks-like.pdf', 'application/pdf')]),
      0,
      200,
    );
    expect(data.mimeType).toBe('image/png');
    expect(data.name).toBe('looks-like.png');
  });

  it("stores the detected type's extension and no direction controls; downloads open as what they are", async () => {
    const jpeg = await jpegOfSize(40_000, 400, 300);
    const pdf = await pdfOfSize(45_000);
    const cases: [Buffer, string, string, string][] = [
      [jpeg, 'x.html', 'x.jpg', 'image/jpeg'],
      [jpeg, 'photo.JPEG', 'photo.JPEG', 'image/jpeg'],
      // Shown as "aexe.pdf" by a bidi-aware screen.
      [pdf, 'a\u202Efdp.exe', 'afdp.pdf', 'application/pdf'],
      [pdf, '\u2067scan\u2069\u200F.pdf\u0085', 'scan.pdf', 'application/pdf'],
      [pdf, 'Mr. Sharma marksheet', 'Mr. Sharma marksheet.pdf', 'application/pdf'],
      // A leading dot goes (no hidden files), so `.html` is a name without an extension.
      [pdf, '.html', 'html.pdf', 'application/pdf'],
      [pdf, '\u202E.exe', 'exe.pdf', 'application/pdf'],
      [pdf, '\u202E', 'document.pdf', 'application/pdf'],
    ];
    for (const [bytes, given, stored, type] of cases) {
      const data = expectCode<FileUploadResponse>(
        await upload([filePart(bytes, given, 'text/html')]),
        0,
        200,
      );
      expect({ given, name: data.name, mimeType: data.mimeType }).toEqual({
        given,
        name: stored,
        mimeType: type,
      });
      const content = await t.request({ method: 'GET', url: data.fileUrl, headers: bearer(token) });
      expect(content.headers['content-type']).toBe(type);
      expect(content.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(stored)}`,
      );
    }
  });

  it('refuses a bad field and keeps nothing', async () => {
    await leavesNothing(async () => {
      const res = await upload([filePart(await pdfOfSize(45_000)), { name: 'folderName', data: '../etc' }]);
      expectCode(res, 100, 400);
    });
  });

  it('needs a bearer token', async () => {
    const { payload, headers } = multipart([filePart(await pdfOfSize(45_000))]);
    expectCode(
      await t.request({ method: 'POST', url: u(API_PATHS.files.upload), headers, payload }),
      102,
      401,
    );
  });

  it('re-runs the checks on a stored file (detect-document-issues)', async () => {
    const data = expectCode<FileUploadResponse>(
      await upload([filePart(await jpegOfSize(60_000, 200, 200), 'a.jpg')]),
      0,
      200,
    );
    expect(data.state).toBe('WARNING');
    const res = await t.request({
      method: 'POST',
      url: u(API_PATHS.files.detectIssues),
      headers: bearer(token),
      body: { fileId: data.fileId },
    });
    expect(expectCode(res, 0, 200)).toEqual({ fileId: data.fileId, state: 'WARNING', issues: data.issues });
  });
});

describe('POST /files: bad and hostile files', () => {
  const wrongType = FILE_TEXT.wrongType(['jpeg', 'jpg', 'png', 'pdf']);
  const exe = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    Buffer.alloc(60_000, 0x41),
  ]);
  const cases: {
    name: string;
    parts: () => Promise<Part[]>;
    code: number;
    status: number;
    message: string | RegExp;
  }[] = [
    {
      name: 'no file part at all',
      parts: async () => [{ name: 'folderName', data: 'x' }],
      code: 132,
      status: 400,
      message: 'Please choose a file to upload',
    },
    {
      name: 'an empty body',
      parts: async () => [],
      code: 132,
      status: 400,
      message: 'Please choose a file to upload',
    },
    {
      name: 'a zero-byte file part',
      parts: async () => [filePart(Buffer.alloc(0))],
      code: 132,
      status: 400,
      message: 'The file is empty (0 bytes)',
    },
    {
      name: 'a renamed executable (MZ named .pdf)',
      parts: async () => [filePart(exe, 'cv.pdf')],
      code: 130,
      status: 415,
      message: wrongType,
    },
    {
      name: 'plain text named .jpg',
      parts: async () => [filePart(Buffer.alloc(50_000, 'a'), 'x.jpg', 'image/jpeg')],
      code: 130,
      status: 415,
      message: wrongType,
    },
    {
      name: 'a GIF (not allowed)',
      parts: async () => [
        filePart(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50_000)]), 'x.gif', 'image/gif'),
      ],
      code: 130,
      status: 415,
      message: wrongType,
    },
    {
      name: 'a truncated PDF',
      parts: async () => [filePart((await pdfOfSize(80_000)).subarray(0, 60_000))],
      code: 134,
      status: 422,
      message: /damaged or incomplete/,
    },
    {
      name: 'a truncated JPEG',
      parts: async () => [filePart((await jpegOfSize(200_000)).subarray(0, 100_000), 'a.jpg', 'image/jpeg')],
      code: 134,
      status: 422,
      message: /damaged|could not be read|cannot be read/,
    },
    {
      name: 'a PDF with JavaScript',
      parts: async () => [filePart(await pdfWithJavaScript())],
      code: 134,
      status: 422,
      message: /scripts|active content/,
    },
    {
      name: 'an encrypted PDF',
      parts: async () => [filePart(await encryptedPdf())],
      code: 134,
      status: 422,
      message: /password/,
    },
    {
      name: 'a 10,000 × 10,000 PNG',
      parts: async () => [filePart(await hugePng(10_000, 10_000), 'big.png', 'image/png')],
      code: 134,
      status: 422,
      message: /too many pixels|too large to process/,
    },
    {
      name: 'a decompression bomb (header says 100,000 × 100,000)',
      parts: async () => {
        const png = await hugePng(1000, 1000);
        png.writeUInt32BE(100_000, 16);
        png.writeUInt32BE(100_000, 20);
        return [filePart(png, 'bomb.png', 'image/png')];
      },
      code: 134,
      status: 422,
      message: /too many pixels|too large to process|could not be read/,
    },
    {
      name: 'two files where one is allowed',
      parts: async () => [filePart(await pdfOfSize(45_000)), filePart(await pdfOfSize(46_000), 'second.pdf')],
      code: 131,
      status: 400,
      message: FILE_TEXT.tooMany(1),
    },
    {
      name: 'the file in another field',
      parts: async () => [{ name: 'document', filename: 'a.pdf', data: Buffer.alloc(10) }],
      code: 100,
      status: 400,
      message: 'Send the file in the field "file"',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${String(c.message)}; nothing kept`, async () => {
      const parts = await c.parts();
      await leavesNothing(async () => {
        const res = await upload(parts);
        expectCode(res, c.code, c.status);
        if (typeof c.message === 'string') expect(res.json().message).toBe(c.message);
        else expect(res.json().message).toMatch(c.message);
      });
    }, 60_000);
  }

  it('a JSON body instead of multipart gets a clear message', async () => {
    const res = await t.request({
      method: 'POST',
      url: u(API_PATHS.files.upload),
      headers: bearer(token),
      body: { file: 'x' },
    });
    expectCode(res, 114, 415);
  });
});

describe("another candidate's file", () => {
  it('is refused on metadata, content, link and detect, the same as an unknown id', async () => {
    const { fileId } = expectCode<FileUploadResponse>(
      await upload([filePart(await pdfOfSize(45_000))]),
      0,
      200,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [fileId, unknown, 'not-a-uuid']) {
      for (const url of [API_PATHS.files.one(id), API_PATHS.files.content(id), API_PATHS.files.link(id)]) {
        const res = await t.request({ method: 'GET', url: u(url), headers: bearer(other) });
        expect(res.json()).toEqual({ code: 133, data: null, message: 'This file does not exist' });
        expect(res.statusCode).toBe(404);
      }
      const res = await t.request({
        method: 'POST',
        url: u(API_PATHS.files.detectIssues),
        headers: bearer(other),
        body: { fileId: id },
      });
      expect(res.json()).toEqual({ code: 133, data: null, message: 'This file does not exist' });
    }
  });
});

describe('signed download links', () => {
  it('work without a token or partner header until they expire; tampering is refused', async () => {
    const pdf = await pdfOfSize(45_000);
    const { fileId } = expectCode<FileUploadResponse>(await upload([filePart(pdf, 'résumé.pdf')]), 0, 200);
    const link = expectCode<{ url: string; expiresAt: string }>(
      await t.request({ method: 'GET', url: u(API_PATHS.files.link(fileId)), headers: bearer(token) }),
      0,
      200,
    );
    expect(link.url).toMatch(/^\/api\/file-links\/[^/]+$/);
    expect(new Date(link.expiresAt).getTime() - t.clock.now().getTime()).toBe(
      FILE_LIMITS.downloadLinkSeconds * 1000,
    );

    const res = await t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(pdf));
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const token64 = link.url.split('/').pop() ?? '';
    const [id, exp, sig] = token64.split('.') as [string, string, string];
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    /** The signature with one character's 6-bit value XORed with `bits`. */
    const flip = (at: number, bits: number) =>
      sig.slice(0, at) + B64URL.charAt(B64URL.indexOf(sig.charAt(at)) ^ bits) + sig.slice(at + 1);
    const tampered = [
      `${id}.${Number(exp) + 3600}.${sig}`,
      `${id}.${exp}.${flip(0, 1)}`,
      // The last of 43 characters carries two unused bits: same bytes, but not the signature issued.
      `${id}.${exp}.${flip(42, 1)}`,
      `00000000-0000-4000-8000-000000000000.${exp}.${sig}`,
      'garbage',
    ];
    for (const bad of tampered) {
      const r = await t.app.inject({ method: 'GET', url: `/api/file-links/${bad}` });
      expect({ status: r.statusCode, code: r.json().code }).toEqual({ status: 403, code: 135 });
    }

    t.clock.advance(FILE_LIMITS.downloadLinkSeconds - 1);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await t.app.inject({ method: 'GET', url: link.url });
    expect({ status: expired.statusCode, code: expired.json().code }).toEqual({ status: 403, code: 135 });
  });
});

describe('POST /files/from-url', () => {
  let server: Server;
  let base: string;
  const routes = new Map<string, (res: ServerResponse) => void>();
  let local: TestApp;
  let localToken: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    local = await createTestApp({
      env: { OCR_WORKER: 'off', FILE_FETCH_ALLOW_PRIVATE: '1', FILE_FETCH_TIMEOUT_MS: '1000' },
    });
    localToken = (await signUp(local)).accessToken;
    const pdf = await pdfOfSize(50_000);
    routes.set('/doc.pdf', (res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    routes.set('/moved', (res) => res.writeHead(302, { location: '/doc.pdf' }).end());
    routes.set('/small.pdf', (res) => res.writeHead(200).end(Buffer.alloc(100, 0x25)));
    routes.set('/page.html', (res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'.repeat(10_000)),
    );
    routes.set('/slow.pdf', (res) => {
      res.writeHead(200);
      res.write(pdf.subarray(0, 10_000));
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await local?.close();
  });

  const fromUrl = (app: TestApp, as: string, url: string) =>
    app.request({
      method: 'POST',
      url: u(API_PATHS.files.fromUrl),
      headers: bearer(as),
      body: { url, folderName: 'web' },
    });

  it('stores a fetched PDF (following a redirect) like an upload', async () => {
    const data = expectCode<FileUploadResponse>(await fromUrl(local, localToken, `${base}/moved`), 0, 200);
    expect(data).toMatchObject({
      name: 'doc.pdf',
      size: 50_000,
      mimeType: 'application/pdf',
      folderName: 'web',
      state: 'COMPLETED',
    });
  });

  it('applies the same size and type rules, upstream errors and the time limit', async () => {
    expect((await fromUrl(local, localToken, `${base}/small.pdf`)).json()).toMatchObject({ code: 130 });
    expect((await fromUrl(local, localToken, `${base}/page.html`)).json()).toMatchObject({ code: 130 });
    expect((await fromUrl(local, localToken, `${base}/missing.pdf`)).json()).toMatchObject({
      code: 136,
      message: 'The file could not be fetched from this URL (HTTP 404)',
    });
    expect((await fromUrl(local, localToken, `${base}/slow.pdf`)).json()).toMatchObject({
      code: 136,
      message: 'The URL took too long to answer',
    });
  });

  it('refuses private and loopback addresses unless configured (SSRF), and non-http URLs', async () => {
    for (const url of [
      `${base}/doc.pdf`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/x.pdf',
      'http://0.0.0.0/x.pdf',
    ]) {
      const res = await fromUrl(t, token, url);
      expect(res.json()).toMatchObject({ code: 136, message: 'This address cannot be reached' });
    }
    // A name that resolves to loopback is refused at connect time (the socket's own DNS lookup).
    await expect(
      fetchUpload(`http://localhost:${new URL(base).port}/doc.pdf`, { timeoutMs: 1000, allowPrivate: false }),
    ).rejects.toMatchObject({
      code: 136,
      message: 'This address cannot be reached',
    });
    expectCode(await fromUrl(t, token, 'file:///etc/passwd'), 100, 400);
    expectCode(await fromUrl(t, token, 'ftp://example.com/a.pdf'), 100, 400);
  });
});
