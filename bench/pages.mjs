// Lighthouse (12.8.2, mobile preset: simulated throttling) on three pages of the built app, in Debian's
// chromium, median of 5 runs each (issue 10 §1): /login signed out, then the signed-in home and the
// form home. Each labelled run (BENCH_LABEL, default from the build's runtime) keeps its own entry in
// latest.json's `pages` section so two builds can be set side by side.
// `npm run bench -- pages` runs it alone; BENCH_PAGE_RUNS changes the number of runs.
/* global window, document */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, ensureChromium, root, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'pages';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const LABELS = {
  preact: 'Preact build (before)',
  react: 'React',
  prerendered: 'React, pre-rendered (issue 10 §1)',
};
const PARTNER = { 'partner-org-id': 'veridocs' };

// Targets of issue 10 §1, by page and metric (ms for times).
const TARGETS = {
  login: { score: 97, lcp: 1200, tbt: 150, cls: 0 },
  home: { lcp: 2000 },
  formHome: { lcp: 2000 },
};

/** The runtime the web build runs on today: Preact's compat layer while vite.config aliases react to it. */
function defaultLabel() {
  const vite = readFileSync(join(root, 'apps/web/vite.config.ts'), 'utf8');
  return /preact\/compat/.test(vite) ? 'preact' : 'react';
}

