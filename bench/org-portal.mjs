// The organisation portal's dashboard list at a million candidates (issue 28, ADR 0047): seeds
// 1,000,000 candidates and transactions of one form on PostgreSQL with generate_series (buckets and
// their `since` as refreshQueue writes them), then times the list's queries as the org-candidates
// repository builds them (first page, one bucket, a deep keyset page, a name's start) and checks that
// each plan uses migration 0031's indexes. Target p99 ≤ 50 ms each.
//
// Not yet measured here (see the org-candidates tests): the 10,000-row file check and the send rate,
// which need an organisation user's session over HTTP.
//
// Database: BENCH_ORG_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/veridocs_bench_org), created
// when absent, migrated by one start of the server, kept seeded (BENCH_ORG_RESEED=1 seeds again).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'org-portal';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/veridocs_bench_org';
const ROWS = Number(process.env.BENCH_ORG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_ORG_RUNS ?? 500);
const PORT = 3247;
const FORM = 'demo-form';

async function ensureDatabase(url) {
  const server = new URL(url);
  const dbName = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
    if (rowCount === 0) await admin.query(`create database "${dbName.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return url;
}

const BUCKETS = `(array['invited','started','action_required','submitted','in_progress','verified','closed'])`;
const SEED = [
  `insert into profiles (id, mobile, name, created_at, updated_at)
   select md5('org-bench-p' || i)::uuid, '7' || lpad(i::text, 9, '0'),
     (array['Asha','Ravi','Priya','Arjun','Meera','Vikram','Anita','Rahul','Kavya','Sanjay'])[1 + i % 10]
       || ' ' || (array['Rao','Sharma','Iyer','Patel','Singh','Nair','Gupta','Reddy','Das','Khan'])[1 + (i / 10) % 10]
       || ' ' || i, now(), now()
   from generate_series(1, $1::int) as i`,
  `insert into transactions (id, profile_id, org_id, form_id, state, created_at, updated_at, org_bucket,
     org_bucket_since, search_name, search_mobile)
   select md5('org-bench-t' || i)::uuid, p.id, 'demo-university', '${FORM}', 'NOT_INITIALIZED',
     timestamptz '2026-06-01' + (i % 180) * interval '1 day', now(),
     ${BUCKETS}[1 + i % 7], timestamptz '2026-06-01' + (i % 15552000) * interval '1 second',
     lower(p.name), p.mobile
   from generate_series(1, $1::int) as i join profiles p on p.id = md5('org-bench-p' || i)::uuid`,
];

/** The repository's list query (org-candidates-repository.ts `candidates`), by hand. */
const LIST = (
  where,
) => `select t.id, t.state, t.org_bucket, t.org_bucket_since, p.name, p.mobile, ci.created_at
  from transactions t join profiles p on p.id = t.profile_id
  left join candidate_invitations ci on ci.transaction_id = t.id
  where t.form_id = '${FORM}' and t.org_id = 'demo-university' ${where}
  order by t.org_bucket_since desc, t.id desc limit 51`;
const QUERIES = [
  { label: 'first page', index: 'transactions_org_form_since_idx', sql: LIST('') },
  {
    label: 'one bucket',
    index: 'transactions_org_form_bucket_idx',
    sql: LIST(`and t.org_bucket = 'submitted'`),
  },
  {
    label: 'deep keyset page',
    index: 'transactions_org_form_bucket_idx',
    sql: LIST(`and t.org_bucket = 'invited' and (t.org_bucket_since, t.id) <
      (timestamptz '2026-09-01', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)`),
  },
  {
    label: 'name start',
    index: 'transactions_org_form_since_idx',
    sql: LIST(`and t.search_name like 'priya nair 12%'`),
  },
];

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_ORG_DATABASE_URL || DEFAULT_URL);
  if (!url) {
    console.log('org-portal: skipped (no PostgreSQL answers; set BENCH_ORG_DATABASE_URL)');
    return [];
  }
  // One start of the server migrates and seeds the demo organisation and form.
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-org-'));
  const server = await startServer({ port: PORT, dataDir, env: { DATABASE_URL: url, OCR_WORKER: 'off' } });
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = [];
  try {
    const { rows: seeded } = await client.query(
      `select count(*)::int as n from transactions where id = md5('org-bench-t' || $1)::uuid`,
      [ROWS],
    );
    if (seeded[0].n === 0 || process.env.BENCH_ORG_RESEED === '1') {
      await client.query(
        `delete from transactions where id in (select md5('org-bench-t' || i)::uuid from generate_series(1, $1::int) i)`,
        [ROWS],
      );
      await client.query(
        `delete from profiles where id in (select md5('org-bench-p' || i)::uuid from generate_series(1, $1::int) i)`,
        [ROWS],
      );
      for (const statement of SEED) {
        const t0 = Date.now();
        const result = await client.query(statement, [ROWS]);
        console.log(`org-portal: ${result.rowCount} rows in ${Date.now() - t0} ms`);
      }
      await client.query('vacuum analyze profiles');
      await client.query('vacuum analyze transactions');
    }
    for (const q of QUERIES) {
      const plan = (await client.query(`explain ${q.sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await client.query(q.sql);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p99 = Math.round(times[Math.floor(times.length * 0.99) - 1] * 10) / 10;
      const usesIndex = plan.includes(q.index);
      rows.push({
        measure: `org dashboard list at ${ROWS} candidates: ${q.label} p99${usesIndex ? '' : ` (plan misses ${q.index})`}`,
        value: p99,
        unit: 'ms',
        target: '≤ 50',
        ok: p99 <= 50 && usesIndex,
      });
    }
  } finally {
    await client.end();
  }
  return rows;
}
