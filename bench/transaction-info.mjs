// GET transaction info (the form home's read, on every journey screen) at 100 connections, against a
// bare Fastify route started in the same run (ratio target ≥ 0.4, p99 target ≤ 50 ms). Measured on
// PGlite and, when PostgreSQL answers (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test),
// on a fresh database there too; otherwise that half prints "skipped".
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startServer, stopServer } from '../scripts/lib.mjs';
import { signIn } from './throughput.mjs';

export const name = 'transaction-info';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 100;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

async function load(url, headers) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/api/verification/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'partner-org-id': 'veridocs',
      authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
  return json.data;
}

/** A candidate with a started transaction on the demo form: create, answer the questionnaire, process. */
async function startedTransaction(base) {
  const token = await signIn(base, '9876500002');
  const orgId = 'demo-university';
  const { transactionId: txnId } = await call(base, 'POST', '/transactions', token, {
    orgId,
    eKycFormId: 'demo-form',
  });
  const { list } = await call(
    base,
    'GET',
    `/purposes/user?formId=demo-form&orgId=${orgId}&id=${txnId}`,
    token,
  );
  const data = list.map((q) => ({ questionId: q._id, answer: q.options[0].value }));
  await call(base, 'PATCH', '/transactions/user-response', token, { orgId, txnId, data });
  const info = await call(base, 'POST', '/transactions/process', token, { orgId, txnId });
  if (info.state !== 'DATA_SAVED') throw new Error(`unexpected state ${info.state}`);
  return { token, url: `${base}/api/verification/v1/transactions/info?orgId=${orgId}&txnId=${txnId}` };
}

async function measureApp({ port, env, bareRps, label, after = async () => undefined }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const server = await startServer({ port, dataDir, env });
  try {
    const { token, url } = await startedTransaction(`http://127.0.0.1:${port}`);
    const result = await load(url, { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' });
    await after();
    const rps = result.requests.average;
    const ratio = rps / bareRps();
    console.log(
      `${label}: GET transaction info ${Math.round(rps)} req/s, p99 ${result.latency.p99} ms, ratio ${ratio.toFixed(2)}`,
    );
    return [
      {
        measure: `GET transaction info (${label})`,
        value: Math.round(rps),
        unit: 'req/s',
        target: `(${CONNECTIONS} connections)`,
        ok: true,
      },
      {
        measure: `GET transaction info / bare ratio (${label})`,
        value: Math.round(ratio * 100) / 100,
        unit: '',
        target: '≥ 0.4',
        ok: ratio >= 0.4,
      },
      {
        measure: `GET transaction info p99 (${label})`,
        value: result.latency.p99,
        unit: 'ms',
        target: '≤ 50',
        ok: result.latency.p99 <= 50,
      },
    ];
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server of `serverUrl`, or null when it does not answer. */
async function freshPostgres(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const dbName = `veridocs_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${dbName}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${dbName}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function run() {
  const barePort = 3241;
  const bare = fork(join(root, 'bench', 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(barePort) },
  });
  await new Promise((resolve) => bare.once('message', resolve));
  const rows = [];
  try {
    // The machine may be shared and the bare rate swings with whatever else runs: the yardstick is
    // measured right before and right after the PGlite run, and the mean is used.
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const bareBefore = (await load(bareUrl)).requests.average;
    let bareRps = bareBefore;
    const pglite = await measureApp({
      port: 3240,
      env: {},
      bareRps: () => bareRps,
      label: 'PGlite',
      after: async () => {
        const bareAfter = (await load(bareUrl)).requests.average;
        bareRps = (bareBefore + bareAfter) / 2;
        console.log(`bare: ${Math.round(bareBefore)} req/s before, ${Math.round(bareAfter)} after`);
      },
    });
    bare.kill();
    rows.push({
      measure: `bare Fastify route (${CONNECTIONS} connections, mean)`,
      value: Math.round(bareRps),
      unit: 'req/s',
      target: '(yardstick)',
      ok: true,
    });
    rows.push(...pglite);

    const database = await freshPostgres(process.env.BENCH_DATABASE_URL || DEFAULT_PG);
    if (!database) {
      console.log('PostgreSQL: skipped (not reachable)');
      rows.push({
        measure: 'GET transaction info (PostgreSQL)',
        value: 'skipped',
        unit: '',
        target: '(PostgreSQL not reachable)',
        ok: true,
      });
    } else {
      try {
        rows.push(
          ...(await measureApp({
            port: 3242,
            env: { DATABASE_URL: database.url },
            bareRps: () => bareRps,
            label: 'PostgreSQL',
          })),
        );
      } finally {
        await database.drop();
      }
    }
    return rows;
  } finally {
    if (bare.exitCode === null) bare.kill();
  }
}
