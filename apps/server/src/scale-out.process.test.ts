import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from './providers/aadhaar/sandbox-provider.js';
import { candidateWithRequest, DEMO_ANSWERS } from './test/candidate.js';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL, type TestDatabase } from './test/database.js';
import { expectCode, type TestApp } from './test/test-app.js';
import { uploadDocument } from './test/uploads.js';

/**
 * Issue 31 §3, "a test starts two real server processes on one PostgreSQL (and Redis)": the built
 * behaviours that only show between processes. A document uploaded through one is read through the
 * other (one shared folder) and a third with a folder of its own refuses to start; a Start right after
 * the questions were answered on the other is never refused; behind TRUST_PROXY=1 a forged
 * X-Forwarded-For changes nothing; an Aadhaar check started on one is answered on the other.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;

interface Server {
  base: string;
  child: ChildProcess;
}

let database: TestDatabase;
let root: string;
const servers: Server[] = [];

/** Starts `src/main.ts` with `env` on the test database; answers once it is healthy, or its output. */
async function startServer(env: Record<string, string>): Promise<Server | { failed: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
      WEB_DIST_DIR: join(root, 'no-web'),
      LOG_LEVEL: 'warn',
      DEV_TOOLS: '1',
      OCR_WORKER: 'off',
      CHECK_WORKERS: '1',
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) {
      const server = { base: `http://127.0.0.1:${port}`, child };
      servers.push(server);
      return server;
    }
    if (child.exitCode !== null) {
      await exited;
      return { failed: output };
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The test helpers' view of a server process: requests over HTTP instead of inject. */
function remote(server: Server): TestApp {
  const request = async ({
    method,
    url,
    headers,
    body,
    payload,
  }: InjectOptions & { body?: unknown }): Promise<LightMyRequestResponse> => {
    const sent =
      body !== undefined ? JSON.stringify(body) : ((payload as Buffer | string | undefined) ?? undefined);
    const res = await fetch(`${server.base}${String(url)}`, {
      method: String(method ?? 'GET'),
      headers: {
        'partner-org-id': 'veridocs',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string>),
      },
      ...(sent === undefined ? {} : { body: sent }),
    });
    const text = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body: text,
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  // Both processes use the test database: the helpers read it directly where they need to.
  return { request, app: { inject: request }, db: database.db } as unknown as TestApp;
}

describe.skipIf(!TEST_DATABASE_URL)('two server processes on one PostgreSQL (issue 31 §3)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
    root = mkdtempSync(join(tmpdir(), 'veridocs-scale-out-'));
    const files = join(root, 'files');
    const [first, second] = await Promise.all([
      startServer({ DATA_DIR: join(root, 'a'), FILES_DIR: files }),
      startServer({ DATA_DIR: join(root, 'b'), FILES_DIR: files }),
    ]);
    if ('failed' in first || 'failed' in second) throw new Error('a server did not start');
    a = remote(first);
    b = remote(second);
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) =>
        s.child.exitCode === null ? new Promise((resolve) => s.child.once('exit', resolve)) : undefined,
      ),
    );
    await database?.dispose();
    if (root && existsSync(root)) rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('a document uploaded through one is read through the other; a third with its own folder refuses to start', async () => {
    const c = await candidateWithRequest(a);
    const uploaded: FileUploadResponse = await uploadDocument(a, c.h);
    const read = await b.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(uploaded.fileId)}`,
      headers: c.h,
    });
    expect(read.statusCode).toBe(200);
    const third = await startServer({ DATA_DIR: join(root, 'c'), FILES_DIR: join(root, 'other-files') });
    expect('failed' in third && third.failed).toMatch(/Refusing to start/);
  }, 60_000);

  it('a Start on one right after the questions were answered on the other is never refused', async () => {
    let refused = 0;
    for (let i = 0; i < 10; i++) {
      const c = await candidateWithRequest(a);
      expectCode(
        await b.request({
          method: 'GET',
          url: v1(`${P.info}?orgId=${c.at.orgId}&txnId=${c.txnId}`),
          headers: c.h,
        }),
        0,
        200,
      );
      expectCode(
        await a.request({
          method: 'PATCH',
          url: v1(P.userResponse),
          headers: c.h,
          body: { ...c.at, data: [...DEMO_ANSWERS] },
        }),
        0,
        200,
      );
      const started = await b.request({ method: 'POST', url: v1(P.process), headers: c.h, body: c.at });
      if (started.json<{ code: number }>().code !== 0) refused++;
    }
    expect(refused).toBe(0);
  }, 60_000);

  it('behind TRUST_PROXY=1 a forged X-Forwarded-For entry is not the client, on either', async () => {
    for (const server of [a, b]) {
      const res = await server.request({
        method: 'GET',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.country}`,
        headers: { 'x-forwarded-for': '203.0.113.66, 49.36.0.1' },
      });
      expect(res.json<{ data: { ipAddress: string } }>().data.ipAddress).toBe('49.36.0.1');
    }
  });

  it('an Aadhaar check started on one is answered on the other', async () => {
    const c = await candidateWithRequest(a, { answers: true });
    const { requestId } = expectCode<{ requestId: string }>(
      await a.request({
        method: 'POST',
        url: v1(API_PATHS.aadhaar.start),
        headers: c.h,
        body: { ...c.at, aadhaarNumber: SANDBOX_AADHAAR.direct },
      }),
      0,
      200,
    );
    const box = await b.request({
      method: 'GET',
      url: `${API_PATHS.devOutbox}?to=${sandboxOtpAddress(SANDBOX_AADHAAR.direct.slice(-4))}`,
    });
    const otp = expectCode<{ list: { otp: string }[] }>(box, 0, 200).list[0]!.otp;
    expectCode(
      await b.request({
        method: 'POST',
        url: v1(API_PATHS.aadhaar.verify),
        headers: c.h,
        body: { ...c.at, requestId, otp },
      }),
      0,
      200,
    );
  }, 60_000);
});
