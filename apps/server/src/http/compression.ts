import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed beside the types mime-db calls compressible: JSON, XML and text (the plugin's own
 * list without `octet-stream`, which would be stored bytes). Never an event stream (its routes hijack
 * the reply besides), and never zip, pdf or images (not compressible to mime-db).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]text(?:;|$)|[/+]xml(?:;|$)/u;

/** Answers at least this large are compressed (smaller ones gain less than the encoding costs). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers compressed when the client accepts it (issue 31 §2): brotli, else gzip, from 1 KB. Registered
 * before any route (it hooks each route as it is added). Already encoded answers pass as they are: the
 * built apps' precompressed files (@fastify/static `preCompressed`) and the pages spa.ts compresses
 * itself. Request bodies are not inflated: a small compressed body could unpack past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
