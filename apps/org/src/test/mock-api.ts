import { setTransport, type Transport } from '../lib/api-client';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** `{code: 0, data}` as the server answers (ADR 0003). */
export const okReply = (data: unknown): Reply => ({ status: 200, body: { code: 0, data, message: 'OK' } });
export const errorReply = (status: number, code: number, message: string, data: unknown = null): Reply => ({
  status,
  body: { code, data, message },
});

/**
 * Answers the portal's requests in memory, in place of fetch (like apps/web/src/test/mock-api.ts):
 * the client's headers and envelope handling run for real.
 */
export function mockApi() {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler }> = [];
  const calls: RecordedCall[] = [];
  const transport: Transport = async (request) => {
    const method = request.method.toLowerCase();
    const body =
      request.body === undefined || typeof request.body !== 'string'
        ? request.body
        : (JSON.parse(request.body) as unknown);
    const call = { method, url: request.url, headers: request.headers, body };
    calls.push(call);
    const route = routes.find(
      (r) =>
        r.method === method &&
        (typeof r.path === 'string' ? r.path === request.url.split('?')[0] : r.path.test(request.url)),
    );
    const reply = route
      ? await route.handler(call)
      : errorReply(404, 101, `No mock for ${method} ${request.url}`);
    return { status: reply.status, body: reply.body };
  };
  setTransport(transport);
  const mock = {
    calls,
    on(method: string, path: string | RegExp, handler: Handler | Reply) {
      routes.unshift({
        method: method.toLowerCase(),
        path,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
      return mock;
    },
    callsTo(method: string, path: string | RegExp) {
      return calls.filter(
        (c) =>
          c.method === method.toLowerCase() &&
          (typeof path === 'string' ? c.url.split('?')[0] === path : path.test(c.url)),
      );
    },
  };
  return mock;
}
