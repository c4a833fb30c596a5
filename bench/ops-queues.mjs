// The console's queue list at a million transactions (issue 14, ADR 0026): seeds 1,000,000 transactions
// (1,000,000 candidates, 2,000,000 verification records) on PostgreSQL with generate_series, then
// measures GET /api/ops/cases with autocannon: the first page, a deep keyset page, filters and search.
// Target p99 ≤ 50 ms for each. Also EXPLAINs the list's queries (plans in bench/results/ops-queues-explain.txt)
// and fails a measure whose plan does not use the index it should.
//
// Database: BENCH_OPS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/veridocs_bench_ops), created
// when absent and kept seeded between runs (BENCH_OPS_RESEED=1 seeds again). No PostgreSQL answering: skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'ops-queues';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/veridocs_bench_ops';
const ROWS = Number(process.env.BENCH_OPS_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const PORT = 3243;
const VERIFIER = { email: 'verifier@veridocs.test', password: 'dev-verifier-password' };

/** Creates the database when absent; null when the server does not answer. */
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

/**
 * The seed: one candidate and one transaction per row, spread over the demo forms and two organisations;
 * states like a live installation (most finished, a fifth in the queues); 5% of the queued cases fast
 * track; 2 verification records each. The queue columns are written as refreshQueue would derive them.
 */
const SEED = [
  `insert into profiles (id, mobile, name, created_at, updated_at)
   select md5('bench-p' || i)::uuid, '6' || lpad(i::text, 9, '0'),
     (array['Asha','Ravi','Priya','Arjun','Meera','Vikram','Anita','Rahul','Kavya','Sanjay','Divya','Kiran',
       'Pooja','Amit','Neha','Rohit','Sneha','Manoj','Lakshmi','Zubin'])[1 + i % 20] || ' ' ||
     (array['Rao','Sharma','Iyer','Patel','Singh','Nair','Gupta','Reddy','Das','Khan','Menon','Joshi',
       'Bose','Pillai','Mehta','Kapoor','Verma','Shetty','Kulkarni','Chopra'])[1 + (i / 20) % 20] || ' ' || i,
     now(), now()
   from generate_series(1, $1::int) as i`,
  `insert into transactions (id, profile_id, org_id, form_id, state, expected_max_date, created_at, updated_at,
     queue, queue_rank, queue_deadline, submitted_at, search_name, search_mobile)
   select x.id, x.profile_id, x.org_id, x.form_id, x.state, x.deadline, x.created, x.created, x.queue,
     case when x.queue is not null and x.i % 20 = 7 then 0 else 1 end,
     coalesce(x.deadline, 'infinity'),
     case when x.state not in ('NOT_INITIALIZED', 'DATA_SAVED') then x.created + interval '1 hour' end,
     lower(p.name), p.mobile
   from (
     select i, md5('bench-t' || i)::uuid as id, md5('bench-p' || i)::uuid as profile_id,
       case when i % 3 = 0 then 'veridocs' else 'demo-university' end as org_id,
       (array['demo-form','demo-paid-form','demo-profile-form','demo-evaluation-form'])[1 + i % 4] as form_id,
       s.state, s.queue,
       case when s.state not in ('NOT_INITIALIZED', 'DATA_SAVED')
         then timestamptz '2026-12-01' + (i % 4000) * interval '1 hour' end as deadline,
       timestamptz '2026-06-01' + (i % 180) * interval '1 day' + (i % 86400) * interval '1 second' as created
     from generate_series(1, $1::int) as i
     cross join lateral (select case
       when i % 100 < 55 then 'COMPLETED' when i % 100 < 65 then 'CLOSED' when i % 100 < 70 then 'FAILED'
       when i % 100 < 80 then 'SUBMITTED' when i % 100 < 88 then 'IN_PROGRESS'
       when i % 100 < 94 then 'INSUFFICIENT_DATA' else 'DATA_SAVED' end as state) s0
     cross join lateral (select s0.state, case s0.state when 'SUBMITTED' then 'new' when 'IN_PROGRESS' then
       'in_progress' when 'INSUFFICIENT_DATA' then 'action_required' end as queue) s
   ) x
   join profiles p on p.id = x.profile_id`,
  `insert into verification_records (txn_id, name, position, category, state, updated_at)
   select t.id, v.name, v.position, v.category,
     case when t.state = 'INSUFFICIENT_DATA' and v.name = 'bgv-degree' then 'INSUFFICIENT_DATA'
       when t.state = 'IN_PROGRESS' and v.name = 'bgv-degree' then 'IN_PROGRESS'
       when t.state in ('SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA') and v.name = 'aadhaar' then 'COMPLETED'
       when t.state in ('NOT_INITIALIZED', 'DATA_SAVED') then 'DATA_SAVED'
       else t.state end,
     t.updated_at
   from transactions t
   cross join (values ('bgv-degree', 0, 'Education'), ('aadhaar', 1, 'Identity')) as v(name, position, category)
   where t.id in (select md5('bench-t' || i)::uuid from generate_series(1, $1::int) as i)`,
];

async function seedIfNeeded(client) {
  const { rows } = await client.query(
    `select count(*)::int as n from transactions where id = md5('bench-t' || $1)::uuid`,
    [ROWS],
  );
  const { rows: total } = await client.query('select count(*)::int as n from transactions');
  if (rows[0].n === 1 && total[0].n >= ROWS && process.env.BENCH_OPS_RESEED !== '1') {
    console.log(`ops-queues: ${total[0].n} transactions already seeded`);
    return null;
  }
  await client.query(
    `delete from transactions where id in
    (select md5('bench-t' || i)::uuid from generate_series(1, $1::int) as i)`,
    [ROWS],
  );
  await client.query(
    `delete from profiles where mobile like '6%' and id in
    (select md5('bench-p' || i)::uuid from generate_series(1, $1::int) as i)`,
    [ROWS],
  );
  const started = Date.now();
  for (const statement of SEED) {
    const t0 = Date.now();
    const result = await client.query(statement, [ROWS]);
    console.log(`ops-queues: ${result.rowCount} rows in ${Date.now() - t0} ms`);
  }
  await client.query('vacuum analyze profiles');
  await client.query('vacuum analyze transactions');
  await client.query('vacuum analyze verification_records');
  return Date.now() - started;
}

async function json(res) {
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${res.url}: ${body.code} ${body.message}`);
  return body.data;
}

async function opsToken(base) {
  const headers = { 'content-type': 'application/json' };
  const step = await json(
    await fetch(`${base}/api/ops/auth/sign-in`, { method: 'POST', headers, body: JSON.stringify(VERIFIER) }),
  );
  const outbox = await json(await fetch(`${base}/api/dev/outbox?to=${VERIFIER.email}`));
  const code = outbox.list[0].otp;
  const session = await json(
    await fetch(`${base}/api/ops/auth/verify-code`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ challengeId: step.challengeId, code }),
    }),
  );
  return session.accessToken;
}

/** The index each plan must use (the list's SQL by hand, as the repository builds it). */
const EXPLAINS = [
  {
    label: 'first page of new',
    index: 'transactions_queue_idx',
    sql: `select t.id from transactions t join profiles p on p.id = t.profile_id
      where t.queue = 'new' order by t.queue_rank, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'a keyset page',
    index: 'transactions_queue_idx',
    sql: `select t.id from transactions t join profiles p on p.id = t.profile_id
      where t.queue = 'new' and (t.queue_rank, t.queue_deadline, t.submitted_at, t.id) >
        (1::smallint, timestamptz '2027-01-15', timestamptz '2026-07-01', '00000000-0000-0000-0000-000000000000'::uuid)
      order by t.queue_rank, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'one organisation',
    index: 'transactions_queue_org_idx',
    sql: `select t.id from transactions t where t.queue = 'in_progress' and t.org_id = 'veridocs'
      order by t.queue_rank, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'a name',
    index: 'transactions_queue_name_idx',
    sql: `select t.id from transactions t where t.queue = 'new'
      and (t.search_name collate "C") >= 'priya nair 12' and (t.search_name collate "C") < 'priya nair 13'
      order by t.queue_rank + 0, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'a broad first name',
    index: 'transactions_queue_name_idx',
    sql: `select t.id from transactions t where t.queue = 'new'
      and (t.search_name collate "C") >= 'asha' and (t.search_name collate "C") < 'ashb'
      order by t.queue_rank + 0, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'mobile last digits',
    index: 'transactions_queue_mobile_tail_idx',
    sql: `select t.id from transactions t where t.queue = 'new'
      and (reverse(t.search_mobile) collate "C") >= '4321' and (reverse(t.search_mobile) collate "C") < '4322'
      order by t.queue_rank + 0, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
  {
    label: 'verification type and state (per row of the ordered scan)',
    index: 'transactions_queue_idx',
    sql: `select t.id from transactions t where t.queue = 'new'
      and coalesce((select true from verification_records r where r.txn_id = t.id and not r.marked_as_skip
        and r.state = 'SUBMITTED' and r.category = 'Education' limit 1), false)
      order by t.queue_rank, t.queue_deadline, t.submitted_at, t.id limit 26`,
  },
];

async function explainAll(client) {
  const out = [];
  const failures = [];
  for (const e of EXPLAINS) {
    const { rows } = await client.query(`explain (analyze, buffers) ${e.sql}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    out.push(`-- ${e.label} (expects ${e.index})\n${e.sql}\n${plan}\n`);
    if (!plan.includes(e.index)) failures.push(e.label);
  }
  writeFileSync(join(root, 'bench', 'results', 'ops-queues-explain.txt'), out.join('\n'));
  return failures;
}

