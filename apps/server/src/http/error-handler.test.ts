import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { registerErrorHandler } from './error-handler.js';

/** The error handler alone, on a bare Fastify with routes that fail in every way. */
async function appWithFailingRoutes() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/app-error', async () => {
    throw new AppError('OTP_RESEND_TOO_SOON', 'Please wait 10 seconds', { retryAfter: 10 });
  });
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({
      ok: 'yes' as unknown as true,
    }),
  );
  app.get('/nul-in-text', async () => {
    // What pg raises for a NUL in a text parameter, wrapped as Drizzle wraps it.
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    throw new Error('Failed query: select 1', { cause });
  });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
  });
  app.post(
    '/items',
    {
      schema: {
        body: z.object({ items: z.array(z.object({ name: z.string().min(1, 'Name is required') })) }),
      },
    },
    async () => 'ok',
  );
  await app.ready();
  return { app, lines };
}

describe('the error handler', () => {
  it('hides unexpected errors behind a generic 500 and logs the details', async () => {
    const { app, lines } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      data: null,
      message: 'Something went wrong, please try again later',
    });
    expect(res.body).not.toContain('hunter2');
    expect(lines.join('')).toContain('hunter2');
    await app.close();
  });

  it('renders AppErrors with their code, status, message and data', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 110, data: { retryAfter: 10 }, message: 'Please wait 10 seconds' });
    await app.close();
  });

  it('treats a response that breaks its schema as a 500', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(500);
    await app.close();
  });

  it('answers input the database cannot store (NUL) with 400, as a backstop to the input guard', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/nul-in-text' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 100, data: null });
    await app.close();
  });

  it('maps other client errors to code 100 with their status', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ code: 100, data: null, message: 'I am a teapot' });
    await app.close();
  });

  it('names nested paths in validation errors', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { items: [{ name: 'a' }, { name: '' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 100,
      data: [{ path: 'items.1.name', message: 'Name is required' }],
      message: 'items.1.name: Name is required',
    });
    await app.close();
  });
});
