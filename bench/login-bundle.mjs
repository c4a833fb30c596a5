// The gzip size of the JavaScript that /login loads, measured in a real browser (target ≤ 160 KB, ADR 0012).
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, startServer, stopServer } from '../scripts/lib.mjs';

export const name = 'login-bundle';

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3210;
  const server = await startServer({ port, dataDir });
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Mobile Number').waitFor();
    let raw = 0;
    let gz = 0;
    let sent = 0;
    for (const res of scripts) {
      const body = await res.body();
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
      // What went over the wire: the server sends the build's precompressed brotli copies.
      sent += (await res.request().sizes()).responseBodySize;
    }
    const kb = (n) => Math.round((n / 1024) * 10) / 10;
    console.log(`${scripts.length} scripts, ${kb(raw)} KB raw`);
    return [
      {
        measure: '/login JavaScript (gzip)',
        value: kb(gz),
        unit: 'KB',
        target: '≤ 160 KB',
        ok: gz <= 160 * 1024,
      },
      {
        measure: '/login JavaScript as sent (brotli)',
        value: kb(sent),
        unit: 'KB',
        target: '(measured)',
        ok: true,
      },
    ];
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