async function p99(url, headers) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_OPS_DATABASE_URL || DEFAULT_URL);
  if (!url) {
    console.log('ops-queues: skipped (no PostgreSQL answers; set BENCH_OPS_DATABASE_URL)');
    return [
      {
        measure: 'GET /api/ops/cases p99, 1 M transactions',
        value: 'skipped',
        unit: '',
        target: '(PostgreSQL not reachable)',
        ok: true,
      },
    ];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-ops-'));
  // The server migrates the database and seeds the demo forms and the dev staff first.
  const server = await startServer({
    port: PORT,
    dataDir,
    env: { DATABASE_URL: url, OCR_WORKER: 'off', OPS_SIGN_IN_CODES_PER_HOUR: '1000' },
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const seededMs = await seedIfNeeded(client);
    const failures = await explainAll(client);
    const base = `http://127.0.0.1:${PORT}`;
    const token = await opsToken(base);
    const headers = { authorization: `Bearer ${token}` };
    const cases = (query) => `${base}/api/ops/cases?${new URLSearchParams(query)}`;
    // A deep page: 200 pages of 25 in (5,000 cases), by following the cursors.
    const first = await json(await fetch(cases({}), { headers }));
    const someId = first.list[0].txnId.slice(0, 8);
    let cursor = null;
    for (let i = 0; i < 200; i++) {
      const page = await json(await fetch(cases(cursor ? { cursor } : {}), { headers }));
      cursor = page.nextCursor;
    }
    const scenarios = [
      ['first page of new', cases({})],
      ['page 201 of new (keyset)', cases({ cursor })],
      ['in progress, one organisation', cases({ queue: 'in_progress', orgId: 'veridocs' })],
      [
        'action required, form + dates',
        cases({ queue: 'action_required', formId: 'demo-paid-form', from: '2026-09-01', to: '2026-10-31' }),
      ],
      ['new, verification type + state', cases({ verificationType: 'education', state: 'SUBMITTED' })],
      ['search a name', cases({ q: 'priya nair 12' })],
      ['search a first name (broad)', cases({ q: 'neha' })],
      ['search mobile last 4 digits', cases({ q: '1234' })],
      ['search a transaction id', cases({ q: someId })],
    ];
    const rows = [];
    let worst = 0;
    for (const [label, target] of scenarios) {
      const { p99: ms, rps } = await p99(target, headers);
      worst = Math.max(worst, ms);
      console.log(`ops-queues: ${label}: p99 ${ms} ms, ${rps} req/s (${CONNECTIONS} connections)`);
      rows.push({
        measure: `GET /api/ops/cases p99: ${label}`,
        value: ms,
        unit: 'ms',
        target: '≤ 50',
        ok: ms <= 50,
      });
    }
    rows.unshift({
      measure: `GET /api/ops/cases p99, worst of ${scenarios.length} (${ROWS.toLocaleString('en')} transactions, PostgreSQL)`,
      value: worst,
      unit: 'ms',
      target: '≤ 50',
      ok: worst <= 50,
    });
    rows.push({
      measure: 'ops queue plans use their indexes (EXPLAIN)',
      value: failures.length === 0 ? 'yes' : `no: ${failures.join(', ')}`,
      unit: '',
      target: 'yes',
      ok: failures.length === 0,
    });
    if (seededMs !== null)
      rows.push({
        measure: 'seeding 1 M transactions (generate_series)',
        value: Math.round(seededMs / 1000),
        unit: 's',
        target: '(setup)',
        ok: true,
      });
    return rows;
  } finally {
    await client.end();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
