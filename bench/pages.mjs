// Lighthouse (12.8.2, mobile preset: simulated throttling) on the pages of the built app, in Debian's
// chromium, median of 3 runs each (issues 10 §1 and 31 §2): /login signed out, then the signed-in home,
// the form home, /wallet and the payment checkout, each beside its floor: the same screen saved as plain
// HTML (its DOM and CSS, no script) and measured in the same run. Then the slow-phone profile (1.6 Mbps,
// 150 ms, CPU 4x, DevTools throttling): when the OTP input and the form home's tiles are usable, cold.
// Each labelled run (BENCH_LABEL, default from the build's runtime) keeps its own entry in
// latest.json's `pages` section so two builds can be set side by side.
// `npm run bench -- pages` runs it alone; BENCH_PAGE_RUNS changes the number of runs, BENCH_PAGES the
// pages (comma-separated keys: login,home,formHome,wallet,payment).
/* global window, document, requestAnimationFrame */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, ensureChromium, root, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'pages';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const LABELS = {
  preact: 'Preact build (before)',
  react: 'React',
  prerendered: 'React, pre-rendered (issue 10 §1)',
};
const PARTNER = { 'partner-org-id': 'veridocs' };

// Targets of issues 10 §1 and 31 §2 (every signed-in screen), by page and metric (ms for times).
const SIGNED_IN = { score: 90, lcp: 1500, tbt: 200 };
const TARGETS = {
  login: { score: 97, lcp: 1200, tbt: 150, cls: 0 },
  home: SIGNED_IN,
  formHome: SIGNED_IN,
  wallet: SIGNED_IN,
  payment: SIGNED_IN,
};
// The slow-phone profile of issue 31 §2 (DevTools throttling, not Lighthouse's simulation).
const SLOW_PHONE = {
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const SLOW_TARGETS = { otp: 2000, tiles: 2000 };

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
export async function prepareCandidate(base) {
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
  await consent(base, token, orgId, txnId);
  await api(base, 'POST', `${v1}/process`, { token, body: { orgId, txnId } });

  // The paid demo form, started, for the payment checkout (its quote is the page's API call).
  const demo = await api(base, 'GET', '/api/dev/demo');
  const paid = await api(base, 'POST', v1, { token, body: { orgId, eKycFormId: demo.paidFormId } });
  await consent(base, token, orgId, paid.transactionId);
  await api(base, 'POST', `${v1}/process`, { token, body: { orgId, txnId: paid.transactionId } });
  return {
    session,
    mobile,
    formHomePath: `/ekyc/${formId}/${txnId}?orgId=${orgId}`,
    paymentPath: `/payment?orgId=${orgId}&txId=${paid.transactionId}&region=IN`,
  };
}

/** The privacy notice accepted as the form's consent screen does (issue 29), when the form asks it. */
async function consent(base, token, orgId, txnId) {
  const v1 = '/api/verification/v1';
  const notice = await api(base, 'GET', `${v1}/privacy/notice?${new URLSearchParams({ orgId, txnId })}`, {
    token,
  }).catch(() => null);
  if (!notice?.hash) return;
  await api(base, 'POST', `${v1}/privacy/consent`, {
    token,
    body: {
      orgId,
      txnId,
      noticeHash: notice.hash,
      purposes: notice.purposes.map((p) => ({ purpose: p.purpose, granted: true })),
    },
  });
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
  {
    key: 'wallet',
    title: '/wallet',
    path: () => '/wallet',
    signedIn: true,
    check: (page) =>
      page.waitForFunction(
        () => window.location.pathname === '/wallet' && !document.querySelector('.MuiSkeleton-root'),
        { timeout: 10_000 },
      ),
  },
  {
    key: 'payment',
    title: 'payment page',
    path: (c) => c.paymentPath,
    shownPath: '/payment?orgId=<orgId>&txId=<txnId>&region=IN (paid demo form, started)',
    signedIn: true,
    check: (page) =>
      page.waitForFunction(
        () =>
          window.location.pathname === '/payment' &&
          document.querySelector('#root button.MuiButton-containedPrimary, #root .MuiButton-contained') &&
          !document.querySelector('.MuiSkeleton-root'),
        { timeout: 10_000 },
      ),
  },
];
const ONLY = process.env.BENCH_PAGES?.split(',').map((k) => k.trim());
const SELECTED = ONLY ? PAGES.filter((p) => ONLY.includes(p.key)) : PAGES;

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
    // BENCH_DUMP_DIR: each run's long tasks and script costs, to see what the blocking time is made of.
    if (process.env.BENCH_DUMP_DIR) {
      const pick = ['long-tasks', 'bootup-time', 'mainthread-work-breakdown', 'network-requests'];
      const dump = Object.fromEntries(pick.map((id) => [id, a[id]?.details?.items]));
      writeFileSync(join(process.env.BENCH_DUMP_DIR, `${spec.key}-${Date.now()}.json`), JSON.stringify(dump));
    }
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

/** A fresh chromium with its own profile (cold cache), killed afterwards by `closeBrowser`. */
function launch(executablePath, profileDir, viewport = null) {
  return puppeteer.launch({
    executablePath,
    headless: true,
    defaultViewport: viewport,
    userDataDir: profileDir,
    args: CHROMIUM_ARGS,
  });
}

async function closeBrowser(browser) {
  await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000).unref())]);
  browser.process()?.kill('SIGKILL');
}

