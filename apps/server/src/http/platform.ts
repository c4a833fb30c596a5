import { runInTrace, useOutgoingTracing } from '../lib/outgoing-trace.js';
import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { fastifyTrustProxy } from '../config/trust-proxy.js';
import { AppError } from '../errors.js';
import { RATE_LIMIT_NAMESPACE } from '../lib/counter-store.js';
import { logSerializers } from '../lib/log-serializers.js';
import { createOtelTracing, plainTracing, type RequestTrace } from '../lib/tracing.js';
import { registerCompression } from './compression.js';
import { registerDocs } from './docs.js';
import { registerErrorHandler } from './error-handler.js';
import { badInput, badJsonReason, frameworkErrors, registerInputGuard } from './input-guard.js';
import { registerPartnerOrgGuard } from './partner-org.js';
import { createFallbackStore, waitForRedis } from './rate-limit-store.js';
import { createApiHeaders, createSecurityHeaders } from './security.js';
import {
  limitConnectionsPerIp,
  limitRequestsPerClient,
  registerBodyDeadlines,
  serverTimeouts,
} from './slow-clients.js';

/**
 * The HTTP platform every route stands on (issue 25 §2): the Fastify instance with its logger, tracing
 * and connection caps, then the body parser, security headers, input guard, error handler, partner-org
 * guard, rate limiting and API docs. No module's routes or services here.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's W3C trace context (lib/tracing.ts); its ids are in every log line of the request. */
    trace: RequestTrace;
  }
}

export type App = FastifyInstance;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type RawRequest = { method?: string | undefined; headers: Record<string, unknown> };

/**
 * A request's logger, its pino child (carrying the request and trace ids) made only when the request
 * logs at a level that is on: most requests log nothing at the usual levels, and a child per request
 * was a visible part of a cached read's CPU (issue 31 §4). A class, so that a request costs one small
 * object and no closures.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object | undefined,
    private readonly raw: RawRequest,
    private readonly traceOf: (raw: RawRequest) => RequestTrace,
  ) {}

  private get(): FastifyBaseLogger {
    if (!this.real) {
      const trace = this.traceOf(this.raw);
      this.real = this.parent.child(
        { ...this.bindings, traceId: trace.traceId, spanId: trace.spanId },
        this.options,
      );
    }
    return this.real;
  }

  private write(level: Level, args: unknown[]): void {
    // pino's isLevelEnabled; a logger a test passes in may lack it (then every level counts as on).
    const { isLevelEnabled } = this.parent as { isLevelEnabled?: (level: string) => boolean };
    if (this.real === undefined && isLevelEnabled && !isLevelEnabled.call(this.parent, level)) return;
    const real = this.get();
    Reflect.apply(real[level], real, args);
  }

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }
  set level(value: string) {
    this.get().level = value;
  }
  silent(): void {}
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.get().child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/** Where a request's trace is kept on its Node request, for its logger and its hooks. */
const TRACE = Symbol('veridocs.trace');

