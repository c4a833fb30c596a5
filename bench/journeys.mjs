// Whole candidate journeys on PostgreSQL (issue 31 §4): 200 journeys by 20 clients at once against the
// built server on a fresh database, each one a new candidate through the API as the web app calls it:
// sign-up by OTP, the request created, the notice consented, the questionnaire answered, the form
// started, the degree's screen, a document uploaded, five autosaves as the candidate types, the degree
// submitted, the rest skipped but Aadhaar, the form home read between steps. Not Aadhaar nor the final
// submit: the sandbox knows a handful of numbers and one number links to one account only. Reports
// journeys per minute and the p99 of one journey; skipped when PostgreSQL does not answer
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startServer, stopServer } from '../scripts/lib.mjs';
import { freshPostgres } from './transaction-info.mjs';

export const name = 'journeys';

const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const ORG = 'demo-university';
const FORM = 'demo-form';
/** What the demo form's candidate skips: everything but the degree and Aadhaar (not skippable). */
const SKIPPED = [
  'bgv-twelfth',
  'bgv-tenth',
  'passport',
  'dl',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
];

/** A one-page PDF padded to 60 KB (the product refuses documents under 40 KB). */
async function smallPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Veridocs bench marksheet', { x: 50, y: 780, size: 24, font });
  doc.context.register(doc.context.stream(new Uint8Array(60_000)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function client(base) {
  const headers = { 'content-type': 'application/json', 'partner-org-id': 'veridocs' };
  let token = '';
  async function call(method, url, body) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${method} ${url}: ${json.code} ${json.message}`);
    return json.data;
  }
  return {
    call,
    setToken: (t) => {
      token = t;
    },
    token: () => token,
  };
}

let mobileSeq = 0;

async function journey(base, pdf) {
  const c = client(base);
  const v1 = (path) => `/api/verification/v1${path}`;
  const w = (path) => `/api/web-wallet${path}`;
  const mobile = `9${String(Date.now() % 1e5).padStart(5, '0')}${String(mobileSeq++ % 10000).padStart(4, '0')}`;
  const login = await c.call('POST', w('/profile/login'), { mobile });
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${mobile}`)).json();
  const verified = await c.call('PUT', w(`/profile/otp/${login.txnId}/verify`), {
    otp: outbox.data.list[0].otp,
  });
  const session = await c.call('POST', w('/profile'), {
    mobile,
    name: 'Bench Candidate',
    txnId: verified.txnId,
  });
  c.setToken(session.accessToken);
  await c.call('GET', w('/profile'));
  const { transactionId: txnId } = await c.call('POST', v1('/transactions'), {
    orgId: ORG,
    eKycFormId: FORM,
  });
  const at = { orgId: ORG, txnId };
  const info = () => c.call('GET', v1(`/transactions/info?orgId=${ORG}&txnId=${txnId}`));
  await info();
  const notice = await c.call('GET', v1(`/privacy/notice?orgId=${ORG}&txnId=${txnId}`));
  await c.call('POST', v1('/privacy/consent'), {
    ...at,
    noticeHash: notice.hash,
    purposes: notice.purposes.map((p) => ({ purpose: p.purpose, granted: true })),
  });
  const { list } = await c.call('GET', v1(`/purposes/user?formId=${FORM}&orgId=${ORG}&id=${txnId}`));
  await c.call('PATCH', v1('/transactions/user-response'), {
    ...at,
    data: list.map((q) => ({ questionId: q._id, answer: q.options[0].value })),
  });
  await c.call('POST', v1('/transactions/process'), at);
  await info();
  await c.call('GET', v1(`/transactions/bgv-degree/info?orgId=${ORG}&txnId=${txnId}`));
  const form = new FormData();
  form.append('folderName', 'bench');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'marksheet.pdf');
  const upload = await (
    await fetch(`${base}/api/utility/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token()}`, 'partner-org-id': 'veridocs' },
      body: form,
    })
  ).json();
  if (upload.code !== 0) throw new Error(`upload: ${upload.code} ${upload.message}`);
  const degree = (degreeName) => ({
    ...at,
    verificationName: 'bgv-degree',
    data: {
      institute: { value: 'Other' },
      degreeName,
      passingYear: '2020',
      instituteId: 'R-2016-0042',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: upload.data.fileId },
    },
  });
  for (const typed of ['B', 'B.Te', 'B.Tech in', 'B.Tech in Comp', 'B.Tech in Computer Science'])
    await c.call('PUT', v1('/bgv'), degree(typed));
  await c.call('POST', v1('/bgv'), degree('B.Tech in Computer Science'));
  await c.call('POST', v1('/transactions/process/mark-as-skip'), { ...at, verificationNameList: SKIPPED });
  await info();
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** A process's CPU in ms (user + system), with its waited-for children when `children`; 0 when gone. */
function procCpuMs(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14-17 of stat (utime stime cutime cstime), counted here from field 3 (state)
    const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    return ticks * TICK_MS;
  } catch {
    return 0;
  }
}

