import { AsyncLocalStorage } from 'node:async_hooks';
import { userAgent } from './product.js';
import { plainTracing, type ClientSpan, type RequestTrace, type Tracing } from './tracing.js';

/**
 * Outgoing calls in the trace (issue 30 §2, ADR 0032): every call the server makes to another service
 * carries `traceparent` and is a client span — under the request that caused it (carried through async
 * code by AsyncLocalStorage), or the root of its own trace when a job makes it.
 */
const current = new AsyncLocalStorage<RequestTrace>();
let tracing: Tracing = plainTracing;

/** The platform's tracer (OpenTelemetry when configured); set once per process by the platform. */
export function useOutgoingTracing(chosen: Tracing): void {
  tracing = chosen;
}

/** Runs `fn` (a request's handling) with `trace` as the parent of the calls it makes. */
export function runInTrace<T>(trace: RequestTrace, fn: () => T): T {
  return current.run(trace, fn);
}

export function clientSpan(name: string, attributes: Record<string, string> = {}): ClientSpan {
  const parent = current.getStore();
  return tracing.client(
    name,
    parent ? { traceId: parent.traceId, parentSpanId: parent.spanId, flags: parent.flags } : null,
    attributes,
  );
}

/**
 * `fetch` as a client span: adds `traceparent` and, unless the caller set one, the product's
 * User-Agent (`Veridocs-<part>/<version>`).
 */
export function tracedFetch(part: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const target = new URL(url);
    // The host only: paths carry document numbers (DigiLocker URIs) and receivers' tokens.
    const span = clientSpan(`${method} ${target.host}`, {
      'http.request.method': method,
      'server.address': target.hostname,
    });
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('traceparent', span.traceparent);
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent(part));
    try {
      const response = await fetch(input, { ...init, headers });
      span.end({ statusCode: response.status });
      return response;
    } catch (error) {
      span.end({ error: error instanceof Error ? error.message : 'failed' });
      throw error;
    }
  };
}
