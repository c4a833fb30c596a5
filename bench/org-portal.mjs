// The organisation portal at a million candidates (issue 28, ADR 0047), through its routes on the built
// server and PostgreSQL:
// - GET /api/org/candidates (the dashboard list) with autocannon, signed in as an organisation owner made
//   through the real flow: first page, one bucket, a deep keyset page, a name's start, a broad first
//   name, a mobile's last digits. Each beside a bare Fastify sending the same bytes (bare-bytes-server.mjs)
//   in the same run: p99 (target ≤ 50 ms) and the ratio of their rates. The list's plans are EXPLAINed
//   (bench/results/org-portal-explain.txt); a measure whose plan misses its index fails.
// - POST /api/org/invite-batches with a 10,000-row CSV (checked in < 5 s), then its send through the
//   job: rows/s over the whole batch, or over BENCH_ORG_SEND_SECONDS (default 900) if it is not done by then.
//
// Database: BENCH_ORG_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/veridocs_bench_org), created
// when absent, migrated by the server, kept seeded (BENCH_ORG_RESEED=1 seeds again): 1,000,000 candidates
// and transactions of the demo form, their buckets and `since` as refreshQueue writes them.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'org-portal';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/veridocs_bench_org';
const ROWS = Number(process.env.BENCH_ORG_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const FILE_ROWS = 10_000;
const SEND_SECONDS = Number(process.env.BENCH_ORG_SEND_SECONDS ?? 900);
const PORT = 3247;
const BARE_PORT = 3248;
const ORG = 'demo-university';
const FORM = 'demo-form';
const ADMIN = { email: 'admin@veridocs.test', password: 'dev-admin-password' };
const PASSWORD = 'a-bench-owner-password';

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
   select md5('org-bench-t' || i)::uuid, p.id, '${ORG}', '${FORM}', 'NOT_INITIALIZED',
     timestamptz '2026-06-01' + (i % 180) * interval '1 day', now(),
     ${BUCKETS}[1 + i % 7], timestamptz '2026-06-01' + (i % 15552000) * interval '1 second',
     lower(p.name), p.mobile
   from generate_series(1, $1::int) as i join profiles p on p.id = md5('org-bench-p' || i)::uuid`,
];

async function seedIfNeeded(client) {
  const { rows: seeded } = await client.query(
    `select count(*)::int as n from transactions where id = md5('org-bench-t' || $1)::uuid`,
    [ROWS],
  );
  if (seeded[0].n === 1 && process.env.BENCH_ORG_RESEED !== '1') return null;
  await client.query(
    `delete from transactions where id in (select md5('org-bench-t' || i)::uuid from generate_series(1, $1::int) i)`,
    [ROWS],
  );
  await client.query(
    `delete from profiles where id in (select md5('org-bench-p' || i)::uuid from generate_series(1, $1::int) i)`,
    [ROWS],
  );
  const started = Date.now();
  for (const statement of SEED) {
    const t0 = Date.now();
    const result = await client.query(statement, [ROWS]);
    console.log(`org-portal: ${result.rowCount} rows in ${Date.now() - t0} ms`);
  }
  await client.query('vacuum analyze profiles');
  await client.query('vacuum analyze transactions');
  return Date.now() - started;
}

/** The repository's list query (org-candidates-repository.ts `candidates`), by hand, for EXPLAIN. */
const LIST = (
  where,
) => `select t.id, t.state, t.org_bucket, t.org_bucket_since, p.name, p.mobile, ci.created_at
  from transactions t join profiles p on p.id = t.profile_id
  left join candidate_invitations ci on ci.transaction_id = t.id
  where t.form_id = '${FORM}' and t.org_id = '${ORG}' ${where}
  order by t.org_bucket_since desc, t.id desc limit 51`;
const nameRange = (lo, hi) =>
  `and (t.search_name collate "C") >= '${lo}' and (t.search_name collate "C") < '${hi}'`;
const EXPLAINS = {
  'first page': { index: 'transactions_org_form_since_idx', sql: LIST('') },
  'one bucket': { index: 'transactions_org_form_bucket_idx', sql: LIST(`and t.org_bucket = 'submitted'`) },
  'deep keyset page': {
    index: 'transactions_org_form_bucket_idx',
    sql: LIST(`and t.org_bucket = 'invited' and (t.org_bucket_since, t.id) <
      (timestamptz '2026-09-01', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)`),
  },
  'name start': {
    index: 'transactions_org_form_name_idx',
    sql: LIST(nameRange('priya nair 12', 'priya nair 13')),
  },
  // A tenth of the form matches: walking the list's order and stopping at 51 matches is as good.
  'broad first name': {
    index: /transactions_org_form_(name|since)_idx/,
    sql: LIST(nameRange('asha', 'ashb')),
  },
  'mobile last 4 digits': {
    index: 'transactions_org_form_mobile_tail_idx',
    sql: LIST(
      `and (reverse(t.search_mobile) collate "C") >= '4321' and (reverse(t.search_mobile) collate "C") < '4322'`,
    ),
  },
};

async function explainAll(client) {
  const out = [];
  const misses = new Map();
  for (const [label, e] of Object.entries(EXPLAINS)) {
    const { rows } = await client.query(`explain (analyze, buffers) ${e.sql}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    out.push(`-- ${label} (expects ${e.index})\n${e.sql}\n${plan}\n`);
    const uses = typeof e.index === 'string' ? plan.includes(e.index) : e.index.test(plan);
    if (!uses) misses.set(label, String(e.index));
  }
  writeFileSync(join(root, 'bench', 'results', 'org-portal-explain.txt'), out.join('\n'));
  return misses;
}