function chromiumPath() {
  try {
    return ensureChromium();
  } catch (error) {
    throw new Error(
      `bench pages needs Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'} and could not ` +
        `install it (${error.message}). Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
      { cause: error },
    );
  }
}

/** A port nobody listens on: other worktrees run their benches on this machine at the same time. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function api(base, method, path, { body, token } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...PARTNER,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs a new number in through the API (OTP from the dev outbox) and starts a demo-form transaction. */
async function prepareCandidate(base) {
  const wallet = '/api/web-wallet';
  const mobile = `98766${String(Date.now()).slice(-5)}`;
  const { txnId: loginTxn } = await api(base, 'POST', `${wallet}/profile/login`, {
    body: { mobile, channel: 'sms' },
  });
  let otp;
  for (let i = 0; i < 50 && !otp; i++) {
    otp = (await api(base, 'GET', `/api/dev/outbox?to=${mobile}`)).list?.[0]?.otp;
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  if (!otp) throw new Error(`no OTP in the dev outbox for ${mobile}`);
  const verified = await api(base, 'PUT', `${wallet}/profile/otp/${loginTxn}/verify`, { body: { otp } });
  const session = verified.newUser
    ? await api(base, 'POST', `${wallet}/profile`, {
        body: { mobile, name: 'Bench Candidate', txnId: verified.txnId },
      })
    : verified;

  // The demo form's link names the form and the organisation: /ekyc/<formId>?orgId=<orgId>.
  const { link } = await api(base, 'GET', '/api/dev/demo');
  const url = new URL(link);
  const formId = url.pathname.split('/').filter(Boolean).at(-1);
  const orgId = url.searchParams.get('orgId');
  const v1 = '/api/verification/v1/transactions';
  const token = session.accessToken;
  const { transactionId: txnId } = await api(base, 'POST', v1, {
    token,
    body: { orgId, eKycFormId: formId },
  });
  // The pre-start questionnaire's answers, then Start (what the init screen's dialog sends).
  await api(base, 'PATCH', `${v1}/user-response`, {
    token,
    body: {
      orgId,
      txnId,
      data: [
        { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
        { questionId: 'demo-q-source', answer: 'EMPLOYER' },
      ],
    },
  });
  await api(base, 'POST', `${v1}/process`, { token, body: { orgId, txnId } });
  return { session, formHomePath: `/ekyc/${formId}/${txnId}?orgId=${orgId}` };
}

/** Puts the session where the app reads it (local storage, spec §3), from a non-app URL of the origin. */
async function signInPage(page, base, session) {
  await page.goto(`${base}/api/health`);
  await page.evaluate((s) => {
    window.localStorage.setItem('accessToken', s.accessToken);
    window.localStorage.setItem('refreshToken', s.refreshToken);
    window.localStorage.setItem('refreshTokenExpiresIn', String(s.refreshTokenExpiresIn));
  }, session);
}

const PAGES = [
  {
    key: 'login',
    title: '/login',
    path: () => '/login',
    check: (page) => page.waitForSelector('input', { timeout: 10_000 }),
  },
  {
    key: 'home',
    title: 'signed-in home',
    path: () => '/',
    signedIn: true,
    check: (page) =>
      page.waitForFunction(() => window.location.pathname === '/' && document.querySelector('h1'), {
        timeout: 10_000,
      }),
  },
  {
    key: 'formHome',
    title: 'form home',
    path: (c) => c.formHomePath,
    shownPath: '/ekyc/<formId>/<txnId>?orgId=<orgId> (demo form, started)',
    signedIn: true,
    // A fresh tab shows the init screen; "View Verification" opens the form home and the app keeps
    // that choice in the tab's session storage, which Lighthouse's reload keeps (it clears the cache).
    prepare: async (page, base, c) => {
      await page.goto(`${base}${c.formHomePath}`);
      await page.locator('::-p-text(View Verification)').click();
      await page.waitForSelector('[data-testid="steps-percent"]', { timeout: 20_000 });
      const started = () => /showInitScreen":"false/.test(window.sessionStorage['persist:formData']);
      await page.waitForFunction(started, { timeout: 10_000 });
    },
    check: (page) => page.waitForSelector('[data-testid="steps-percent"]', { timeout: 10_000 }),
  },
];

/** The text of the element Lighthouse took as the largest paint, to see what the LCP is. */
function lcpElement(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const node = details?.items?.[0]?.items?.[0]?.node ?? details?.items?.[0]?.node;
  return node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.slice(0, 160) : null;
}

/** One Lighthouse run in a fresh chromium (own profile folder), killed afterwards whatever happens. */
async function measureOnce({ executablePath, profileDir, base, spec, candidate }) {
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    // Lighthouse sets the mobile screen itself; a Puppeteer viewport would fight it.
    defaultViewport: null,
    userDataDir: profileDir,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    if (spec.signedIn) await signInPage(page, base, candidate.session);
    await spec.prepare?.(page, base, candidate);
    const url = `${base}${spec.path(candidate)}`;
    // Default config = mobile preset. The default storage reset clears the HTTP cache and service
    // workers but not local or session storage, so the session injected above survives it.
    const result = await lighthouse(
      url,
      { logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${url}: Lighthouse returned no result`);
    if (lhr.runtimeError)
      throw Object.assign(new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
        retry: true,
      });
    // The page Lighthouse measured must be the one meant (not /login, not the init screen).
    await spec.check(page).catch(() => {
      throw new Error(`${url}: the page did not show ${spec.title} (ended at ${page.url()})`);
    });
    const a = lhr.audits;
    return {
      version: await browser.version(),
      lighthouse: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      run: {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: Math.round(a['first-contentful-paint'].numericValue),
        lcp: Math.round(a['largest-contentful-paint'].numericValue),
        tbt: Math.round(a['total-blocking-time'].numericValue),
        cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
        lcpElement: lcpElement(lhr),
        // Lighthouse's own CPU yardstick for this run: lower means a busier machine.
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      },
    };
  } finally {
    await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000).unref())]);
    browser.process()?.kill('SIGKILL');
  }
}

/**
 * Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): such a run is redone.
 * Any other failure (the wrong page shown, no server) stops the benchmark.
 */
async function measureWithRetry(args, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(args);
    } catch (error) {
      if (!error.retry || attempt >= attempts) throw error;
      console.log(`  retrying (${error.message})`);
    } finally {
      rmSync(args.profileDir, { recursive: true, force: true });
    }
  }
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function commitOf() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const fmt = {
  score: (v) => String(v),
  fcp: (v) => `${(v / 1000).toFixed(2)} s`,
  lcp: (v) => `${(v / 1000).toFixed(2)} s`,
  tbt: (v) => `${Math.round(v)} ms`,
  cls: (v) => String(v),
};
const METRIC_TITLES = { score: 'performance score', lcp: 'LCP', tbt: 'TBT', cls: 'CLS' };

function targetText(metric, target, inMs = false) {
  if (metric === 'score') return `≥ ${target}`;
  if (metric === 'cls') return String(target);
  return `≤ ${inMs ? `${target} ms` : fmt[metric](target)}`;
}

