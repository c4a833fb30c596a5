// Institutions answer (issue 27, ADR 0046), on PostgreSQL:
// (a) the directory's turnaround figures over 1,000,000 answers: 5,000 institutions whose
//     institution_turnaround histograms sum to 1,000,000 answers (their median and p90 kept on the row,
//     as each answer writes them), 100,000 open requests; the directory page's SQL (the directory
//     repository's: sort by median / p90, open requests per row through the partial index, the total)
//     timed 1,000 times: p99 ≤ 50 ms. Beside it, the baseline the stored figures avoid: the same page
//     with the median and p90 computed from the histograms at query time.
// (b) the reminder run over those 100,000 open requests, all due: four job runners (four connection
//     pools, as four instances) schedule the reminders and deliver them through the outbox mailer, with
//     SKIP LOCKED and leases; the run must finish within a minute and send each reminder once.
//
// Database: BENCH_INSTITUTIONS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/veridocs_bench_institutions),
// created when absent, migrated, its institution tables and outbox emptied first. No PostgreSQL: skipped.
// Not part of CI or `npm test`; `npm run bench -- institutions`.
import pg from 'pg';

export const name = 'institutions';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/veridocs_bench_institutions';
/** Each with 20 day counts × 10 answers: 5,000 × 200 = 1,000,000 answers. */
const INSTITUTIONS = 5_000;
const OPEN = Number(process.env.BENCH_INSTITUTION_REQUESTS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_INSTITUTION_ITERATIONS ?? 1_000);
/** Job runners, each with its own connection pool, as so many instances. */
const RUNNERS = Number(process.env.BENCH_INSTITUTION_RUNNERS ?? 4);

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

const SEED = [
  `truncate institution_messages, institution_answers, institution_codes, institution_sessions,
     institution_request_items, institution_requests, institution_contacts, institution_turnaround,
     institutions, outbox`,
  `insert into institutions (id, kind, name, name_key, created_at, updated_at)
   select md5('bench-i' || i)::uuid, 'institute', 'Bench Institute ' || i, 'bench institute ' || i, now(), now()
   from generate_series(1, $1::int) as i`,
  // 20 distinct day counts per institution, shifted by the institution (so medians differ), 10 answers each.
  `insert into institution_turnaround (institution_id, working_days, answers)
   select md5('bench-i' || i)::uuid, d + i % 15 + (d * (i % 3)), 10
   from generate_series(1, $1::int) as i cross join generate_series(0, 19) as d`,
  // The figures an answer keeps on the row (turnaround-fns' rule: the smallest day count reaching half
  // and nine tenths of the answers).
  `update institutions i set requests_answered = h.total, requests_sent = h.total + 20,
     median_days = h.median, p90_days = h.p90
   from (select institution_id, sum(answers)::int as total,
       min(working_days) filter (where cum * 2 >= tot) as median,
       min(working_days) filter (where cum * 10 >= tot * 9) as p90
     from (select institution_id, working_days, answers,
         sum(answers) over (partition by institution_id order by working_days) as cum,
         sum(answers) over (partition by institution_id) as tot
       from institution_turnaround) x
     group by institution_id) h
   where h.institution_id = i.id`,
  `insert into institution_contacts (id, institution_id, email, confirmed_at)
   select md5('bench-c' || i)::uuid, md5('bench-i' || i)::uuid, 'registrar' || i || '@bench.example', now()
   from generate_series(1, $1::int) as i`,
];

const SEED_REQUESTS = `insert into institution_requests (id, institution_id, contact_id, txn_id, org_id, claims,
     consent, status, link_token_hash, link_expires_at, created_at, sent_at, reminders_sent, next_reminder_at)
   select md5('bench-r' || i)::uuid, md5('bench-i' || (1 + i % $2::int))::uuid,
     md5('bench-c' || (1 + i % $2::int))::uuid, md5('bench-t' || i)::uuid, 'demo-university',
     '[{"verificationName":"bgv-degree","label":"Degree","facts":[],"fileIds":[]}]'::jsonb,
     '{"givenAt":"2026-11-01T00:00:00.000Z","text":"I agree"}'::jsonb, 'open', md5('bench-r' || i),
     now() + interval '30 days', now() - interval '3 days', now() - interval '3 days', 0,
     now() - interval '1 minute'
   from generate_series(1, $1::int) as i`;

/** The directory repository's page (sort by median or p90, open requests per listed row) and its total. */
const directoryPage = (sort, order, offset) => `
  select i.*, o.open, o.oldest from institutions i
  left join lateral (
    select count(*)::int as open, min(r.sent_at) as oldest from institution_requests r
    where r.institution_id = i.id and r.status = 'open'
  ) o on true
  where true
  order by i.${sort} ${order} nulls last, i.id
  offset ${offset} limit 25`;