/** Live descendants of a process (the document-check children of the server). */
function descendants(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/**
 * CPU ms so far of each process a journey runs on: the server (with check children that ended), its live
 * check children, this database's PostgreSQL backends plus PostgreSQL's own background processes, and this
 * bench client. A backend that ends during the run is lost, so the pool's connections are what counts.
 */
async function cpuSample(serverPid, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let pgPids;
  try {
    const { rows } = await db.query(
      `select pid, backend_type from pg_stat_activity
        where (datname = current_database() and pid <> pg_backend_pid()) or datname is null`,
    );
    pgPids = rows;
  } finally {
    await db.end();
  }
  const client = process.cpuUsage();
  return {
    server: procCpuMs(serverPid, true),
    checks: descendants(serverPid).reduce((sum, pid) => sum + procCpuMs(pid), 0),
    postgres: pgPids
      .filter((r) => r.backend_type === 'client backend')
      .reduce((sum, r) => sum + procCpuMs(r.pid), 0),
    pgBackground: pgPids
      .filter((r) => r.backend_type !== 'client backend')
      .reduce((sum, r) => sum + procCpuMs(r.pid), 0),
    client: (client.user + client.system) / 1000,
  };
}

export async function run() {
  const database = await freshPostgres(process.env.BENCH_DATABASE_URL || DEFAULT_PG);
  if (!database) {
    console.log('PostgreSQL: skipped (not reachable)');
    return [
      { measure: 'journeys per minute', value: 'skipped', unit: '', target: '(no PostgreSQL)', ok: true },
    ];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3250;
  const server = await startServer({
    port,
    dataDir,
    env: {
      DATABASE_URL: database.url,
      // 200 sign-ups from one address within a minute: the per-address and per-prefix limits are
      // not what this measures.
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_OTP_MAX: '100000',
      OTP_GLOBAL_MAX_PER_HOUR: '1000000',
      OTP_PREFIX_MAX_PER_HOUR: '1000000',
      UPLOAD_RATE_PER_MINUTE: '100000',
      UPLOAD_BYTES_PER_HOUR: '100000000000',
    },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const pdf = await smallPdf();
    await journey(base, pdf); // warm-up
    const load = loadavg()[0];
    const cpuBefore = await cpuSample(server.pid, database.url);
    const times = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < JOURNEYS) {
          next++;
          const t0 = performance.now();
          await journey(base, pdf);
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await cpuSample(server.pid, database.url);
    const cpuPerJourney = Object.fromEntries(
      Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - cpuBefore[k]) / JOURNEYS]),
    );
    const totalCpu = Object.values(cpuPerJourney).reduce((a, b) => a + b, 0);
    times.sort((a, b) => a - b);
    const perMinute = (JOURNEYS / seconds) * 60;
    const p99 = Math.round(times[Math.floor(times.length * 0.99) - 1] ?? times.at(-1));
    console.log(
      `${JOURNEYS} journeys by ${CLIENTS} clients in ${seconds.toFixed(1)} s: ${perMinute.toFixed(0)} per minute, ` +
        `p99 ${p99} ms (load average ${load.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end)`,
    );
    console.log(
      `CPU ms per journey: ${Object.entries(cpuPerJourney)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}; all ${totalCpu.toFixed(1)}`,
    );
    return [
      {
        measure: `journeys per minute (PostgreSQL, ${JOURNEYS} by ${CLIENTS} clients)`,
        value: Math.round(perMinute),
        unit: '/min',
        target: '≥ 1.5× before (issue 31 §4)',
        ok: true,
      },
      { measure: 'journey p99 (PostgreSQL)', value: p99, unit: 'ms', target: '(measured)', ok: true },
      {
        measure: 'CPU per journey, all processes (PostgreSQL)',
        value: Math.round(totalCpu),
        unit: 'ms',
        target: '(measured)',
        ok: true,
      },
    ];
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
