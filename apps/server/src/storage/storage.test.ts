import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, newStorageKey, type Storage } from './index.js';
import { signRequest } from './sigv4.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-storage-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const listFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

/** A stream of `chunks` that fails after them. */
function failingStream(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks;
      throw new Error('refused mid-way');
    })(),
  );
}

async function contract(storage: Storage, leftovers: () => string[]) {
  const key = newStorageKey();
  const data = Buffer.alloc(300_000, 7);
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
  expect(await storage.exists(key)).toBe(true);
  // All 300,000 bytes, as sent.
  const body = await storage.get(key);
  expect(Buffer.compare(await buffer(body as Readable), data)).toBe(0);
  expect(
    await storage.withLocalFile(key, async (path) => listFiles(join(path, '..')).length),
  ).toBeGreaterThan(0);
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  await storage.delete(key);

  // A put that fails half-way leaves nothing under the key, nor a partial file.
  const failed = newStorageKey();
  await expect(storage.put(failed, failingStream([Buffer.alloc(70_000)]))).rejects.toThrow('refused mid-way');
  expect(await storage.exists(failed)).toBe(false);
  expect(leftovers()).toEqual([]);
  await expect(storage.exists('../../etc/passwd')).rejects.toThrow('invalid storage key');
}

describe('local storage', () => {
  it('puts, gets, deletes; a failed put leaves nothing', async () => {
    const dir = tempDir();
    await contract(createLocalStorage(dir), () => listFiles(dir));
  });
});

describe('SigV4', () => {
  it('matches the S3 documentation example (GET object with a range)', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const headers = signRequest({
      method: 'GET',
      path: '/test.txt',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/**
 * A small S3 object server (PUT/GET/HEAD/DELETE object, path style) that checks each request's SigV4
 * header independently of the adapter's signer: shape, scope, signed headers, payload hash, signature.
 */
function fakeS3(secret: string, region: string) {
  const objects = new Map<string, Buffer>();
  const problems: string[] = [];
  const hmac = (key: Buffer | string, v: string) => createHmac('sha256', key).update(v).digest();
  function verify(req: IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return `bad Authorization shape: ${auth}`;
    const [, , day, reg, signed, signature] = m as unknown as string[];
    const amzDate = String(req.headers['x-amz-date']);
    if (!amzDate.startsWith(day ?? '') || reg !== region) return 'bad scope';
    const names = (signed ?? '').split(';');
    for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date'])
      if (!names.includes(required)) return `unsigned ${required}`;
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'payload hash mismatch';
    const canonical = [
      req.method,
      (req.url ?? '').split('?')[0],
      '',
      names.map((n) => `${n}:${String(req.headers[n]).trim()}\n`).join(''),
      signed,
      payloadHash,
    ].join('\n');
    const toSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      `${day}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day ?? ''), region), 's3'), 'aws4_request');
    return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'signature mismatch';
  }
  const server = createServer(async (req, res) => {
    const body = await buffer(req);
    const problem = verify(req, body);
    if (problem) {
      problems.push(problem);
      res
        .writeHead(403, { 'content-type': 'application/xml' })
        .end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const path = decodeURIComponent(req.url ?? '');
    const object = objects.get(path);
    if (req.method === 'PUT') {
      if (req.headers['content-length'] === undefined)
        return res.writeHead(411).end('<Error><Code>MissingContentLength</Code></Error>');
      objects.set(path, body);
      return res.writeHead(200, { etag: '"x"' }).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(path);
      return res.writeHead(204).end();
    }
    if (!object)
      return res
        .writeHead(404)
        .end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
    res.writeHead(200, { 'content-length': object.length });
    res.end(req.method === 'HEAD' ? undefined : object);
  });
  return { server, objects, problems };
}

describe('S3-compatible storage (SigV4 over HTTP)', () => {
  const secret = 'test-secret-key/with+chars';
  let s3: ReturnType<typeof fakeS3>;
  let endpoint: string;
  beforeAll(async () => {
    s3 = fakeS3(secret, 'eu-central-1');
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => (s3.server as Server).close(resolve)));

  it('speaks the object protocol with signed requests; a failed put sends nothing', async () => {
    const spool = tempDir();
    const storage = createS3Storage({
      endpoint,
      bucket: 'veridocs-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: secret,
      forcePathStyle: true,
      tmpDir: spool,
    });
    await contract(storage, () => listFiles(spool));
    expect(s3.problems).toEqual([]);
    expect(s3.objects.size).toBe(0);
  });

  it('is refused with a wrong secret (the server checks the signature)', async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: 'veridocs-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'wrong',
      forcePathStyle: true,
      tmpDir: tempDir(),
    });
    await expect(storage.put(newStorageKey(), Readable.from([Buffer.alloc(10)]))).rejects.toThrow(
      'S3 PUT answered 403 SignatureDoesNotMatch',
    );
    expect(s3.problems.pop()).toBe('signature mismatch');
  });
});
