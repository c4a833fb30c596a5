import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpaAndNotFound } from './spa.js';

const script = `console.log(${JSON.stringify('veridocs '.repeat(400))});`;
let dist: string;

/** A built SPA as apps/web writes it: an index page and a hashed asset with its .br and .gz copies. */
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'veridocs-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'sign-in-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'sign-in-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'sign-in-abc123.js.gz'), gzipSync(script));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function spa() {
  const app = Fastify();
  await registerSpaAndNotFound(app, dist);
  return app;
}

describe('the built SPA', () => {
  it('sends the precompressed asset a client accepts (brotli first), cached for a year', async () => {
    const app = await spa();
    const br = await app.inject({
      url: '/assets/sign-in-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/sign-in-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    await app.close();
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const app = await spa();
    const plain = await app.inject({
      url: '/assets/sign-in-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });

  it('answers client-side routes with index.html, revalidated, and unknown API routes with the 404 envelope', async () => {
    const app = await spa();
    const page = await app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(Number), data: null });
    await app.close();
  });
});

describe('the pre-rendered pages (issue 10 §1)', () => {
  let built: string;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'veridocs-spa-pre-'));
    mkdirSync(join(built, 'prerendered', 'hi'), { recursive: true });
    writeFileSync(join(built, 'index.html'), '<div id="root">index</div>');
    const files = {
      'login.html': 'login form',
      'terms.html': 'terms',
      'shell.html': 'app shell',
      'wallet-shell.html': 'wallet frame',
      'payment-shell.html': 'checkout frame',
      'hi/login.html': 'हिन्दी login form',
      'hi/shell.html': 'हिन्दी app shell',
      'form-shell.html':
        '<meta name="veridocs-form" content="__VERIDOCS_FORM_ID__" data-org="__VERIDOCS_ORG_NAME__">' +
        '<h2>__VERIDOCS_ORG_NAME__ is requesting</h2><p>__VERIDOCS_FORM_NAME__</p>' +
        '<a href="/ekyc/__VERIDOCS_FORM_ID__/__VERIDOCS_TXN_ID__?orgId=__VERIDOCS_ORG_ID__">back</a>',
    };
    for (const [file, text] of Object.entries(files))
      writeFileSync(join(built, 'prerendered', file), `<div id="root">${text}</div>`);
    writeFileSync(
      join(built, 'prerendered', 'manifest.json'),
      JSON.stringify({
        defaultLanguage: 'en',
        languageCookie: 'veridocs-language',
        languages: {
          en: {
            pages: { '/login': 'login.html', '/terms': 'terms.html', '/wallet': 'wallet-shell.html' },
            shell: 'shell.html',
            formShell: 'form-shell.html',
            paymentShell: 'payment-shell.html',
          },
          hi: { pages: { '/login': 'hi/login.html' }, shell: 'hi/shell.html' },
        },
      }),
    );
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it('sends each public page its own HTML and every other page the app shell, revalidated', async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, built);
    const body = async (url: string, cookie?: string) => {
      const reply = await app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers.vary, url).toMatch(/\bCookie\b/);
      return reply.body;
    };
    expect(await body('/login')).toContain('>login form');
    expect(await body('/login?orgId=demo-university')).toContain('>login form');
    expect(await body('/terms')).toContain('terms');
    expect(await body('/')).toContain('>app shell');
    expect(await body('/ekyc/demo-form?orgId=demo-university')).toContain('>app shell');
    expect(await body('/profile')).toContain('>app shell');
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    await app.close();
  });

  it('sends /wallet its own frame, and /payment the checkout frame only for a checkout link (issue 31)', async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, built);
    const body = async (url: string) => (await app.inject({ url })).body;
    expect(await body('/wallet')).toContain('>wallet frame');
    expect(await body('/payment?orgId=o&txId=t&region=IN')).toContain('>checkout frame');
    expect(await body('/payment?orgId=o&txnId=t&region=INTL')).toContain('>checkout frame');
    // The other payment screens (status, cancelled, receipt) and incomplete links get the plain shell.
    for (const query of [
      'orgId=o&txId=t&region=IN&order_id=x',
      'orgId=o&txId=t&region=IN&cancelled=true',
      'transactionHistory=true',
      'orgId=o&txId=t',
      'orgId=o&txId=t&region=US',
      'txId=t&region=IN',
    ])
      expect(await body(`/payment?${query}`), query).toContain('>app shell');
    expect(await body('/choose-payment-region?orgId=o&txId=t&region=IN')).toContain('>app shell');
    // Hindi has no checkout frame in this build: its plain shell.
    const hindi = await app.inject({
      url: '/payment?orgId=o&txId=t&region=IN',
      headers: { cookie: 'veridocs-language=hi' },
    });
    expect(hindi.body).toContain('हिन्दी app shell');
    await app.close();
  });

  it("sends a reloaded form home its heading, escaped, only for the tab's transaction and the org's form", async () => {
    const app = Fastify();
    const asked: string[] = [];
    await registerSpaAndNotFound(app, built, async (formId, orgId) => {
      asked.push(`${formId}@${orgId}`);
      return formId === 'demo-form' && orgId === 'demo-university'
        ? { orgName: 'Demo <University> & "Co"', formName: "Admissions '26" }
        : null;
    });
    const txn = '0b6f3c1e-8f0a-4c55-9d7e-2a1b3c4d5e6f';
    const get = (url: string, cookie: string, encoding = 'identity') =>
      app.inject({ url, headers: { cookie, 'accept-encoding': encoding } });
    const home = `/ekyc/demo-form/${txn}?orgId=demo-university`;

    const page = await get(home, `veridocs-form-home=${txn}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/\bCookie\b/);
    expect(page.body).toBe(
      '<div id="root"><meta name="veridocs-form" content="demo-form" data-org="Demo &lt;University&gt; &amp; &quot;Co&quot;">' +
        '<h2>Demo &lt;University&gt; &amp; &quot;Co&quot; is requesting</h2><p>Admissions &#39;26</p>' +
        `<a href="/ekyc/demo-form/${txn}?orgId=demo-university">back</a></div>`,
    );
    const br = await get(home, `veridocs-form-home=${txn}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gz = await get(home, `veridocs-form-home=${txn}`, 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page.body);

    // The plain shell: another transaction's cookie or none (a new tab shows the init screen first),
    // a form of another org or none, ids that are not plain.
    expect((await get(home, 'veridocs-form-home=another')).body).toContain('>app shell');
    expect((await get(home, '')).body).toContain('>app shell');
    expect((await get(`/ekyc/demo-form/${txn}?orgId=other-org`, `veridocs-form-home=${txn}`)).body).toContain(
      '>app shell',
    );
    expect((await get(`/ekyc/demo-form/${txn}`, `veridocs-form-home=${txn}`)).body).toContain('>app shell');
    const odd = await get('/ekyc/demo-form/%3Cb%3E?orgId=demo-university', 'veridocs-form-home=%3Cb%3E');
    expect(odd.body).toContain('>app shell');
    expect(asked).toEqual([
      'demo-form@demo-university',
      'demo-form@demo-university',
      'demo-form@demo-university',
      'demo-form@other-org',
    ]);
    await app.close();
  });

  it('sends the pages of the language the candidate chose, English where there is none', async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, built);
    const body = async (url: string, cookie: string) => (await app.inject({ url, headers: { cookie } })).body;
    expect(await body('/login', 'a=1; veridocs-language=hi')).toContain('हिन्दी login form');
    expect(await body('/', 'veridocs-language=hi')).toContain('हिन्दी app shell');
    expect(await body('/profile', 'veridocs-language=hi')).toContain('हिन्दी app shell');
    expect(await body('/login', 'veridocs-language=en')).toContain('>login form');
    expect(await body('/login', 'veridocs-language=fr')).toContain('>login form');
    expect(await body('/login', 'veridocs-language=__proto__')).toContain('>login form');
    await app.close();
  });
});

