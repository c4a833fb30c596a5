import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { api } from '../lib/api-client';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown } | { networkError: string };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replaces the axios adapter of the app's one instance: everything above it (interceptors, guard,
 * error catalogue) runs for real.
 */
export function mockApi() {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler; once: boolean }> = [];
  const calls: RecordedCall[] = [];
  const original = api.defaults.adapter;

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const url = config.url ?? '';
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([key, value]) => [
        key.toLowerCase(),
        String(value),
      ]),
    );
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    const call = { method, url, headers, body };
    calls.push(call);
    if (config.signal && 'aborted' in config.signal && config.signal.aborted) {
      throw new CanceledError(undefined, undefined, config);
    }
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
    if ('networkError' in reply) throw new AxiosError(reply.networkError, AxiosError.ERR_NETWORK, config);
    const response = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    const valid = config.validateStatus
      ? config.validateStatus(reply.status)
      : reply.status >= 200 && reply.status < 300;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  api.defaults.adapter = adapter;

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
      api.defaults.adapter = original;
    },
  };
  return mock;
}

export type MockApi = ReturnType<typeof mockApi>;
