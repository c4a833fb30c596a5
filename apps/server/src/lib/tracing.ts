import { randomFillSync } from 'node:crypto';
import type { Span, Tracer } from '@opentelemetry/api';

/**
 * W3C Trace Context (ADR 0032): every request has a trace id, taken from a valid incoming `traceparent`
 * or made here, and a span id of its own; the answer carries `traceparent` with both, and every log line
 * of the request carries them. With OpenTelemetry configured (OTEL_EXPORTER_OTLP_ENDPOINT) the span is a
 * real one, exported; otherwise nothing is loaded and the ids are random bytes.
 */

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

export interface ParentContext {
  traceId: string;
  parentSpanId: string;
  flags: string;
}

/** A valid `traceparent` (version 00, or a later one read as 00), or null. */
export function parseTraceparent(value: string | string[] | undefined): ParentContext | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header || header.length > 512) return null;
  const match = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!match) return null;
  const [, version, traceId, parentSpanId, flags] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (version === 'ff' || (version === '00' && header.trim().length !== 55)) return null;
  if (traceId === ZERO_TRACE || parentSpanId === ZERO_SPAN) return null;
  return { traceId, parentSpanId, flags };
}

export interface RequestTrace {
  traceId: string;
  spanId: string;
  flags: string;
  /** The answer's header: 00-{traceId}-{spanId}-{flags}. */
  traceparent: string;
  /** Ends the span (a no-op without OpenTelemetry). */
  end(attributes: { route?: string; method: string; statusCode: number }): void;
}

/** A call the server makes to another service (a webhook, a gateway, an e-mail): a client span. */
export interface ClientSpan {
  /** The `traceparent` the call carries: the caller's trace, this span's id. */
  traceparent: string;
  end(outcome: { statusCode?: number; error?: string }): void;
}

export interface Tracing {
  start(name: string, incoming: string | string[] | undefined): RequestTrace;
  /** A client span under `parent` (a request's trace), or the root of a new trace (a job's call). */
  client(name: string, parent: ParentContext | null, attributes: Record<string, string>): ClientSpan;
  shutdown(): Promise<void>;
}

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;
/**
 * Random ids from a pool refilled 4 KB at a time, as Node's randomUUID does: one system call per id
 * was 6 % of a cached read's CPU (issue 31 §4). Trace ids are unique, not secret.
 */
function hex(bytes: number): string {
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}
const noEnd = () => undefined;

function plain(parent: ParentContext | null): RequestTrace {
  const traceId = parent?.traceId ?? hex(16);
  const spanId = hex(8);
  // Sampled when the caller said so; our own traces are not recorded anywhere, so not sampled.
  const flags = parent?.flags ?? '00';
  return { traceId, spanId, flags, traceparent: `00-${traceId}-${spanId}-${flags}`, end: noEnd };
}

/** Without OpenTelemetry: ids only. */
export const plainTracing: Tracing = {
  start: (_name, incoming) => plain(parseTraceparent(incoming)),
  client: (_name, parent) => {
    const { traceparent } = plain(parent);
    return { traceparent, end: noEnd };
  },
  shutdown: async () => undefined,
};

/**
 * OpenTelemetry's tracer with an OTLP/HTTP exporter, loaded only when configured (a dynamic import:
 * no startup cost otherwise).
 */
export async function createOtelTracing(options: {
  endpoint: string;
  serviceName: string;
}): Promise<Tracing> {
  const api = await import('@opentelemetry/api');
  const { BasicTracerProvider, BatchSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const url = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  const tracer: Tracer = provider.getTracer('veridocs-server');
  return {
    start(name, incoming) {
      const parent = parseTraceparent(incoming);
      const parentContext = parent
        ? api.trace.setSpanContext(api.context.active(), {
            traceId: parent.traceId,
            spanId: parent.parentSpanId,
            traceFlags: Number.parseInt(parent.flags, 16) & 1,
            isRemote: true,
          })
        : api.ROOT_CONTEXT;
      const span: Span = tracer.startSpan(name, { kind: api.SpanKind.SERVER }, parentContext);
      const ctx = span.spanContext();
      const flags = (ctx.traceFlags & 1 ? 1 : 0).toString(16).padStart(2, '0');
      return {
        traceId: ctx.traceId,
        spanId: ctx.spanId,
        flags,
        traceparent: `00-${ctx.traceId}-${ctx.spanId}-${flags}`,
        end({ route, method, statusCode }) {
          span.setAttributes({
            'http.request.method': method,
            'http.response.status_code': statusCode,
            ...(route ? { 'http.route': route } : {}),
          });
          if (route) span.updateName(`${method} ${route}`);
          if (statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    client(name, parent, attributes) {
      const parentContext = parent
        ? api.trace.setSpanContext(api.context.active(), {
            traceId: parent.traceId,
            spanId: parent.parentSpanId,
            traceFlags: Number.parseInt(parent.flags, 16) & 1,
          })
        : api.ROOT_CONTEXT;
      const span: Span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parentContext);
      const ctx = span.spanContext();
      const flags = (ctx.traceFlags & 1 ? 1 : 0).toString(16).padStart(2, '0');
      return {
        traceparent: `00-${ctx.traceId}-${ctx.spanId}-${flags}`,
        end({ statusCode, error }) {
          if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
          if (error !== undefined || (statusCode !== undefined && statusCode >= 400))
            span.setStatus({ code: api.SpanStatusCode.ERROR, ...(error ? { message: error } : {}) });
          span.end();
        },
      };
    },
    shutdown: () => provider.shutdown(),
  };
}
