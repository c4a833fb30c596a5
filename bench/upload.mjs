// Uploads a generated 5 MB and 25 MB PDF (padded to exact sizes) to the built server and reports the
// throughput and the server's resident memory: sampled from /proc/<pid>/status every 5 ms during each
// upload, against the level after a 1 MB warm-up upload. Memory must not grow with the file size: the
// file is streamed to storage (never held whole), so the 25 MB upload may not cost ~20 MB more than
// the 5 MB one. OCR is off (OCR_WORKER=off): this measures the request path (stream, hash, checks).
//
// Then the limits of issue 9 on the product as shipped (checks in their process pool, OCR on): the API
// process's RSS growth during one 25 MB upload and during 10 concurrent ones (child processes are not the
// API's memory, and are reported apart), the time to refuse a 400 MiB-inflating PDF, and the p99 of
// /api/health polled one request at a time while the 10 uploads and the bomb run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { spawn } from 'node:child_process';
import { root, startServer, stopServer, waitForHealth } from '../scripts/lib.mjs';
import { pdfBomb } from './pdf-bomb.mjs';
import { signIn } from './throughput.mjs';

export const name = 'upload';

const MB = 1_000_000;

async function pdfOfSize(size) {
  let padding = 0;
  for (let i = 0; i < 6; i++) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText('Veridocs bench document', { x: 50, y: 780, size: 24, font });
    if (padding > 0) doc.context.register(doc.context.stream(new Uint8Array(padding)));
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`no PDF of ${size} bytes`);
}

const rssKb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
};

function post(base, token, bytes) {
  const form = new FormData();
  form.append('folderName', 'bench');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
  return fetch(`${base}/api/utility/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' },
    body: form,
  }).then((res) => res.json().then((json) => ({ status: res.status, json })));
}

/** Every process below `pid` (the document-check pool), and their summed RSS in KB. */
function childrenRssKb(pid) {
  let total = 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean))
      total += rssKb(Number(child)) + childrenRssKb(Number(child));
  } catch {
    // gone
  }
  return total;
}

/** User + system CPU seconds of a process (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the API's RSS stops moving (start-up garbage collected), at most 30 s; answers it in KB. */
async function settledRssKb(pid) {
  const samples = [];
  for (let i = 0; i < 60; i++) {
    samples.push(rssKb(pid));
    const last = samples.slice(-5);
    if (last.length === 5 && Math.max(...last) - Math.min(...last) < 2048) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`API RSS while settling: ${samples.map((kb) => (kb / 1024).toFixed(0)).join(' → ')} MB`);
  return samples.at(-1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function hardening(files) {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3252;
  const env = {
    UPLOAD_RATE_PER_MINUTE: '10000',
    UPLOAD_BYTES_PER_HOUR: '100000000000',
    OCR_WORKER: process.env.BENCH_OCR ?? 'on',
  };
  const server = await startServer({ port, dataDir, env });
  const base = `http://127.0.0.1:${port}`;
  const rows = [];
  try {
    const token = await signIn(base, '9876500004');
    for (let i = 0; i < 3; i++) await upload(base, token, files.warmup, server.pid);
    await upload(base, token, files.large, server.pid);
    // /api/health with nothing else running on this server: the machine's own noise.
    const idle = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      idle.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
    const settled = await settledRssKb(server.pid);
    const baseline = rssKb(server.pid);
    if (baseline - settled > 2048)
      console.log(
        `(RSS moved after settling: ${(settled / 1024).toFixed(0)} → ${(baseline / 1024).toFixed(0)} MB)`,
      );
    const { peakKb } = await upload(base, token, files.large, server.pid);
    // Below zero means the peak stayed under the baseline (start-up garbage collected meanwhile): no growth.
    const one = Math.max(0, (peakKb - baseline) / 1024);
    console.log(
      `one 25 MB upload: API RSS ${(baseline / 1024).toFixed(1)} → peak ${(peakKb / 1024).toFixed(1)} MB (+${one.toFixed(1)})`,
    );

    // 10 at once, /api/health polled one request at a time while they (and then the bomb) run.
    let peak = rssKb(server.pid);
    let childPeak = childrenRssKb(server.pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
      childPeak = Math.max(childPeak, childrenRssKb(server.pid));
    }, 5);
    const health = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const cpuBefore = cpuSeconds(server.pid);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(base, token, files.large)));
    const accepted = results.filter((r) => r.json.code === 0).length;
    const bombStarted = performance.now();
    const bomb = await post(base, token, files.bomb);
    const bombMs = performance.now() - bombStarted;
    const apiCpu = cpuSeconds(server.pid) - cpuBefore;
    polling = false;
    await poller;
    clearInterval(sampler);
    const ten = Math.max(0, (peak - baseline) / 1024);
    const p99 = percentile(health, 99);
    const issue = bomb.json.data?.issues?.[0]?.code;
    console.log(
      `10 concurrent 25 MB uploads: ${accepted}/10 accepted, API RSS ${(baseline / 1024).toFixed(1)} → peak ${(peak / 1024).toFixed(1)} MB; check processes peak ${(childPeak / 1024).toFixed(0)} MB in all`,
    );
    console.log(`API process CPU during the 10 uploads and the bomb: ${apiCpu.toFixed(2)} s`);
    console.log(
      `bomb (${files.bomb.length} bytes, 400 MiB inflated): HTTP ${bomb.status}, code ${bomb.json.code} ${issue}, ${bombMs.toFixed(0)} ms`,
    );
    console.log(
      `/api/health during them: ${health.length} requests, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
    );
    if (accepted !== 10)
      throw new Error(
        `only ${accepted} of 10 concurrent uploads accepted: ${JSON.stringify(results.map((r) => r.json.code))}`,
      );
    const r1 = (v) => Math.round(v * 10) / 10;
    rows.push(
      {
        measure: 'API RSS growth, one 25 MB upload with its checks',
        value: r1(one),
        unit: 'MB',
        target: '≤ 20',
        ok: one <= 20,
      },
      {
        measure: 'API RSS growth, 10 concurrent 25 MB uploads',
        value: r1(ten),
        unit: 'MB',
        target: '≤ 150',
        ok: ten <= 150,
      },
      {
        measure: 'check processes RSS peak, 10 concurrent 25 MB uploads (not the API)',
        value: Math.round(childPeak / 1024),
        unit: 'MB',
        target: '(2 × CHECK_MEMORY_MB = 1536 cap)',
        ok: true,
      },
      {
        measure: 'time to refuse the 400 MiB-inflating PDF (422 PDF_OVERSIZED)',
        value: Math.round(bombMs),
        unit: 'ms',
        target: '< 2000',
        ok: bombMs < 2000 && bomb.status === 422 && issue === 'PDF_OVERSIZED',
      },
      {
        measure: '/api/health p99 during 10 uploads and the bomb',
        value: r1(p99),
        unit: 'ms',
        target: '< 50',
        ok: p99 < 50,
      },
      {
        measure: "/api/health p99 on the same server, idle (the machine's noise)",
        value: r1(percentile(idle, 99)),
        unit: 'ms',
        target: '(context)',
        ok: true,
      },
    );
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function upload(base, token, bytes, pid) {
  const form = new FormData();
  form.append('folderName', 'bench');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
  let peak = rssKb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 5);
  const started = performance.now();
  const res = await fetch(`${base}/api/utility/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' },
    body: form,
  });
  const json = await res.json();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  if (json.code !== 0) throw new Error(`upload failed: ${json.code} ${json.message}`);
  if (json.data.size !== bytes.length)
    throw new Error(`stored ${json.data.size} bytes, sent ${bytes.length}`);
  return { seconds, peakKb: peak };
}