/** The Fastify instance with tracing and the connection caps; nothing registered on it yet. */
export async function createPlatform(config: Config, logger: FastifyBaseLogger | undefined): Promise<App> {
  // OpenTelemetry is loaded only when an OTLP endpoint is configured (ADR 0032).
  const tracing = config.observability.otel
    ? await createOtelTracing(config.observability.otel)
    : plainTracing;
  // Made once per request, by its logger (which carries the ids) or its hooks (which answer them),
  // whichever asks first; kept on the Node request (a WeakMap entry per request cost the GC more).
  const traceOf = (raw: RawRequest): RequestTrace =>
    ((raw as { [TRACE]?: RequestTrace })[TRACE] ??= tracing.start(
      raw.method ?? 'GET',
      raw.headers.traceparent as string | undefined,
    ));
  const base = Fastify({
    // Errors are logged without SQL parameters or row values (lib/log-serializers.ts), also by a
    // logger a caller passes in.
    ...(logger
      ? { loggerInstance: logger.child({}, { serializers: logSerializers }) }
      : {
          logger: {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
          },
        }),
    genReqId: () => randomUUID(),
    childLoggerFactory: (log, bindings, options, raw) =>
      new RequestLogger(log, bindings, options, raw, traceOf) as unknown as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Only the entries our own proxies added (config/trust-proxy.ts): request.ip is what every rate
    // limit, lockout, cap and audit row reads.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Header, request (long enough for uploads on slow phones: spec §7's client waits 10 minutes),
    // idle and keep-alive timeouts of Node's server; body deadlines per kind in registerHttpPlatform.
    ...serverTimeouts(config.http),
    // A path the router cannot decode answers in the envelope (http/input-guard.ts).
    frameworkErrors,
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('trace', null as unknown as RequestTrace);
  app.addHook('onRequest', (request, reply, done) => {
    request.trace = traceOf(request.raw);
    reply.header('traceparent', request.trace.traceparent);
    done();
  });
  // The calls a request makes (gateways, e-mail, SMS…) are client spans under it. Set before the
  // handler, after the body is read: a body's 'data' events run in the socket's async context.
  useOutgoingTracing(tracing);
  app.addHook('preHandler', (request, _reply, done) => runInTrace(request.trace, done));
  // Without OpenTelemetry a trace's end does nothing: no hook then (request.routeOptions alone builds
  // an object per call).
  if (tracing !== plainTracing) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      request.trace.end({
        method: request.method,
        statusCode: reply.statusCode,
        ...(route ? { route } : {}),
      });
      done();
    });
    app.addHook('onClose', async () => tracing.shutdown());
  }
  // Behind a reverse proxy every socket is the proxy's and a socket cannot show X-Forwarded-For: the
  // cap counts each client's requests in progress by request.ip there, sockets per address otherwise.
  if (config.trustProxy !== false) limitRequestsPerClient(base, config.http.maxConnectionsPerIp);
  else limitConnectionsPerIp(base.server, config.http.maxConnectionsPerIp);
  return app;
}

/**
 * The parsers, hooks and plugins of every request, in the order they must run. Returns the Redis
 * connection of the shared counters (REDIS_URL), closed with the app; null without one.
 */
export async function registerHttpPlatform(app: App, config: Config): Promise<Redis | null> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON only (a later multipart plugin adds its own parser on its routes); an empty JSON body is
  // "no body", so body-less PUT/POST calls that still send the JSON content type are accepted.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    const reason = badJsonReason(text);
    if (reason) return done(badInput('body', reason), undefined);
    // The default parser is the callback kind (it calls done and returns nothing); its type also
    // allows the promise kind, so there is no promise to wait for here.
    void parseJson(request, text, done);
  });

  // First, so that every answer (also a refused one) carries them. API answers are never cached
  // unless a route says otherwise (it sets its own cache-control later).
  const pageHeaders = createSecurityHeaders();
  const apiHeaders = createApiHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.headers(apiHeaders).header('cache-control', 'no-store');
    else reply.headers(pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  // Before any hook that can refuse a request: a refused one's body must not trickle in forever.
  registerBodyDeadlines(app, config.http);
  registerInputGuard(app);
  registerErrorHandler(app);
  registerPartnerOrgGuard(app, config.partnerOrgIds);
  const redis = config.rateLimit.redisUrl
    ? new Redis(config.rateLimit.redisUrl, {
        connectTimeout: 2_000,
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
        // Fail at once while disconnected: the store then counts in memory (http/rate-limit-store.ts).
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  if (redis)
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      else redis.disconnect();
    });
  const rateLimitStore = redis ? createFallbackStore(redis, app.log, RATE_LIMIT_NAMESPACE) : undefined;
  if (redis) await waitForRedis(redis, 2_000);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters shared by every instance through Redis when configured; while Redis is unreachable,
    // counted in this process rather than not at all (issue 9 §5).
    ...(rateLimitStore ? { store: rateLimitStore } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', undefined, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await registerCompression(app);
  await registerDocs(app, config.publicUrl);
  return redis;
}