async function data(res) {
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${res.url}: ${body.code} ${body.message}`);
  return body.data;
}
const post = (url, payload, headers = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
const outbox = async (base, to) => (await data(await fetch(`${base}/api/dev/outbox?to=${to}`))).list;

/** An owner of the organisation made through the real flow (the platform admin invites; accept; sign in). */
export async function ownerToken(base) {
  const step = await data(await post(`${base}/api/ops/auth/sign-in`, ADMIN));
  const [code] = await outbox(base, ADMIN.email);
  const staff = await data(
    await post(`${base}/api/ops/auth/verify-code`, { challengeId: step.challengeId, code: code.otp }),
  );
  const email = `bench-owner-${randomBytes(4).toString('hex')}@org.veridocs.test`;
  const auth = { authorization: `Bearer ${staff.accessToken}` };
  const invite = () =>
    post(`${base}/api/ops/orgs/${ORG}/owner`, { email, name: 'Bench Owner' }, auth).then((r) => r.json());
  let res = await invite();
  if (res.code === 120) {
    await data(
      await post(
        `${base}/api/ops/admin/orgs`,
        { id: ORG, name: 'Demo University', partnerOrgId: null },
        auth,
      ),
    );
    res = await invite();
  }
  if (res.code !== 0) throw new Error(`owner invitation: ${res.code} ${res.message}`);
  const [mail] = await outbox(base, email);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.body)[1];
  await data(await post(`${base}/api/org/auth/invitation/accept`, { token, password: PASSWORD }));
  const signIn = await data(await post(`${base}/api/org/auth/sign-in`, { email, password: PASSWORD }));
  const [otp] = await outbox(base, email);
  const session = await data(
    await post(`${base}/api/org/auth/verify-code`, { challengeId: signIn.challengeId, code: otp.otp }),
  );
  return session.accessToken;
}

async function load(url, headers) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p99: result.latency.p99, rps: result.requests.average };
}

/** A CSV of `n` new candidates of the demo form (mobiles unique to this run). */
function inviteCsv(n) {
  const run = String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0');
  const lines = ['name,mobile,email,form,language'];
  // Names are letters only (profileNameSchema): the row number spelled in letters a-j.
  const letters = (i) => [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');
  for (let i = 0; i < n; i++)
    lines.push(
      `Bench Candidate ${letters(i)},8${run}${String(i).padStart(5, '0')},,${FORM},${i % 5 === 0 ? 'hi' : 'en'}`,
    );
  return lines.join('\n') + '\n';
}

async function fileAndSend(base, headers) {
  const form = new FormData();
  form.append('file', new Blob([inviteCsv(FILE_ROWS)], { type: 'text/csv' }), 'bench.csv');
  const t0 = performance.now();
  const checked = await data(
    await fetch(`${base}/api/org/invite-batches`, { method: 'POST', headers, body: form }),
  );
  const checkMs = Math.round(performance.now() - t0);
  const { batch } = checked;
  console.log(`org-portal: ${batch.total} rows checked in ${checkMs} ms (${batch.valid} valid)`);
  const started = performance.now();
  await data(await fetch(`${base}/api/org/invite-batches/${batch.id}/send`, { method: 'POST', headers }));
  let now = batch;
  while (now.status !== 'sent' && performance.now() - started < SEND_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 500));
    now = await data(await fetch(`${base}/api/org/invite-batches/${batch.id}`, { headers }));
  }
  const seconds = (performance.now() - started) / 1000;
  const done = now.sent + now.failed;
  const rate = Math.round((done / seconds) * 10) / 10;
  console.log(
    `org-portal: ${now.sent} sent, ${now.failed} failed in ${seconds.toFixed(1)} s (${now.status})`,
  );
  return [
    {
      measure: `invitation CSV of ${FILE_ROWS.toLocaleString('en')} rows checked (POST invite-batches)`,
      value: checkMs,
      unit: `ms (${batch.valid} valid)`,
      target: '< 5000',
      ok: checkMs < 5000 && batch.valid === FILE_ROWS,
    },
    {
      measure: `bulk invitations sent through the job, ${FILE_ROWS.toLocaleString('en')}-row file`,
      value: rate,
      unit: `rows/s (${done} of ${batch.valid} in ${Math.round(seconds)} s${now.status === 'sent' ? '' : ', not finished'}; ${now.failed} failed)`,
      target: 'measured',
      ok: now.failed === 0 && now.status === 'sent',
    },
  ];
}

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_ORG_DATABASE_URL || DEFAULT_URL);
  if (!url) {
    console.log('org-portal: skipped (no PostgreSQL answers; set BENCH_ORG_DATABASE_URL)');
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-org-'));
  // The server migrates the database and seeds the demo organisation, form and staff first.
  const server = await startServer({
    port: PORT,
    dataDir,
    env: { DATABASE_URL: url, OCR_WORKER: 'off', OPS_SIGN_IN_CODES_PER_HOUR: '1000' },
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let bare;
  try {
    const seededMs = await seedIfNeeded(client);
    // A bench file an earlier run left sending (stopped at its window) would be sent during this run's
    // measures: it is closed first.
    await client.query(
      `update invite_batches set status = 'sent', finished_at = now() where status = 'sending' and file_name = 'bench.csv'`,
    );
    const misses = await explainAll(client);
    const base = `http://127.0.0.1:${PORT}`;
    const headers = { authorization: `Bearer ${await ownerToken(base)}` };
    const list = (query) =>
      `${base}/api/org/candidates?${new URLSearchParams({ formId: FORM, limit: '50', ...query })}`;
    // A deep page: 200 pages of 50 in (10,000 candidates of the bucket), by following the cursors.
    let cursor;
    for (let i = 0; i < 200; i++)
      cursor = (
        await data(await fetch(list({ bucket: 'invited', ...(cursor ? { cursor } : {}) }), { headers }))
      ).nextCursor;
    const scenarios = [
      ['first page', list({})],
      ['one bucket', list({ bucket: 'submitted' })],
      ['deep keyset page', list({ bucket: 'invited', cursor })],
      ['name start', list({ q: 'Priya Nair 12' })],
      ['broad first name', list({ q: 'asha' })],
      ['mobile last 4 digits', list({ q: '1234' })],
      // Not the list, but what the dashboard asks first: every form's count per bucket.
      ['forms with bucket counts', `${base}/api/org/forms`],
    ];
    // The same bytes from the bare yardstick.
    const bodies = [];
    for (const [label, target] of scenarios) {
      const res = await fetch(target, { headers });
      const text = await res.text();
      const body = JSON.parse(text);
      if (body.code !== 0) throw new Error(`${label}: ${body.code} ${body.message}`);
      if (body.data.list.length === 0) throw new Error(`${label}: no candidates`);
      bodies.push(text);
    }
    bare = fork(join(root, 'bench', 'bare-bytes-server.mjs'), {
      env: { ...process.env, PORT: String(BARE_PORT) },
    });
    bare.send({ bodies });
    await new Promise((resolve) => bare.once('message', resolve));
    const rows = [];
    for (const [i, [label, target]] of scenarios.entries()) {
      const route = await load(target, headers);
      const yardstick = await load(`http://127.0.0.1:${BARE_PORT}/bare/${i}`);
      const ratio = Math.round((route.rps / yardstick.rps) * 100) / 100;
      const miss = misses.get(label);
      console.log(
        `org-portal: ${label}: p99 ${route.p99} ms, ${Math.round(route.rps)} req/s; bare p99 ${yardstick.p99} ms, ${Math.round(yardstick.rps)} req/s; ratio ${ratio}${miss ? `; plan misses ${miss}` : ''}`,
      );
      // Stable names (a later run of some measures replaces these rows); the details go to the console.
      const routePath = label === 'forms with bucket counts' ? '/api/org/forms' : '/api/org/candidates';
      rows.push(
        {
          measure: `GET ${routePath} p99, 1 M candidates on PostgreSQL: ${label}${miss ? ` (plan misses ${miss})` : ''}`,
          value: route.p99,
          unit: 'ms',
          target: '≤ 50',
          ok: route.p99 <= 50 && !miss,
        },
        {
          measure: `GET ${routePath} / bare Fastify (same bytes) ratio: ${label}`,
          value: ratio,
          unit: `(bare p99 ${yardstick.p99} ms)`,
          target: 'measured',
          ok: true,
        },
      );
    }
    bare.kill();
    bare = undefined;
    rows.push(...(await fileAndSend(base, headers)));
    if (seededMs !== null)
      rows.push({
        measure: `seeding ${ROWS.toLocaleString('en')} candidates (generate_series)`,
        value: Math.round(seededMs / 1000),
        unit: 's',
        target: '(setup)',
        ok: true,
      });
    return rows;
  } finally {
    bare?.kill();
    await client.end();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
