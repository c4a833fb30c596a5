import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  /** Bearer token the scraper must send; undefined: open (keep /metrics on a private network then). */
  token: string | undefined;
  /** The job queues' depths, asked at each scrape. */
  queueDepths: () => Promise<Record<string, number>>;
}

/**
 * Prometheus metrics at /metrics (ADR 0032), registered only with METRICS=on: request counts and
 * durations by route pattern (never the raw URL: ids would explode the series), the job queues' depth
 * and the process's defaults. A registry per app (tests build several).
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting or running, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const depths = await options.queueDepths().catch(() => ({}));
      this.reset();
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) {
      const method = request.method;
      requests.inc({ method, route, status: String(reply.statusCode) });
      durations.observe({ method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
      }
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
