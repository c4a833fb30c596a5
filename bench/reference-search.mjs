// The institute autocomplete under load (issue 12): GET /api/utility/institutes?search=… over the
// ~14,000 entries (ADR 0039), each request a different query from what candidates type (prefixes as
// they type, typos, abbreviations), 10 connections. Target (ours; the issue sets none): p99 ≤ 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer, stopServer } from '../scripts/lib.mjs';
import { signIn } from './throughput.mjs';

export const name = 'reference-search';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const NAMES = [
  'iit bombay',
  'anna university',
  'jadavpur univeristy',
  'government polytechnic',
  'sinhgad college of engg pune',
  'rv college of engineering',
  'sri venkateswara degree college',
  'malla reddy engineering college',
  'dy patil college',
  'nit trichy',
  'amity university noida',
  'christ university',
  'savitribai phule pune univ',
  'kj somaiya institute',
  'bapatla engg college',
  'delhi school of business',
  'institute of management technology ghaziabad',
  'siddaganga polytechnic',
  'adhiparasakthi engineering',
  'osmaina university',
];
// Every prefix of every name, as the dropdown asks while the candidate types (3 letters on).
const QUERIES = NAMES.flatMap((n) => Array.from({ length: n.length - 2 }, (_, i) => n.slice(0, i + 3)));

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3250;
  const server = await startServer({ port, dataDir });
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(base, `98764${String(Date.now()).slice(-5)}`);
    const headers = { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' };
    let next = 0;
    const options = (duration) => ({
      url: `${base}/api/utility/institutes`,
      headers,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/utility/institutes?seed=0&count=50&search=${encodeURIComponent(QUERIES[next++ % QUERIES.length])}`,
          }),
        },
      ],
    });
    // The first request builds the index (~0.3 s); a short warm-up, then the measured run.
    await autocannon(options(2));
    const result = await autocannon(options(DURATION));
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    console.log(
      `${QUERIES.length} queries: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    return [
      {
        measure: 'GET institutes search p99 (14,000 entries, 10 connections)',
        value: result.latency.p99,
        unit: 'ms',
        target: '≤ 50 ms',
        ok: result.latency.p99 <= 50,
      },
      {
        measure: 'GET institutes search throughput',
        value: Math.round(result.requests.average),
        unit: 'req/s',
        target: '(measured)',
        ok: true,
      },
    ];
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