describe('the console under /ops (ADR 0027)', () => {
  let consoleDist: string;
  const consoleScript = `console.log(${JSON.stringify('console '.repeat(400))});`;
  beforeAll(() => {
    consoleDist = mkdtempSync(join(tmpdir(), 'veridocs-console-'));
    mkdirSync(join(consoleDist, 'assets'));
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>Veridocs Console</title>');
    writeFileSync(join(consoleDist, 'assets', 'index-def456.js'), consoleScript);
    writeFileSync(join(consoleDist, 'assets', 'index-def456.js.br'), brotliCompressSync(consoleScript));
  });
  afterAll(() => rmSync(consoleDist, { recursive: true, force: true }));

  it("sends every /ops page the console's index.html, never the candidate app's", async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, dist, undefined, consoleDist);
    for (const url of ['/ops', '/ops/', '/ops/queues', '/ops/cases/abc?x=1', '/ops/admin/staff']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('Veridocs Console');
    }
    // The candidate app keeps its own pages.
    expect((await app.inject({ url: '/login' })).body).toContain('<div id="root">');
    await app.close();
  });

  it('sends its hashed assets precompressed and cached for a year; a missing one is a 404', async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, dist, undefined, consoleDist);
    const asset = await app.inject({
      url: '/ops/assets/index-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(consoleScript);
    const missing = await app.inject({ url: '/ops/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 101 });
    await app.close();
  });

  it('leaves /ops to the candidate app when the console is not built', async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, dist, undefined, join(consoleDist, 'not-built'));
    const page = await app.inject({ url: '/ops/queues' });
    expect(page.body).not.toContain('Veridocs Console');
    await app.close();
  });
});

