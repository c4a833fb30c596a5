// Requests per second of an authenticated GET route (GET profile) as a ratio to a bare Fastify route
// started in the same run (target ≥ 0.4). Both servers run as their own processes.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'throughput';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

async function load(url, headers) {
  // A short warm-up, then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

export async function signIn(base, mobile, name = 'Bench Candidate') {
  const headers = { 'content-type': 'application/json', 'partner-org-id': 'veridocs' };
  const w = `${base}/api/web-wallet`;
  const login = await (
    await fetch(`${w}/profile/login`, { method: 'POST', headers, body: JSON.stringify({ mobile }) })
  ).json();
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${mobile}`)).json();
  const otp = outbox.data.list[0].otp;
  const verified = await (
    await fetch(`${w}/profile/otp/${login.data.txnId}/verify`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ otp }),
    })
  ).json();
  // A number that already has a wallet (a reused PostgreSQL database) is signed in directly.
  if (!verified.data.newUser) return verified.data.accessToken;
  const created = await (
    await fetch(`${w}/profile`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile, name, txnId: verified.data.txnId }),
    })
  ).json();
  return created.data.accessToken;
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3230;
  const barePort = 3231;
  const server = await startServer({
    port,
    dataDir,
    env: process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  });
  const bare = fork(join(root, 'bench', 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(barePort) },
  });
  await new Promise((resolve) => bare.once('message', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    // A fresh number per run: OTP requests are limited per number (3 per 30 min).
    const token = await signIn(base, `98765${String(Date.now()).slice(-5)}`);
    const authHeaders = { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' };
    const bareResult = await load(`http://127.0.0.1:${barePort}/bare`);
    const appResult = await load(`${base}/api/web-wallet/profile`, authHeaders);
    const ratio = appResult.requests.average / bareResult.requests.average;
    console.log(
      `bare: ${Math.round(bareResult.requests.average)} req/s, GET profile: ${Math.round(appResult.requests.average)} req/s, p99 ${appResult.latency.p99} ms`,
    );
    return [
      {
        measure: 'bare Fastify route',
        value: Math.round(bareResult.requests.average),
        unit: 'req/s',
        target: '(yardstick)',
        ok: true,
      },
      {
        measure: 'GET profile (authenticated)',
        value: Math.round(appResult.requests.average),
        unit: 'req/s',
        target: '(measured)',
        ok: true,
      },
      {
        measure: 'GET profile / bare ratio',
        value: Math.round(ratio * 100) / 100,
        unit: '',
        target: '≥ 0.4',
        ok: ratio >= 0.4,
      },
      {
        measure: 'GET profile p99 latency',
        value: appResult.latency.p99,
        unit: 'ms',
        target: `(${CONNECTIONS} connections)`,
        ok: true,
      },
    ];
  } finally {
    bare.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
