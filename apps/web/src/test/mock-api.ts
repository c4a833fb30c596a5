import { setTransport, type Transport } from '../lib/api-client';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown } | { networkError: string };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Answers the app's requests in memory, in place of fetch: everything above the transport (request
 * guard, headers, envelope handling, error catalogue) runs for real.
 */
export function mockApi() {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler; once: boolean }> = [];
  const calls: RecordedCall[] = [];

  const transport: Transport = async (request) => {
    const method = request.method.toLowerCase();
    const url = request.url;
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    let body: unknown = request.body ?? undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    const call = { method, url, headers, body };
    calls.push(call);
    if (request.signal.aborted) throw new DOMException('The request was aborted', 'AbortError');
    const index = routes.findIndex(
      (route) =>
        route.method === method &&
        (typeof route.path === 'string' ? route.path === url.split('?')[0] : route.path.test(url)),
    );
    const route = routes[index];
    const reply: Reply = route
      ? await route.handler(call)
      : { status: 404, body: { code: 101, data: null, message: `No mock for ${method} ${url}` } };
    if (route?.once) routes.splice(index, 1);
    if ('networkError' in reply) throw new TypeError(reply.networkError);
    return { status: reply.status, body: reply.body };
  };
  setTransport(transport);

  const mock = {
    calls,
    /** Answer `method path` with the handler's reply (the first matching route wins). */
    on(method: string, path: string | RegExp, handler: Handler | Reply, options: { once?: boolean } = {}) {
      routes.push({
        method: method.toLowerCase(),
        path,
        handler: typeof handler === 'function' ? handler : () => handler,
        once: options.once ?? false,
      });
      return mock;
    },
    callsTo(method: string, path: string | RegExp) {
      return calls.filter(
        (call) =>
          call.method === method.toLowerCase() &&
          (typeof path === 'string' ? call.url.split('?')[0] === path : path.test(call.url)),
      );
    },
    restore() {
      setTransport(null);
    },
  };
  return mock;
}

export type MockApi = ReturnType<typeof mockApi>;
