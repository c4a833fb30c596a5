// Helpers shared by the root scripts (start, test, e2e, bench). Plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Launch flags for Debian's chromium on this kind of machine (STACK-NOTES.md): no sandbox, no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const BUILD_INPUTS = {
  'packages/shared/dist/index.js': ['packages/shared/src'],
  'apps/web/dist/index.html': [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
  ],
  'apps/console/dist/index.html': [
    'apps/console/src',
    'apps/console/index.html',
    'apps/console/vite.config.ts',
    'packages/shared/src',
    'packages/ui/src',
  ],
  'apps/org/dist/index.html': [
    'apps/org/src',
    'apps/org/index.html',
    'apps/org/vite.config.ts',
    'packages/shared/src',
    'packages/ui/src',
  ],
  'apps/server/dist/main.js': ['apps/server/src', 'apps/server/drizzle', 'packages/shared/src'],
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when an output is missing or older than any of its sources. */
export function buildIsStale() {
  return Object.entries(BUILD_INPUTS).some(([output, inputs]) => {
    const out = join(root, output);
    if (!existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return inputs.some((input) => newestMtime(join(root, input)) > built);
  });
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

export function buildIfStale() {
  if (buildIsStale()) {
    console.log('Building the product (shared, web, server)...');
    run('npm', ['run', 'build']);
  }
}

/** Starts the built server as a child process; resolves once /api/health answers. */
export async function startServer({ port, env = {}, dataDir, quiet = true }) {
  // BENCH_CPU_PROF_DIR: the server (and the check processes it forks) write V8 CPU profiles there on exit.
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, 'apps/server/dist/main.js'], {
    cwd: root,
    // Every client of a bench or e2e run is 127.0.0.1: no per-address socket cap (README "Slow clients").
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_IP: '0',
      ...env,
    },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  await waitForHealth(`http://127.0.0.1:${port}`, 60_000, child);
  return child;
}

export async function waitForHealth(base, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no healthy answer from ${base} within ${timeoutMs} ms`);
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Chromium from Debian: installed when missing (the README's test command needs nothing else). */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  console.log('Chromium is missing: installing it from Debian (apt-get install -y chromium)...');
  const asRoot = process.getuid?.() === 0;
  const apt = (args) =>
    run(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  } catch {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  }
  if (!existsSync(path)) throw new Error(`chromium was installed but ${path} does not exist`);
  return path;
}
