// Requests per second of an authenticated GET route (GET profile) as a ratio to a bare Fastify sending
// the same bytes from memory, started in the same run (bare-ratio.mjs: without and with a browser's
// Accept-Encoding, both compressing alike; target ≥ 0.4). Both servers run as their own processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from '../scripts/lib.mjs';
import { againstBare } from './bare-ratio.mjs';

export const name = 'throughput';

const CONNECTIONS = 50;

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
  const server = await startServer({
    port,
    dataDir,
    env: process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    // A fresh number per run: OTP requests are limited per number (3 per 30 min).
    const token = await signIn(base, `98765${String(Date.now()).slice(-5)}`);
    const headers = { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' };
    const results = await againstBare({
      url: `${base}/api/web-wallet/profile`,
      headers,
      connections: CONNECTIONS,
      barePort: 3231,
    });
    return results.flatMap((r) => [
      {
        measure: `GET profile (authenticated, ${r.encoding})`,
        value: Math.round(r.appRps),
        unit: 'req/s',
        target: `(${CONNECTIONS} connections; bare ${Math.round(r.bareRps)} req/s, ${r.bytes} bytes)`,
        ok: true,
      },
      {
        measure: `GET profile / bare ratio (${r.encoding})`,
        value: Math.round(r.ratio * 100) / 100,
        unit: '',
        target: '≥ 0.4',
        ok: r.ratio >= 0.4,
      },
      {
        measure: `GET profile p99 latency (${r.encoding})`,
        value: r.p99,
        unit: 'ms',
        target: `(${CONNECTIONS} connections)`,
        ok: true,
      },
    ]);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
