// The yardstick of a route-level bench: a bare Fastify with no plugins sending, at /bare/<n>, the exact
// bytes the measured route answered (sent by the parent as { bodies: [...] } before `ready`), from
// memory. With COMPRESS=1 it also keeps each body compressed as the product compresses it (brotli at
// @fastify/compress's quality 4 in text mode, or gzip; from 1 KB) and sends that to a client accepting
// it: the same bytes as the product's answer, with no per-request work but choosing one.
import zlib from 'node:zlib';
import Fastify from 'fastify';

const bodies = await new Promise((resolve) => process.once('message', (m) => resolve(m.bodies)));
const compress = process.env.COMPRESS === '1';
const brotli = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};
const kept = bodies.map((body) => {
  const raw = Buffer.from(body, 'utf8');
  if (!compress || raw.length < 1024) return { raw };
  return { raw, br: zlib.brotliCompressSync(raw, brotli), gzip: zlib.gzipSync(raw) };
});
const app = Fastify({ logger: false });
app.get('/bare/:n', async (request, reply) => {
  const body = kept[Number(request.params.n)];
  reply.type('application/json; charset=utf-8');
  if (!body.br) return reply.send(body.raw);
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
  if (!encoding) return reply.send(body.raw);
  return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(body[encoding]);
});
await app.listen({ port: Number(process.env.PORT ?? 3302), host: '127.0.0.1' });
process.send?.('ready');
