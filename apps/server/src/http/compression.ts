import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Bodies kept and sent again as they are (envelope.ts's encoded envelopes of cached rows). */
const keptBodies = new WeakSet<Buffer>();

/**
 * Marks a body that is kept and sent again unchanged: its compressed forms are kept with it (weakly),
 * so a cached read is compressed once, not per request (issue 31 §4: per-request brotli of a 5 KB
 * answer was a visible part of its CPU).
 */
export function keepCompressed(body: Buffer): Buffer {
  keptBodies.add(body);
  return body;
}

function memoized(compress: (body: Buffer, options?: object) => Buffer) {
  const kept = new WeakMap<Buffer, Buffer>();
  return (body: Buffer, options?: object): Buffer => {
    if (!keptBodies.has(body)) return compress(body, options);
    let out = kept.get(body);
    if (!out) kept.set(body, (out = compress(body, options)));
    return out;
  };
}

/** The plugin's synchronous compressors (answers below its sync threshold), kept bodies memoized. */
const keepingZlib = {
  brotliCompressSync: memoized(zlib.brotliCompressSync),
  gzipSync: memoized(zlib.gzipSync),
};

/** The plugin's default brotli settings (text mode, quality 4): a kept body is compressed alike either way. */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

type Encoding = 'br' | 'gzip';
/** In order of preference when a client accepts both alike. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encoding an Accept-Encoding value picks (RFC 9110 §12.5.3, as the plugin negotiates): the
 * highest weight above 0 among br and gzip (`x-gzip` is gzip, `*` stands for an unnamed one), br on a
 * tie; none when the client names neither or prefers identity.
 */
export function acceptedEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim() === 'x-gzip' ? 'gzip' : token.trim();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const q = /^\s*q\s*=\s*([\d.]+)\s*$/u.exec(param);
      if (q) weight = Number(q[1]) || 0;
    }
    weights.set(name, Math.max(weights.get(name) ?? 0, weight));
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best && (weights.get('identity') ?? 0) <= bestWeight ? best : null;
}

/** Accept-Encoding values seen, with what each picks: clients send a handful of distinct ones. */
const picked = new Map<string, Encoding | null>();
const PICKED_MAX = 64;

function pick(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = acceptedEncoding(header);
    if (picked.size >= PICKED_MAX) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

/** Adds accept-encoding to the answer's Vary, keeping what is there (as the plugin does). */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/iu.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Sends a JSON body in the encoding the client accepts, as the plugin would (from 1 KB; not to a
 * request with `x-no-compression`), from the memo when the body is kept (`keepCompressed`). For the hot
 * reads' routes, which opt out of the plugin (`KEPT_BODY_ROUTE`): its two hooks and its negotiation on
 * every request were a visible share of a cached read's CPU (issue 31 §4). A body that is not kept
 * (a closed transaction's info) is compressed each time, as before.
 */
export function sendKept(reply: FastifyReply, body: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body);
  varyOnEncoding(reply);
  const { headers } = reply.request;
  if (headers['x-no-compression'] !== undefined) return reply.send(body);
  const encoding = pick(headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  const encoded =
    encoding === 'br' ? keepingZlib.brotliCompressSync(body, BROTLI_OPTIONS) : keepingZlib.gzipSync(body);
  return reply.header('content-encoding', encoding).send(encoded);
}

/**
 * Route option of the hot reads that send their bodies through `sendKept` and otherwise only small
 * error envelopes (under the threshold): the plugin adds no hooks to them.
 */
export const KEPT_BODY_ROUTE = { compress: false } as const;

/**
 * What is compressed beside the types mime-db calls compressible: JSON, XML and text (the plugin's own
 * list without `octet-stream`, which would be stored bytes). Never an event stream (its routes hijack
 * the reply besides), and never zip, pdf or images (not compressible to mime-db).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]text(?:;|$)|[/+]xml(?:;|$)/u;

/** Answers at least this large are compressed (smaller ones gain less than the encoding costs). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call (memoized for kept bodies), larger ones through a
 * stream. Fixed, not the plugin's default that follows the host's cores (4 KB from 4 cores): a cached
 * 5 KB transaction info would otherwise be streamed, and compressed again, on every read in production.
 */
export const COMPRESS_SYNC_MAX_BYTES = 8192;

/**
 * Answers compressed when the client accepts it (issue 31 §2): brotli, else gzip, from 1 KB. Registered
 * before any route (it hooks each route as it is added). Already encoded answers pass as they are: the
 * built apps' precompressed files (@fastify/static `preCompressed`) and the pages spa.ts compresses
 * itself. Request bodies are not inflated: a small compressed body could unpack past the body limit.
 */
export async function registerCompression(
  app: FastifyInstance,
  { syncThreshold = COMPRESS_SYNC_MAX_BYTES }: { syncThreshold?: number } = {},
): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
    zlib: keepingZlib,
  });
}