/**
 * The screen as plain HTML (the floor): its DOM after the app drew it, with every CSS rule the page
 * holds (emotion inserts its rules through the CSSOM, so they are read from there), no script.
 */
function snapshotHtml() {
  return (appBase) => {
    const css = [...document.styleSheets]
      .map((sheet) => {
        try {
          return [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
        } catch {
          return '';
        }
      })
      .join('\n')
      .replace(/url\((["']?)\//g, `url($1${appBase}/`);
    const root = document.getElementById('root').cloneNode(true);
    for (const node of root.querySelectorAll('script')) node.remove();
    const title = document.title.replace(/</g, '&lt;');
    return `<!doctype html><html lang="${document.documentElement.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${css}</style></head><body>${root.outerHTML}</body></html>`;
  };
}

/** Takes the floor of each page: the app's screen at Lighthouse's mobile size, saved as plain HTML. */
async function takeFloors({ executablePath, dir, base, candidate, specs }) {
  const floors = {};
  for (const spec of specs) {
    const profileDir = join(dir, `chromium-floor-${spec.key}`);
    const browser = await launch(executablePath, profileDir, {
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await browser.newPage();
      if (spec.signedIn) await signInPage(page, base, candidate.session);
      await spec.prepare?.(page, base, candidate);
      // Not networkidle: the app keeps its live-notification stream open.
      await page.goto(`${base}${spec.path(candidate)}`, { waitUntil: 'load' });
      await spec.check(page);
      await new Promise((r) => setTimeout(r, 1000));
      floors[spec.key] = await page.evaluate(snapshotHtml(), base);
    } finally {
      await closeBrowser(browser);
      rmSync(profileDir, { recursive: true, force: true });
    }
  }
  return floors;
}

/** Serves the floors as a static server would: /floor/<key>, compressed when the client accepts it. */
async function serveFloors(floors) {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    const key = (req.url ?? '').replace(/^\/floor\//, '').split('?')[0];
    const html = floors[key];
    if (!html) {
      res.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(html) : html);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${port}` };
}

/**
 * Records, from the page's first script on, when `selector` is first usable: present, enabled and,
 * for the app (`react`), with React's handlers on it (drawn or hydrated), on every animation frame.
 */
function watchUsable(selector, react) {
  // Kept for BENCH_DUMP_DIR: what the main thread was busy with before the screen was usable.
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the dump has none.
  }
  const tick = () => {
    const el = document.querySelector(selector);
    const ready =
      el && !el.disabled && (!react || Object.keys(el).some((key) => key.startsWith('__reactProps')));
    if (ready) window.__usableAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * One cold load on the slow-phone profile (issue 31 §2: 1.6 Mbps, 150 ms RTT, CPU 4x, DevTools
 * throttling): `prepare` runs unthrottled (the session, the tab's state), then the cache is cleared
 * and the page loaded; answers ms from navigation start until `selector` is usable.
 */
async function slowPhoneOnce({ executablePath, profileDir, url, selector, react, prepare }) {
  const browser = await launch(executablePath, profileDir, {
    width: 360,
    height: 740,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await browser.newPage();
    await prepare?.(page);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluateOnNewDocument(watchUsable, selector, react);
    const trace = process.env.BENCH_DUMP_DIR && process.env.BENCH_TRACE;
    if (trace)
      await page.tracing.start({
        path: join(process.env.BENCH_DUMP_DIR, `trace-${basename(profileDir)}.json`),
      });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForFunction(() => window.__usableAt !== undefined, { timeout: 60_000 });
    if (trace) await page.tracing.stop();
    if (process.env.BENCH_DUMP_DIR) {
      // The waterfall of the run: what each request waited for, to see what the figure is made of.
      const waterfall = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({
          name: e.name.replace(window.location.origin, ''),
          start: Math.round(e.startTime),
          responseStart: Math.round(e.responseStart),
          end: Math.round(e.responseEnd),
          bytes: e.transferSize,
        })),
      );
      writeFileSync(
        join(process.env.BENCH_DUMP_DIR, `slow-${basename(profileDir)}.json`),
        JSON.stringify(
          {
            usableAt: await page.evaluate(() => window.__usableAt),
            longTasks: await page.evaluate(() => window.__longTasks),
            waterfall,
          },
          null,
          1,
        ),
      );
    }
    return Math.round(await page.evaluate(() => window.__usableAt));
  } finally {
    await closeBrowser(browser);
    rmSync(profileDir, { recursive: true, force: true });
  }
}

const OTP_INPUT = 'input[autocomplete="one-time-code"]';
const TILES = '[data-testid="tile-group"]';

/**
 * The slow-phone figures: the OTP input after a reload on the OTP step (a phone that switched to its
 * SMS app and back often reloads the tab), and the form home's tiles after a cold reload; each beside
 * its floor, the same screen as plain HTML under the same throttling. Median of RUNS.
 */
async function slowPhone({ executablePath, dir, base, candidate, floorBase, floors }) {
  // The OTP step of a fresh number, reached through the page as a candidate does, then saved.
  const otpPrepare = async (page) => {
    await page.goto(`${base}/login`);
    await page
      .locator('input[type="tel"], input[inputmode="numeric"]')
      .fill(`97766${String(Date.now()).slice(-5)}`);
    await page.locator('::-p-text(Get OTP)').click();
    await page.waitForSelector(OTP_INPUT, { timeout: 20_000 });
  };
  if (!floors.otp) {
    const browser = await launch(executablePath, join(dir, 'chromium-floor-otp'), {
      width: 360,
      height: 740,
      isMobile: true,
    });
    try {
      const page = await browser.newPage();
      await otpPrepare(page);
      floors.otp = await page.evaluate(snapshotHtml(), base);
    } finally {
      await closeBrowser(browser);
    }
  }
  const formHome = PAGES.find((p) => p.key === 'formHome');
  const cases = {
    otp: { url: `${base}/login`, selector: OTP_INPUT, prepare: otpPrepare },
    tiles: {
      url: `${base}${candidate.formHomePath}`,
      selector: TILES,
      prepare: async (page) => {
        await signInPage(page, base, candidate.session);
        await formHome.prepare(page, base, candidate);
      },
    },
  };
  const out = {};
  // BENCH_SLOW=tiles (or otp) measures one of the two.
  const only = process.env.BENCH_SLOW?.split(',').map((k) => k.trim());
  for (const [key, c] of Object.entries(cases)) {
    if (only && !only.includes(key)) continue;
    const app = [];
    const floor = [];
    for (let i = 0; i < RUNS; i++) {
      app.push(
        await slowPhoneOnce({
          executablePath,
          profileDir: join(dir, `chromium-slow-${key}-${i}`),
          url: c.url,
          selector: c.selector,
          react: true,
          prepare: c.prepare,
        }),
      );
      floor.push(
        await slowPhoneOnce({
          executablePath,
          profileDir: join(dir, `chromium-slow-floor-${key}-${i}`),
          url: `${floorBase}/floor/${key === 'tiles' ? 'formHome' : 'otp'}`,
          selector: c.selector,
          react: false,
        }),
      );
      console.log(`slow phone ${key} run ${i + 1}: app ${app.at(-1)} ms, floor ${floor.at(-1)} ms`);
    }
    out[key] = { app: median(app), floor: median(floor), appRuns: app, floorRuns: floor };
  }
  return out;
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

/** This run's table: each page and measure beside its floor (the same screen as plain HTML) and target. */
export function floorTable(entry) {
  const cells = (values) => `| ${values.join(' | ')} |`;
  const lines = [
    cells(['page', 'measure', 'target', 'app', 'floor (plain HTML)', 'app / floor']),
    cells(['---', '---', '---', '---', '---', '---']),
  ];
  const ratio = (a, f) => (f > 0 ? `×${(a / f).toFixed(2)}` : '—');
  for (const [key, result] of Object.entries(entry.pages))
    for (const [metric, target] of Object.entries(TARGETS[key] ?? {})) {
      const value = result.median[metric];
      const floor = result.floor?.median[metric];
      lines.push(
        cells([
          result.title,
          METRIC_TITLES[metric],
          targetText(metric, target),
          fmt[metric](value),
          floor === undefined ? '—' : fmt[metric](floor),
          metric === 'score' || metric === 'cls' || floor === undefined ? '' : ratio(value, floor),
        ]),
      );
    }
  const SLOW_TITLES = { otp: 'OTP input usable (reload on the OTP step)', tiles: 'form home tiles usable' };
  for (const [key, result] of Object.entries(entry.slowPhone ?? {}))
    lines.push(
      cells([
        'slow phone, cold',
        SLOW_TITLES[key],
        `≤ ${(SLOW_TARGETS[key] / 1000).toFixed(1)} s`,
        `${(result.app / 1000).toFixed(2)} s`,
        `${(result.floor / 1000).toFixed(2)} s`,
        ratio(result.app, result.floor),
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
  let slow = null;
  let floorServer;
  try {
    const candidate = await prepareCandidate(base);
    const floors = await takeFloors({ executablePath, dir, base, candidate, specs: SELECTED });
    floorServer = await serveFloors(floors);
    const measure = async (spec, floor) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const profileDir = join(dir, `chromium-${spec.key}-${floor ? 'floor-' : ''}${i}`);
        const once = await measureWithRetry({
          executablePath,
          profileDir,
          base: floor ? floorServer.base : base,
          spec: floor
            ? {
                key: spec.key,
                title: `${spec.title} floor`,
                path: () => `/floor/${spec.key}`,
                check: async () => {},
              }
            : spec,
          candidate,
        });
        info ??= once;
        runs.push(once.run);
        const r = once.run;
        console.log(
          `${spec.title}${floor ? ' floor' : ''} run ${i + 1}: score ${r.score}, FCP ${r.fcp} ms, LCP ${r.lcp} ms, TBT ${r.tbt} ms, CLS ${r.cls}, CPU index ${r.benchmarkIndex}, LCP element ${r.lcpElement}`,
        );
      }
      const med = {};
      for (const metric of ['score', 'fcp', 'lcp', 'tbt', 'cls', 'benchmarkIndex'])
        med[metric] = median(runs.map((r) => r[metric]));
      return { median: med, runs };
    };
    for (const spec of SELECTED) {
      const app = await measure(spec, false);
      const floor = await measure(spec, true);
      results[spec.key] = {
        title: spec.title,
        path: spec.shownPath ?? spec.path(candidate),
        ...app,
        floor,
      };
    }
    if (!process.env.BENCH_SKIP_SLOW_PHONE) {
      if (!floors.formHome) {
        const extra = await takeFloors({
          executablePath,
          dir,
          base,
          candidate,
          specs: PAGES.filter((p) => p.key === 'formHome'),
        });
        floors.formHome = extra.formHome;
      }
      slow = await slowPhone({ executablePath, dir, base, candidate, floorBase: floorServer.base, floors });
    }
  } finally {
    floorServer?.server.close();
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
    ...(slow ? { slowPhone: slow } : {}),
  };
  const pages = { ...(previous.pages ?? {}), [label]: entry };
  console.log(`\nLoad average before ${loadBefore.join(', ')}; after ${loadAfter.join(', ')}\n`);
  console.log(markdownTable(pages));
  console.log(`\n${floorTable(entry)}`);

  const rows = [];
  for (const spec of SELECTED)
    for (const [metric, target] of Object.entries(TARGETS[spec.key])) {
      const value = results[spec.key].median[metric];
      const ok = metric === 'score' ? value >= target : value <= target;
      const floor = results[spec.key].floor.median[metric];
      rows.push({
        measure: `${spec.title} ${METRIC_TITLES[metric]}, Lighthouse mobile median [${label}] (floor ${fmt[metric](floor)})`,
        value: metric === 'lcp' ? Math.round(value) : value,
        unit: metric === 'score' || metric === 'cls' ? '' : 'ms',
        target: targetText(metric, target, true),
        ok,
      });
    }
  for (const [key, result] of Object.entries(slow ?? {}))
    rows.push({
      measure: `slow phone (1.6 Mbps, 150 ms, CPU 4x), cold: ${key === 'otp' ? 'OTP input' : 'form home tiles'} usable (floor ${result.floor} ms)`,
      value: result.app,
      unit: 'ms',
      target: `≤ ${SLOW_TARGETS[key]} ms`,
      ok: result.app <= SLOW_TARGETS[key],
    });
  return { rows, extra: { pages } };
}
