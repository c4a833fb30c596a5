import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  type FileUploadResponse,
  type Session,
} from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegOfSize, multipart, pdfOfSize } from '../modules/files/test-files.js';
import { TEST_DATABASE_URL } from '../test/database.js';

/**
 * Issue 9 §3, as it happened: a real server process (src/main.ts through tsx, no build needed) is killed
 * with SIGKILL while one upload's body streams in and while another's file is in the checks; after a
 * restart nothing is orphaned. The embedded default (PGlite, local disk): its PostgreSQL rules (a grace
 * period, not the start) are tested in orphan-sweep.test.ts.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO_DIR = join(SERVER_DIR, '../..');
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

let root: string;
let dataDir: string;
/** The child's os.tmpdir(): nothing of ours may land there (the system's shared temporary folder). */
let systemTmp: string;
const children: ChildProcess[] = [];

interface Server {
  child: ChildProcess;
  base: string;
}

function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: systemTmp,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(root, 'no-web'),
      LOG_LEVEL: 'warn',
      DEV_TOOLS: '1',
      OCR_WORKER: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}):\n${output}`));
    });
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Every file under the data folder, relative to it ('/'-separated). */
function filesUnder(dir: string): { rel: string; size: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { rel: relative(dir, path).split('\\').join('/'), size: statSync(path).size };
    });
}
const stored = () => filesUnder(join(dataDir, 'files'));
const storedKeys = () =>
  stored()
    .filter((f) => KEY.test(f.rel))
    .map((f) => f.rel);
const partials = () => stored().filter((f) => f.rel.endsWith('.part'));

const headers = (token?: string) => ({
  [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${json.code} ${json.message}`);
  return json.data;
}

async function signUp(base: string): Promise<string> {
  const wallet = (path: string) => `${SERVICE_BASES.webWallet}${path}`;
  const mobile = `98${String(Date.now()).slice(-8)}`;
  const { txnId } = await call<{ txnId: string }>(base, 'POST', wallet(API_PATHS.profile.login), { mobile });
  const { list } = await call<{ list: { otp: string | null }[] }>(
    base,
    'GET',
    `${API_PATHS.devOutbox}?to=${mobile}`,
  );
  await call(base, 'PUT', wallet(API_PATHS.profile.verifyOtp(txnId)), { otp: list[0]?.otp });
  const session = await call<Session>(base, 'POST', wallet(API_PATHS.profile.base), {
    mobile,
    name: 'Asha Rao',
    txnId,
  });
  return session.accessToken;
}

const uploadUrl = (base: string) => `${base}${SERVICE_BASES.utility}${API_PATHS.files.upload}`;

/** An upload over a raw socket: the head and `sent` bytes of the body now; the rest only if `all`. */
function rawUpload(base: string, token: string, body: { payload: Buffer; headers: Record<string, string> }) {
  const request = http.request(uploadUrl(base), {
    method: 'POST',
    headers: { ...headers(token), ...body.headers, 'transfer-encoding': 'chunked' },
  });
  let answered = false;
  request.on('response', (res) => {
    answered = true;
    res.resume();
  });
  // The server is killed under it: the reset is expected.
  request.on('error', () => undefined);
  return {
    request,
    answered: () => answered,
  };
}

async function until(what: string, check: () => boolean, timeoutMs: number, everyMs = 2): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

beforeAll(() => {
  // The spawned server imports @veridocs/shared from its build (as `npm start` does).
  if (!existsSync(join(REPO_DIR, 'packages/shared/dist/index.js')))
    spawnSync('npx', ['tsc', '-p', 'packages/shared/tsconfig.build.json'], {
      cwd: REPO_DIR,
      stdio: 'inherit',
    });
  root = mkdtempSync(join(tmpdir(), 'veridocs-kill-'));
  dataDir = join(root, 'data');
  systemTmp = join(root, 'system-tmp');
  mkdirSync(systemTmp);
});
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.skipIf(TEST_DATABASE_URL)(
  'a server killed mid-upload and during the checks (embedded default)',
  () => {
    it('leaves nothing orphaned once restarted: partial files and files with no row are gone, recorded ones stay', async () => {
      const [first, keptBytes, big, checked] = await Promise.all([
        startServer(),
        jpegOfSize(120_000),
        pdfOfSize(3_000_000),
        pdfOfSize(2_000_000),
      ]);
      const token = await signUp(first.base);

      // A: uploaded and recorded before the crash; it must survive the sweep.
      const a = multipart([
        { name: 'file', filename: 'kept.jpg', contentType: 'image/jpeg', data: keptBytes },
      ]);
      const res = await fetch(uploadUrl(first.base), {
        method: 'POST',
        headers: { ...headers(token), ...a.headers },
        body: a.payload,
      });
      const kept = ((await res.json()) as { data: FileUploadResponse }).data;
      expect(kept.state).toBe('COMPLETED');
      const [keptKey] = storedKeys();
      expect(storedKeys()).toEqual([keptKey]);

      // B: the body is streaming in (1 MB of 3 MB sent, the rest never comes).
      const b = multipart([
        { name: 'file', filename: 'slow.pdf', contentType: 'application/pdf', data: big },
      ]);
      const streaming = rawUpload(first.base, token, b);
      streaming.request.write(b.payload.subarray(0, 1_000_000));
      await until('a partial file', () => partials().some((p) => p.size > 0), 20_000, 10);

      // C: the whole file arrived and is stored; its checks are running (this process's first PDF: they load
      // pdf.js, about a second), no row yet.
      const c = multipart([
        { name: 'file', filename: 'checked.pdf', contentType: 'application/pdf', data: checked },
      ]);
      const checking = rawUpload(first.base, token, c);
      checking.request.end(c.payload);
      await until('the file stored', () => storedKeys().length === 2, 20_000);
      await kill9(first.child);
      expect(checking.answered()).toBe(false);

      const orphanKey = storedKeys().find((k) => k !== keptKey);
      expect(orphanKey).toBeDefined();
      expect(partials().length).toBeGreaterThan(0);
      expect(partials().reduce((sum, p) => sum + p.size, 0)).toBeGreaterThan(100_000);

      // Restarted on the same data folder: within 30 s of answering, nothing orphaned is left.
      const second = await startServer();
      await until(
        'the sweep at start',
        () => partials().length === 0 && storedKeys().length === 1,
        30_000,
        50,
      );
      expect(storedKeys()).toEqual([keptKey]);
      expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
      // The system's temporary folder holds nothing of ours (tsx keeps its compile cache there).
      expect(filesUnder(systemTmp).filter((f) => !f.rel.startsWith('tsx-'))).toEqual([]);

      // The recorded file is intact and served.
      const content = await fetch(
        `${second.base}${SERVICE_BASES.utility}${API_PATHS.files.content(kept.fileId)}`,
        {
          headers: headers(token),
        },
      );
      expect(content.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await content.arrayBuffer()), keptBytes)).toBe(0);
      await kill9(second.child);
    }, 120_000);
  },
);
