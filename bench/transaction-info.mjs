// GET transaction info (the form home's read, on every journey screen) at 100 connections, against a
// bare Fastify sending the same bytes from memory, started in the same run (bare-ratio.mjs: without and
// with a browser's Accept-Encoding, both compressing alike; ratio target ≥ 0.4, p99 target ≤ 50 ms).
// Measured on PGlite and, when PostgreSQL answers (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test), on a fresh database there too; otherwise that half prints "skipped".
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, stopServer } from '../scripts/lib.mjs';
import { againstBare } from './bare-ratio.mjs';
import { signIn } from './throughput.mjs';

export const name = 'transaction-info';

const CONNECTIONS = 100;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

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
export async function startedTransaction(base) {
  const token = await signIn(base, '9876500002');
  const orgId = 'demo-university';
  const { transactionId: txnId } = await call(base, 'POST', '/transactions', token, {
    orgId,
    eKycFormId: 'demo-form',
  });
  // A form starts only with the candidate's consent to its notice (ADR 0049).
  const notice = await call(base, 'GET', `/privacy/notice?orgId=${orgId}&txnId=${txnId}`, token);
  await call(base, 'POST', '/privacy/consent', token, {
    orgId,
    txnId,
    noticeHash: notice.hash,
    purposes: notice.purposes.map((p) => ({ purpose: p.purpose, granted: true })),
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

async function measureApp({ port, barePort, env, label }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const server = await startServer({ port, dataDir, env });
  try {
    const { token, url } = await startedTransaction(`http://127.0.0.1:${port}`);
    const headers = { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' };
    const results = await againstBare({ url, headers, connections: CONNECTIONS, barePort });
    return results.flatMap((r) => [
      {
        measure: `GET transaction info (${label}, ${r.encoding})`,
        value: Math.round(r.appRps),
        unit: 'req/s',
        target: `(${CONNECTIONS} connections; bare ${Math.round(r.bareRps)} req/s, ${r.bytes} bytes)`,
        ok: true,
      },
      {
        measure: `GET transaction info / bare ratio (${label}, ${r.encoding})`,
        value: Math.round(r.ratio * 100) / 100,
        unit: '',
        target: '≥ 0.4',
        ok: r.ratio >= 0.4,
      },
      {
        measure: `GET transaction info p99 (${label}, ${r.encoding})`,
        value: r.p99,
        unit: 'ms',
        target: '≤ 50',
        ok: r.p99 <= 50,
      },
    ]);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server of `serverUrl`, or null when it does not answer. */
export async function freshPostgres(serverUrl) {
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
  const rows = await measureApp({ port: 3240, barePort: 3241, env: {}, label: 'PGlite' });
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
    return rows;
  }
  try {
    rows.push(
      ...(await measureApp({
        port: 3242,
        barePort: 3243,
        env: { DATABASE_URL: database.url },
        label: 'PostgreSQL',
      })),
    );
  } finally {
    await database.drop();
  }
  return rows;
}