describe('the organisation portal under /org (ADR 0047)', () => {
  let consoleDist: string;
  let orgDist: string;
  const orgScript = `console.log(${JSON.stringify('portal '.repeat(400))});`;
  beforeAll(() => {
    consoleDist = mkdtempSync(join(tmpdir(), 'veridocs-console-'));
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>Veridocs Console</title>');
    orgDist = mkdtempSync(join(tmpdir(), 'veridocs-org-'));
    mkdirSync(join(orgDist, 'assets'));
    writeFileSync(join(orgDist, 'index.html'), '<!doctype html><title>Veridocs for organisations</title>');
    writeFileSync(join(orgDist, 'assets', 'index-0a1b2c.js'), orgScript);
    writeFileSync(join(orgDist, 'assets', 'index-0a1b2c.js.br'), brotliCompressSync(orgScript));
  });
  afterAll(() => {
    rmSync(consoleDist, { recursive: true, force: true });
    rmSync(orgDist, { recursive: true, force: true });
  });

  it("sends every /org page the portal's index.html, and keeps /ops the console's", async () => {
    const app = Fastify();
    await registerSpaAndNotFound(app, dist, undefined, consoleDist, orgDist);
    for (const url of [
      '/org',
      '/org/',
      '/org/dashboard',
      '/org/candidates/abc?x=1',
      '/org/invitation?token=t',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('Veridocs for organisations');
    }
    expect((await app.inject({ url: '/ops/queues' })).body).toContain('Veridocs Console');
    expect((await app.inject({ url: '/login' })).body).toContain('<div id="root">');
    // A page whose path only starts like the portal's is the candidate app's.
    expect((await app.inject({ url: '/organisation' })).body).not.toContain('Veridocs for organisations');
    const asset = await app.inject({
      url: '/org/assets/index-0a1b2c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(orgScript);
    expect((await app.inject({ url: '/org/assets/gone-000.js' })).statusCode).toBe(404);
    await app.close();
  });
});
