// Uploads on a slow link (issue 31 §1, ADR 0050 "Resumable uploads (tus)"): the built server behind a
// TCP proxy that throttles both directions to BENCH_LINK_KBITS (256 kbit/s by default), a tus client
// (tus-js-client's Node build, 5 MB PATCHes, as the candidate app sends them):
// - a 10 MB PDF uncut, then the same cut at 60 % (the proxy drops every connection once 60 % of the
//   file went up; the client resumes from the server's offset): the cut one within 1.1× the uncut time;
// - a 25 MB PDF at the same rate: it must arrive (one multipart request of it was cut by the 660 s
//   request timeout).
// At 256 kbit/s this takes about 25 minutes; BENCH_LINK_KBITS=2048 checks the mechanics in about three.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Upload } from 'tus-js-client';
import { startServer, stopServer, waitForHealth } from '../scripts/lib.mjs';
import { signIn } from './throughput.mjs';

export const name = 'slow-link-upload';

const MB = 1_000_000;
const kbits = Number(process.env.BENCH_LINK_KBITS ?? 256);
const bytesPerSecond = (kbits * 1000) / 8;

async function pdfOfSize(size) {
  let padding = 0;
  for (let i = 0; i < 6; i++) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText('Veridocs slow-link bench', { x: 50, y: 780, size: 24, font });
    if (padding > 0) doc.context.register(doc.context.stream(new Uint8Array(padding)));
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`no PDF of ${size} bytes`);
}

/**
 * A TCP proxy to `target` that lets `bytesPerSecond` through each way (10 ms slices) and, while
 * `cutAt` is set, destroys every connection once that many request bytes went up in all (then clears it).
 */
function throttlingProxy(target) {
  const state = { up: 0, cutAt: null, cuts: 0, sockets: new Set() };
  const pace = (from, to, count) => {
    const queue = [];
    let paused = false;
    from.on('data', (chunk) => {
      queue.push(chunk);
      if (!paused) {
        paused = true;
        from.pause();
        drain();
      }
    });
    function drain() {
      const slice = Math.max(1, Math.round(bytesPerSecond / 100));
      let budget = slice;
      while (budget > 0 && queue.length > 0) {
        const head = queue[0];
        const part = head.subarray(0, budget);
        if (part.length === head.length) queue.shift();
        else queue[0] = head.subarray(part.length);
        budget -= part.length;
        if (count) {
          state.up += part.length;
          if (state.cutAt !== null && state.up >= state.cutAt) {
            state.cutAt = null;
            state.cuts += 1;
            for (const s of state.sockets) s.destroy();
            return;
          }
        }
        if (!to.destroyed) to.write(part);
      }
      if (queue.length > 0) setTimeout(drain, 10);
      else {
        paused = false;
        from.resume();
      }
    }
    from.on('end', () => to.end());
  };
  const server = createServer((client) => {
    const upstream = connect(target);
    state.sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      state.sockets.delete(client);
      state.sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    pace(client, upstream, true);
    pace(upstream, client, false);
  });
  return { server, state };
}

/** One tus upload of `bytes` through `base`; resolves to the answer's envelope and the seconds taken. */
function tusUpload(base, token, bytes) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${base}/api/utility/files/uploads`,
      headers: { authorization: `Bearer ${token}`, 'partner-org-id': 'veridocs' },
      metadata: { filename: 'bench.pdf', filetype: 'application/pdf' },
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      uploadSize: bytes.length,
      onSuccess: ({ lastResponse }) =>
        resolve({
          envelope: JSON.parse(lastResponse.getBody()),
          seconds: (performance.now() - started) / 1000,
        }),
      onError: reject,
    });
    upload.start();
  });
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-slow-'));
  const port = 3262;
  const server = await startServer({
    port,
    dataDir,
    env: { UPLOAD_RATE_PER_MINUTE: '10000', UPLOAD_BYTES_PER_HOUR: '100000000000', OCR_WORKER: 'off' },
  });
  const { server: proxy, state } = throttlingProxy({ host: '127.0.0.1', port });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const slow = `http://127.0.0.1:${proxy.address().port}`;
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, 60_000, server);
    const token = await signIn(`http://127.0.0.1:${port}`, '9876500031');
    const ten = await pdfOfSize(10 * MB);
    console.log(`link ${kbits} kbit/s: 10 MB uncut…`);
    const uncut = await tusUpload(slow, token, ten);
    console.log(`  ${uncut.seconds.toFixed(1)} s, code ${uncut.envelope.code}`);
    console.log('10 MB cut at 60 %…');
    state.cutAt = state.up + Math.round(ten.length * 0.6);
    const cut = await tusUpload(slow, token, ten);
    console.log(`  ${cut.seconds.toFixed(1)} s, code ${cut.envelope.code}, connections cut ${state.cuts}`);
    if (state.cuts !== 1) throw new Error('the upload was not cut');
    console.log('25 MB…');
    const big = await tusUpload(slow, token, await pdfOfSize(25 * MB));
    console.log(`  ${big.seconds.toFixed(1)} s, code ${big.envelope.code}, size ${big.envelope.data?.size}`);
    const ratio = cut.seconds / uncut.seconds;
    const r2 = (v) => Math.round(v * 100) / 100;
    return [
      {
        measure: `10 MB upload at ${kbits} kbit/s cut at 60 %, time vs uncut (tus)`,
        value: r2(ratio),
        unit: `× (${uncut.seconds.toFixed(0)} s uncut, ${cut.seconds.toFixed(0)} s cut)`,
        target: '≤ 1.1×',
        ok: uncut.envelope.code === 0 && cut.envelope.code === 0 && ratio <= 1.1,
      },
      {
        measure: `25 MB upload at ${kbits} kbit/s (tus, 5 MB PATCHes)`,
        value: big.envelope.code === 0 ? 'arrived' : `refused ${big.envelope.code}`,
        unit: `in ${big.seconds.toFixed(0)} s`,
        target: 'arrives',
        ok: big.envelope.code === 0 && big.envelope.data?.size === 25 * MB,
      },
    ];
  } finally {
    for (const socket of state.sockets) socket.destroy();
    proxy.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
