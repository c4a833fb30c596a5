import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePgliteFolder, TEST_DATABASE_URL } from '../test/database.js';
import { parseLockHolder, systemProcesses } from './folder-lock.js';

/**
 * Issue 31 §3: a supervisor restarts the server at once after a crash. The real process (src/main.ts
 * through tsx) on the embedded database is killed with SIGKILL, its whole process group, and started
 * again on the same data folder within 200 ms. Its parent here never reaps it (as a busy supervisor or
 * a container's init may not yet have), so the dead server stays a zombie that still answers
 * kill(pid, 0) while the second one starts.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO_DIR = join(SERVER_DIR, '../..');

let root: string;
let dataDir: string;
const keepers: ChildProcess[] = [];
const groups: number[] = [];

interface Server {
  pid: number;
  base: string;
}

/**
 * Starts the server in a process group of its own (setsid), as the child of `sleep`, which never
 * collects its exit status; answers once it answers the health check.
 */
async function startServer(): Promise<Server> {
  const keeper = spawn(
    'sh',
    ['-c', 'setsid "$@" & exec sleep 120', 'sh', process.execPath, '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(root, 'no-web'),
        LOG_LEVEL: 'warn',
        DEV_TOOLS: '1',
        OCR_WORKER: 'off',
        CHECK_WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  keepers.push(keeper);
  let output = '';
  keeper.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  keeper.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) {
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}${API_PATHS.health}`);
      expect(health.status).toBe(200);
      const holder = parseLockHolder(readFileSync(join(dataDir, 'db.lock'), 'utf8'));
      groups.push(holder!.pid);
      return { pid: holder!.pid, base };
    }
    if (/in use by process|Error/.test(output) || Date.now() > deadline)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  // The spawned server imports @veridocs/shared from its build (as `npm start` does).
  if (!existsSync(join(REPO_DIR, 'packages/shared/dist/index.js')))
    spawnSync('npx', ['tsc', '-p', 'packages/shared/tsconfig.build.json'], {
      cwd: REPO_DIR,
      stdio: 'inherit',
    });
  root = mkdtempSync(join(tmpdir(), 'veridocs-restart-'));
  dataDir = join(root, 'data');
  // Migrated already: the test is about the second start, not the first's migrations and seed.
  await preparePgliteFolder(join(dataDir, 'db'));
});
afterAll(() => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const keeper of keepers) keeper.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.skipIf(TEST_DATABASE_URL || process.platform !== 'linux')(
  'a restart right after a crash (embedded database)',
  () => {
    it('starts within 200 ms of a SIGKILL of the process group, its dead holder not yet reaped', async () => {
      const first = await startServer();

      process.kill(-first.pid, 'SIGKILL');
      const killedAt = Date.now();
      const restarting = startServer();
      expect(Date.now() - killedAt).toBeLessThan(200);
      const second = await restarting;

      // The first is dead but still answers kill(pid, 0): what the old lock took for a running server.
      expect(systemProcesses.stat(first.pid)?.state).toBe('Z');
      expect(systemProcesses.running(first.pid)).toBe(true);
      expect(second.pid).not.toBe(first.pid);
      expect((await fetch(`${second.base}${API_PATHS.health}`)).status).toBe(200);
    }, 40_000);
  },
);