/** The README's page table: one row per page and metric, one column per build (both known ones always). */
export function markdownTable(pages) {
  const labels = [...new Set([...Object.keys(LABELS), ...Object.keys(pages)])];
  const cells = (values) => `| ${values.join(' | ')} |`;
  const lines = [
    cells(['page', 'measure', 'target', ...labels.map((l) => pages[l]?.title ?? LABELS[l] ?? l)]),
    cells(['---', '---', '---', ...labels.map(() => '---')]),
  ];
  for (const spec of PAGES)
    for (const [metric, target] of Object.entries(TARGETS[spec.key]))
      lines.push(
        cells([
          spec.title,
          METRIC_TITLES[metric],
          targetText(metric, target),
          ...labels.map((l) => {
            const value = pages[l]?.pages[spec.key]?.median[metric];
            return value === undefined ? '—' : fmt[metric](value);
          }),
        ]),
      );
  // The noise: Lighthouse's simulated figures grow with CPU contention on this shared machine.
  lines.push(
    cells([
      'the run',
      'date, commit, load average 1/5/15 min, CPU index',
      '',
      ...labels.map((l) => {
        const e = pages[l];
        if (!e) return '—';
        const index = median(Object.values(e.pages).map((p) => p.median.benchmarkIndex ?? NaN));
        return `${e.at.slice(0, 10)}, ${e.commit}, ${e.loadAverage.before.join(' / ')}, ${index}`;
      }),
    ]),
  );
  return lines.join('\n');
}

export async function run({ previous = {} } = {}) {
  const label = process.env.BENCH_LABEL || defaultLabel();
  const executablePath = chromiumPath();
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-bench-pages-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const server = await startServer({ port, dataDir });
  const results = {};
  let info;
  try {
    const candidate = await prepareCandidate(base);
    for (const spec of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const profileDir = join(dir, `chromium-${spec.key}-${i}`);
        const once = await measureWithRetry({ executablePath, profileDir, base, spec, candidate });
        info ??= once;
        runs.push(once.run);
        const r = once.run;
        console.log(
          `${spec.title} run ${i + 1}: score ${r.score}, FCP ${r.fcp} ms, LCP ${r.lcp} ms, TBT ${r.tbt} ms, CLS ${r.cls}, CPU index ${r.benchmarkIndex}`,
        );
      }
      const med = {};
      for (const metric of ['score', 'fcp', 'lcp', 'tbt', 'cls', 'benchmarkIndex'])
        med[metric] = median(runs.map((r) => r[metric]));
      results[spec.key] = {
        title: spec.title,
        path: spec.shownPath ?? spec.path(candidate),
        median: med,
        runs,
      };
    }
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  const loadAfter = loadavg().map((l) => Math.round(l * 100) / 100);

  const entry = {
    title: LABELS[label] ?? label,
    at: new Date().toISOString(),
    commit: commitOf(),
    runsPerPage: RUNS,
    chromium: info.version,
    lighthouse: `${info.lighthouse} (${info.formFactor}, ${info.throttling} throttling)`,
    cpus: cpus().length,
    // Lighthouse's simulated figures still move with CPU contention: 1/5/15-min load averages.
    loadAverage: { before: loadBefore, after: loadAfter },
    pages: results,
  };
  const pages = { ...(previous.pages ?? {}), [label]: entry };
  console.log(`\nLoad average before ${loadBefore.join(', ')}; after ${loadAfter.join(', ')}\n`);
  console.log(markdownTable(pages));

  const rows = [];
  for (const spec of PAGES)
    for (const [metric, target] of Object.entries(TARGETS[spec.key])) {
      const value = results[spec.key].median[metric];
      const ok = metric === 'score' ? value >= target : value <= target;
      rows.push({
        measure: `${spec.title} ${METRIC_TITLES[metric]}, Lighthouse mobile median [${label}]`,
        value: metric === 'lcp' ? Math.round(value) : value,
        unit: metric === 'score' || metric === 'cls' ? '' : 'ms',
        target: targetText(metric, target, true),
        ok,
      });
    }
  return { rows, extra: { pages } };
}