/** The same page with its 25 rows chosen first, the open requests counted for those only. */
const pageThenOpen = (sort, order, offset) => `
  select i.*, o.open, o.oldest from (
    select * from institutions i where true order by i.${sort} ${order} nulls last, i.id offset ${offset} limit 25
  ) i
  left join lateral (
    select count(*)::int as open, min(r.sent_at) as oldest from institution_requests r
    where r.institution_id = i.id and r.status = 'open'
  ) o on true
  order by i.${sort} ${order} nulls last, i.id`;
const DIRECTORY_TOTAL = 'select count(*)::int as n from institutions i where true';

/** The baseline: the same page with the figures computed from the 1 M answers' histograms each time. */
const BASELINE = `
  select i.id, i.name, f.median, f.p90 from institutions i
  join (select institution_id,
      min(working_days) filter (where cum * 2 >= tot) as median,
      min(working_days) filter (where cum * 10 >= tot * 9) as p90
    from (select institution_id, working_days,
        sum(answers) over (partition by institution_id order by working_days) as cum,
        sum(answers) over (partition by institution_id) as tot
      from institution_turnaround) x
    group by institution_id) f on f.institution_id = i.id
  order by f.median, i.id limit 25`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timeQueries(client, statements, iterations) {
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    for (const statement of statements) await client.query(statement);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** `n` bare outbox inserts, 50 at a time over the runners' pools, removed afterwards: ms. */
async function outboxFloor(instances, n) {
  const { sql } = await import('drizzle-orm');
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: 50 }, async (_, worker) => {
      const { orm } = instances[worker % instances.length];
      while (next < n) {
        next++;
        await orm.execute(
          sql`insert into outbox (channel, "to", body, created_at) values ('email', 'floor@bench.example', 'x', now())`,
        );
      }
    }),
  );
  const ms = Date.now() - t0;
  await instances[0].orm.execute(sql`delete from outbox where "to" = 'floor@bench.example'`);
  return ms;
}

