import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
