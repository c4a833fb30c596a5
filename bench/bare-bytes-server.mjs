// The yardstick of a route-level bench: a bare Fastify with no plugins sending, at /bare/<n>, the exact
// bytes the measured route answered (sent by the parent as { bodies: [...] } before `ready`).
import Fastify from 'fastify';

const bodies = await new Promise((resolve) => process.once('message', (m) => resolve(m.bodies)));
const app = Fastify({ logger: false });
app.get('/bare/:n', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodies[Number(request.params.n)]),
);
await app.listen({ port: Number(process.env.PORT ?? 3302), host: '127.0.0.1' });
process.send?.('ready');