async function measure(label, start, files) {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const { server, port } = await start(dataDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(base, '9876500003');
    for (let i = 0; i < 3; i++) await upload(base, token, files.warmup, server.pid);
    const baseline = rssKb(server.pid);
    const rows = [];
    const growth = {};
    for (const [size, bytes] of [
      ['5 MB', files.small],
      ['25 MB', files.large],
      ['5 MB again', files.small],
      ['25 MB again', files.large],
    ]) {
      const { seconds, peakKb } = await upload(base, token, bytes, server.pid);
      const mbps = bytes.length / MB / seconds;
      const grewMb = Math.max(0, (peakKb - baseline) / 1024);
      growth[size] = grewMb;
      console.log(
        `${label}, ${size}: ${mbps.toFixed(1)} MB/s, server RSS peak ${(peakKb / 1024).toFixed(1)} MB (+${grewMb.toFixed(1)} MB over ${(baseline / 1024).toFixed(1)} MB)`,
      );
      if (size.endsWith('again'))
        rows.push(
          {
            measure: `upload ${size.replace(' again', '')} throughput (${label})`,
            value: Math.round(mbps * 10) / 10,
            unit: 'MB/s',
            target: '(loopback)',
            ok: true,
          },
          {
            measure: `upload ${size.replace(' again', '')} server RSS growth (${label})`,
            value: Math.round(grewMb * 10) / 10,
            unit: 'MB',
            target: '(vs. warm baseline)',
            ok: true,
          },
        );
    }
    // The second round is the steady state; a 25 MB upload may not cost ~20 MB more than a 5 MB one.
    const diff = growth['25 MB again'] - growth['5 MB again'];
    rows.push({
      measure: `server RSS growth, 25 MB minus 5 MB upload (${label})`,
      value: Math.round(diff * 10) / 10,
      unit: 'MB',
      target: label.startsWith('stream')
        ? '< 10 (file sizes differ by 20)'
        : '(the documents checks read the file)',
      ok: label.startsWith('stream') ? diff < 10 : true,
    });
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const files = {
    warmup: await pdfOfSize(1 * MB),
    small: await pdfOfSize(5 * MB),
    large: await pdfOfSize(25 * MB),
    bomb: await pdfBomb(),
  };
  const env = { OCR_WORKER: 'off', UPLOAD_RATE_PER_MINUTE: '10000', UPLOAD_BYTES_PER_HOUR: '100000000000' };
  // The upload path alone: the same built server with the checks stubbed (bench/upload-server.mjs).
  const streamOnly = await measure(
    'stream path, checks stubbed',
    async (dataDir) => {
      const port = 3251;
      const server = spawn(process.execPath, ['bench/upload-server.mjs'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(`http://127.0.0.1:${port}`, 60_000, server);
      return { server, port };
    },
    files,
  );
  // The product as shipped: streaming plus the documents checks (modules/documents/analysis).
  const full = await measure(
    'with the documents checks',
    async (dataDir) => {
      const port = 3250;
      return { server: await startServer({ port, dataDir, env }), port };
    },
    files,
  );
  return [...streamOnly, ...full, ...(await hardening(files))];
}