const round = (ms) => Math.round(ms * 10) / 10;

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_INSTITUTIONS_DATABASE_URL || DEFAULT_URL);
  if (!url) {
    console.log('institutions: skipped (no PostgreSQL answers; set BENCH_INSTITUTIONS_DATABASE_URL)');
    return [
      {
        measure: 'institution directory p99, 1 M answers',
        value: 'skipped',
        unit: '',
        target: '(PostgreSQL not reachable)',
        ok: true,
      },
    ];
  }
  // The built server's modules (npm run bench builds them when stale).
  const { openPostgres } = await import('../apps/server/dist/db/client.js');
  const { createInstitutionMailRepository } =
    await import('../apps/server/dist/modules/institutions/institution-mail-repository.js');
  const { createInstitutionMailService } =
    await import('../apps/server/dist/modules/institutions/institution-mail-service.js');
  const { INSTITUTION_TIME_DEFAULTS } =
    await import('../apps/server/dist/modules/institutions/institution-mail-fns.js');
  const { createOutboxMailer } = await import('../apps/server/dist/providers/mail/outbox-mailer.js');
  const { createOutboxRepository } =
    await import('../apps/server/dist/providers/outbox/outbox-repository.js');

  const migrator = openPostgres(url);
  await migrator.migrate();
  await migrator.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const instances = [];
  try {
    // ——— seed
    let t0 = Date.now();
    for (const statement of SEED)
      await client.query(statement, statement.includes('$1') ? [INSTITUTIONS] : []);
    await client.query(SEED_REQUESTS, [OPEN, INSTITUTIONS]);
    await client.query(
      'vacuum analyze institutions, institution_turnaround, institution_requests, institution_contacts',
    );
    const seededMs = Date.now() - t0;
    const { rows: sums } = await client.query(
      'select sum(answers)::int as answers, count(*)::int as rows from institution_turnaround',
    );
    console.log(
      `institutions: seeded ${INSTITUTIONS} institutions, ${sums[0].answers} answers in ${sums[0].rows} histogram rows, ${OPEN} open requests in ${seededMs} ms`,
    );

    // ——— (a) the directory
    // The directory sorts by a row's own column with the page chosen first (pageThenOpen); the shape
    // before 3d49c1d is kept as a reference and is not part of the worst figure.
    const scenarios = [
      ['sort=median, first page', [pageThenOpen('median_days', 'asc', 0), DIRECTORY_TOTAL], true],
      ['sort=p90 desc, page 100', [pageThenOpen('p90_days', 'desc', 2475), DIRECTORY_TOTAL], true],
      [
        'sort=p90 desc, page 100, open counted for every row (before 3d49c1d, reference)',
        [directoryPage('p90_days', 'desc', 2475), DIRECTORY_TOTAL],
        false,
      ],
    ];
    const rows = [];
    let worst = 0;
    for (const [label, statements, runs] of scenarios) {
      await timeQueries(client, statements, 50);
      const { p50, p99 } = await timeQueries(client, statements, ITERATIONS);
      if (runs) worst = Math.max(worst, p99);
      console.log(`institutions: directory ${label}: p50 ${round(p50)} ms, p99 ${round(p99)} ms`);
      rows.push({
        measure: `institution directory p99: ${label}`,
        value: round(p99),
        unit: 'ms',
        target: runs ? '≤ 50' : '(reference)',
        ok: !runs || p99 <= 50,
      });
    }
    const baseline = await timeQueries(client, [BASELINE], 20);
    console.log(
      `institutions: baseline (figures computed from the histograms per page): p50 ${round(baseline.p50)} ms, p99 ${round(baseline.p99)} ms`,
    );
    rows.unshift({
      measure: `institution directory p99, worst (1,000,000 answers, ${INSTITUTIONS} institutions, PostgreSQL)`,
      value: round(worst),
      unit: 'ms',
      target: '≤ 50',
      ok: worst <= 50,
    });
    rows.push({
      measure: 'institution directory baseline p99 (median/p90 computed per page from the histograms)',
      value: round(baseline.p99),
      unit: 'ms',
      target: '(baseline)',
      ok: true,
    });

    // ——— (b) the reminder run: two instances' runners over every due request
    const names = new Map();
    const caseNames = async (ids) =>
      new Map(
        ids.map((id) => [
          id,
          names.get(id) ?? { candidateName: `Candidate ${id.slice(0, 8)}`, organisation: 'Demo University' },
        ]),
      );
    const log = { warn: (object, message) => console.warn(`institutions: ${message}`) };
    for (let i = 0; i < RUNNERS; i++) {
      const db = openPostgres(url, { max: 10 });
      instances.push(db);
    }
    const runners = instances.map((db) =>
      createInstitutionMailService({
        repo: createInstitutionMailRepository(db.orm),
        mailer: createOutboxMailer(createOutboxRepository(db.orm), () => new Date()),
        key: new Uint8Array(32).fill(7),
        publicUrl: 'https://veridocs.example',
        config: INSTITUTION_TIME_DEFAULTS,
        caseNames,
        now: () => new Date(),
        log,
        scheduleBatch: 2_000,
        deliverBatch: 1_000,
        concurrency: 50,
      }),
    );
    t0 = Date.now();
    await Promise.all(runners.map((r) => r.schedule()));
    const scheduleMs = Date.now() - t0;
    const t1 = Date.now();
    await Promise.all(
      runners.map(async (r) => {
        while (await r.deliver());
      }),
    );
    const deliverMs = Date.now() - t1;
    // A repeated pass of both finds nothing more to send.
    await Promise.all(runners.map((r) => r.runOnce()));
    const totalMs = scheduleMs + deliverMs;
    // The floor under delivery: the outbox mailer commits one row per e-mail; the same number of bare
    // inserts with the same connections, timed on their own.
    const floorMs = await outboxFloor(instances, OPEN / 10);
    console.log(
      `institutions: bare outbox inserts, ${OPEN / 10} in ${floorMs} ms (${Math.round((OPEN / 10 / floorMs) * 1000)}/s)`,
    );
    const { rows: counts } = await client.query(`select
        (select count(*)::int from institution_messages where kind = 'reminder' and seq = 1) as made,
        (select count(*)::int from institution_messages where kind = 'reminder' and sent_at is not null) as sent,
        (select count(*)::int from outbox where channel = 'email') as mails,
        (select count(*)::int from (select body from outbox group by body having count(*) > 1) d) as repeated,
        (select count(*)::int from institution_requests where reminders_sent = 1 and next_reminder_at > now()) as moved`);
    const c = counts[0];
    const once =
      c.made === OPEN && c.sent === OPEN && c.mails === OPEN && c.repeated === 0 && c.moved === OPEN;
    console.log(
      `institutions: reminder run over ${OPEN} due requests, ${RUNNERS} runners: scheduled in ${scheduleMs} ms, delivered in ${deliverMs} ms; ` +
        `${c.made} reminders made, ${c.sent} marked sent, ${c.mails} e-mails in the outbox, ${c.repeated} repeated`,
    );
    rows.push(
      {
        measure: `reminder run over ${OPEN.toLocaleString('en')} open requests (schedule + deliver, ${RUNNERS} runners, outbox)`,
        value: Math.round(totalMs / 100) / 10,
        unit: 's',
        target: '≤ 60',
        ok: totalMs <= 60_000,
      },
      {
        measure: '  the outbox floor: bare one-row commits per second (same connections)',
        value: Math.round((OPEN / 10 / floorMs) * 1000),
        unit: '/s',
        target: '(reference)',
        ok: true,
      },
      {
        measure: '  of which scheduling (set-based batches)',
        value: Math.round(scheduleMs / 100) / 10,
        unit: 's',
        target: '(part)',
        ok: true,
      },
      {
        measure: 'each reminder sent once (made = marked = e-mails, none repeated)',
        value: once ? 'yes' : `no: ${JSON.stringify(c)}`,
        unit: '',
        target: 'yes',
        ok: once,
      },
      {
        measure: 'seeding 1 M answers and 100,000 requests (generate_series)',
        value: Math.round(seededMs / 100) / 10,
        unit: 's',
        target: '(setup)',
        ok: true,
      },
    );
    return rows;
  } finally {
    await client.end();
    for (const db of instances) await db.close();
  }
}
