// Where a route's CPU goes (issue 31 §4): `node bench/cpu-profile.mjs [path] [seconds]` starts the built
// server with V8's --cpu-prof on a fresh PGlite folder, signs a candidate in, loads `path` (default GET
// /api/web-wallet/profile) with autocannon at 50 connections, stops the server and prints the functions
// and packages with the most self time in the load window only (start-up, migrations and the seed left
// out). The .cpuprofile stays in the printed folder for Chrome DevTools. Not a measure of `npm run bench`.
// `transaction-info` as the path loads GET transaction info of a started transaction (as
// transaction-info.mjs does); PROFILE_PORT moves the server off 3295, PROFILE_ENCODING sends an
// Accept-Encoding (`br`: a browser's `gzip, deflate, br`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale, root, stopServer, waitForHealth } from '../scripts/lib.mjs';
import { signIn } from './throughput.mjs';
import { startedTransaction } from './transaction-info.mjs';

const path = process.argv[2] ?? '/api/web-wallet/profile';
const seconds = Number(process.argv[3] ?? 10);
const port = Number(process.env.PROFILE_PORT ?? 3295);
const encoding = process.env.PROFILE_ENCODING === 'br' ? { 'accept-encoding': 'gzip, deflate, br' } : {};

buildIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-profile-data-'));
const profileDir = mkdtempSync(join(tmpdir(), 'veridocs-cpu-profile-'));
const server = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'apps/server/dist/main.js'],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_IP: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
await waitForHealth(base, 60_000, server);
const target =
  path === 'transaction-info'
    ? await startedTransaction(base)
    : { token: await signIn(base, `98763${String(Date.now()).slice(-5)}`), url: `${base}${path}` };
const headers = { authorization: `Bearer ${target.token}`, 'partner-org-id': 'veridocs', ...encoding };
const result = await autocannon({ url: target.url, headers, connections: 50, duration: seconds });
console.log(`${path}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx`);
await stopServer(server);

const file = join(profileDir, readdirSync(profileDir)[0]);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
// The load ran for `seconds` before the stop: keep the samples of that window, less the last half second.
const times = [];
let at = 0;
for (const delta of profile.timeDeltas) times.push((at += delta));
const from = at - (seconds + 0.5) * 1e6;
const to = at - 0.5e6;
const byFunction = new Map();
const byPackage = new Map();
let total = 0;
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
profile.samples.forEach((id, i) => {
  if (times[i] < from || times[i] > to) return;
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url.replace(/.*node_modules\//, '').replace(/.*\/apps\/server\/dist\//, 'app:');
  const pkg = url.includes('node_modules/')
    ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : url.includes('/apps/server/dist/')
      ? `app:${url
          .replace(/.*\/apps\/server\/dist\//, '')
          .split('/')
          .slice(0, 2)
          .join('/')}`
      : url || functionName;
  const delta = profile.timeDeltas[i] ?? 0;
  total += delta;
  add(byFunction, `${functionName || '(anonymous)'} ${where}:${lineNumber}`, delta);
  add(byPackage, pkg, delta);
});
const print = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((value / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
};
print('self time by function', byFunction, 30);
print('self time by package', byPackage, 20);
console.log(`\nprofile: ${file}`);
