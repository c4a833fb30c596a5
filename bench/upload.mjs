// Uploads a generated 5 MB and 25 MB PDF (padded to exact sizes) to the built server and reports the
// throughput and the server's resident memory: sampled from /proc/<pid>/status every 5 ms during each
// upload, against the level after a 1 MB warm-up upload. Memory must not grow with the file size: the
// file is streamed to storage (never held whole), so the 25 MB upload may not cost ~20 MB more than
// the 5 MB one. OCR is off (OCR_WORKER=off): this measures the request path (stream, hash, checks).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { spawn } from 'node:child_process';
import { root, startServer, stopServer, waitForHealth } from '../scripts/lib.mjs';
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
  if (json.data.size !== bytes.length) throw new Error(`stored ${json.data.size} bytes, sent ${bytes.length}`);
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
      console.log(`${label}, ${size}: ${mbps.toFixed(1)} MB/s, server RSS peak ${(peakKb / 1024).toFixed(1)} MB (+${grewMb.toFixed(1)} MB over ${(baseline / 1024).toFixed(1)} MB)`);
      if (size.endsWith('again'))
        rows.push(
          { measure: `upload ${size.replace(' again', '')} throughput (${label})`, value: Math.round(mbps * 10) / 10, unit: 'MB/s', target: '(loopback)', ok: true },
          { measure: `upload ${size.replace(' again', '')} server RSS growth (${label})`, value: Math.round(grewMb * 10) / 10, unit: 'MB', target: '(vs. warm baseline)', ok: true },
        );
    }
    // The second round is the steady state; a 25 MB upload may not cost ~20 MB more than a 5 MB one.
    const diff = growth['25 MB again'] - growth['5 MB again'];
    rows.push({
      measure: `server RSS growth, 25 MB minus 5 MB upload (${label})`,
      value: Math.round(diff * 10) / 10,
      unit: 'MB',
      target: label.startsWith('stream') ? '< 10 (file sizes differ by 20)' : '(the documents checks read the file)',
      ok: label.startsWith('stream') ? diff < 10 : true,
    });
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const files = { warmup: await pdfOfSize(1 * MB), small: await pdfOfSize(5 * MB), large: await pdfOfSize(25 * MB) };
  const env = { OCR_WORKER: 'off' };
  // The upload path alone: the same built server with the checks stubbed (bench/upload-server.mjs).
  const streamOnly = await measure('stream path, checks stubbed', async (dataDir) => {
    const port = 3251;
    const server = spawn(process.execPath, ['bench/upload-server.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(`http://127.0.0.1:${port}`, 60_000, server);
    return { server, port };
  }, files);
  // The product as shipped: streaming plus the documents checks (modules/documents/analysis).
  const full = await measure('with the documents checks', async (dataDir) => {
    const port = 3250;
    return { server: await startServer({ port, dataDir, env }), port };
  }, files);
  return [...streamOnly, ...full];
}
