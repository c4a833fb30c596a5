// The yardstick: a bare Fastify route with no plugins, started in the same benchmark run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 0, data: { hello: 'world' }, message: 'Success' }));
await app.listen({ port: Number(process.env.PORT ?? 3301), host: '127.0.0.1' });
process.send?.('ready');
