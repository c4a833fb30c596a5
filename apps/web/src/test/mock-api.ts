import { setTransport, type Transport } from '../lib/api-client';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | { networkError: string };

/** The tus routes (ADR 0050) and the route whose answer their last PATCH gives. */
const TUS_BASE = '/api/utility/files/uploads';
const TUS_ANSWERS_AS = '/api/utility/files';

interface TusUpload {
  length: number;
  metadata: Record<string, string>;
  parts: Blob[];
  offset: number;
}

function parseTusMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? decodeURIComponent(escape(atob(value))) : '';
  }
  return out;
}
/** A null reply on a tus route leaves the call to the tus server in memory. */
type Handler = (call: RecordedCall) => Reply | null | Promise<Reply | null>;

/**
 * Answers the app's requests in memory, in place of fetch: everything above the transport (request
 * guard, headers, envelope handling, error catalogue) runs for real.
 */
export function mockApi() {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler; once: boolean }> = [];
  const calls: RecordedCall[] = [];
  const uploads = new Map<string, TusUpload>();
  let uploadIds = 0;

  const matches = (route: (typeof routes)[number], call: RecordedCall) =>
    route.method === call.method &&
    (typeof route.path === 'string' ? route.path === call.url.split('?')[0] : route.path.test(call.url));
  const answer = async (call: RecordedCall): Promise<Reply> => {
    const index = routes.findIndex((route) => matches(route, call));
    const route = routes[index];
    const reply: Reply = (route ? await route.handler(call) : null) ?? {
      status: 404,
      body: { code: 101, data: null, message: `No mock for ${call.method} ${call.url}` },
    };
    if (route?.once) routes.splice(index, 1);
    return reply;
  };

  /**
   * A tus server in memory, unless a test's route answers the call (not null): the last PATCH is answered by
   * the test's route for POST /files, called with the form that route takes (its fields and the file).
   */
  const tus = async (call: RecordedCall, body: unknown): Promise<Reply | null> => {
    const path = call.url.split('?')[0] ?? '';
    if (!path.startsWith(TUS_BASE)) return null;
    const own = routes.findIndex((route) => matches(route, call));
    const mine = own >= 0 ? await routes[own]!.handler(call) : null;
    if (mine) {
      if (routes[own]?.once) routes.splice(own, 1);
      return mine;
    }
    const tusHeaders = { 'tus-resumable': '1.0.0' };
    if (call.method === 'post' && path === TUS_BASE) {
      const id = `upload-${(uploadIds += 1)}`;
      uploads.set(id, {
        length: Number(call.headers['upload-length']),
        metadata: parseTusMetadata(call.headers['upload-metadata']),
        parts: [],
        offset: 0,
      });
      return { status: 201, body: '', headers: { ...tusHeaders, location: `${TUS_BASE}/${id}` } };
    }
    const upload = uploads.get(path.slice(TUS_BASE.length + 1));
    if (!upload) return { status: 404, body: { code: 133, data: null, message: 'This file does not exist' } };
    const offsetHeaders = () => ({
      ...tusHeaders,
      'upload-offset': String(upload.offset),
      'upload-length': String(upload.length),
    });
    if (call.method === 'head') return { status: 200, body: '', headers: offsetHeaders() };
    if (call.method === 'delete') {
      uploads.delete(path.slice(TUS_BASE.length + 1));
      return { status: 204, body: '', headers: tusHeaders };
    }
    if (call.method !== 'patch') return null;
    if (Number(call.headers['upload-offset']) !== upload.offset)
      return { status: 409, body: 'Upload-Offset conflict', headers: offsetHeaders() };
    const chunk = body instanceof Blob ? body : new Blob([]);
    upload.parts.push(chunk);
    upload.offset += chunk.size;
    if (upload.offset < upload.length) return { status: 204, body: '', headers: offsetHeaders() };
    const { filename = 'file', filetype = '', ...fields } = upload.metadata;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new File(upload.parts, filename, { type: filetype }), filename);
    const asPost: RecordedCall = { method: 'post', url: TUS_ANSWERS_AS, headers: call.headers, body: form };
    calls.push(asPost);
    const reply = await answer(asPost);
    if ('networkError' in reply) return reply;
    return { ...reply, headers: { ...offsetHeaders(), ...reply.headers } };
  };

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
    const reply = (await tus(call, request.body)) ?? (await answer(call));
    if ('networkError' in reply) throw new TypeError(reply.networkError);
    return { status: reply.status, body: reply.body, headers: reply.headers ?? {} };
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
