// A route's rate as a ratio to a bare Fastify sending the same bytes from memory (bare-bytes-server.mjs),
// measured in the same run, in two ways (issue 31 §4): without Accept-Encoding (both send the JSON as
// it is) and with a browser's `gzip, deflate, br` (both send the same brotli bytes; the bare server has
// them compressed beforehand, checked byte for byte here). The bare rate is taken right before and
// right after the route's and the mean used: a shared machine's rate swings.
import { fork } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const ENCODINGS = [
  { label: 'identity', headers: {} },
  { label: 'br', headers: { 'accept-encoding': 'gzip, deflate, br' } },
];

export async function load(url, headers, connections) {
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** The raw bytes and content-encoding of a GET (fetch would decode them). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'] ?? null, bytes: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** Rates of `url` (with `headers`) and of the bare server sending its bytes, per encoding. */
export async function againstBare({ url, headers, connections, barePort }) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const body = await res.text();
  const bare = fork(join(root, 'bench', 'bare-bytes-server.mjs'), {
    env: { ...process.env, PORT: String(barePort), COMPRESS: '1' },
  });
  bare.send({ bodies: [body] });
  await new Promise((resolve) => bare.once('message', resolve));
  const bareUrl = `http://127.0.0.1:${barePort}/bare/0`;
  try {
    for (const encoding of ENCODINGS) {
      const mine = await rawGet(url, { ...headers, ...encoding.headers });
      const theirs = await rawGet(bareUrl, encoding.headers);
      if (mine.encoding !== theirs.encoding || !mine.bytes.equals(theirs.bytes))
        throw new Error(`the bare server does not send the same bytes (${encoding.label})`);
    }
    const out = [];
    for (const encoding of ENCODINGS) {
      const before = (await load(bareUrl, encoding.headers, connections)).requests.average;
      const app = await load(url, { ...headers, ...encoding.headers }, connections);
      const after = (await load(bareUrl, encoding.headers, connections)).requests.average;
      const bareRps = (before + after) / 2;
      out.push({
        encoding: encoding.label,
        bytes: body.length,
        bareRps,
        appRps: app.requests.average,
        p99: app.latency.p99,
        ratio: app.requests.average / bareRps,
      });
      console.log(
        `${encoding.label}: bare ${Math.round(before)}/${Math.round(after)} req/s, route ${Math.round(app.requests.average)} req/s ` +
          `(p99 ${app.latency.p99} ms), ratio ${(app.requests.average / bareRps).toFixed(2)}`,
      );
    }
    return out;
  } finally {
    bare.kill();
  }
}
