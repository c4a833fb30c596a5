import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP part every gateway stand-in shares: a node:http server on a free local port that records
 * requests and hands each one to the gateway's handler. `mode` makes the gateway fail as real ones do:
 * `down` answers 503, `slow` answers after `slowMs` (past the adapter's time-out), `garbage` sends HTML.
 */

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: string;
}

export interface StandInAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type StandInMode = 'ok' | 'down' | 'slow' | 'garbage';

export interface StandInServer {
  url: string;
  received: StandInRequest[];
  mode: StandInMode;
  slowMs: number;
  close(): Promise<void>;
}

export async function startStandIn(
  handle: (request: StandInRequest) => StandInAnswer,
): Promise<StandInServer> {
  const state = { received: [] as StandInRequest[], mode: 'ok' as StandInMode, slowMs: 1_000 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      state.received.push(request);
      const send = (answer: StandInAnswer) => {
        if (res.destroyed) return;
        const isJson = answer.body !== undefined && typeof answer.body !== 'string';
        res.writeHead(answer.status, {
          ...(isJson ? { 'content-type': 'application/json' } : {}),
          ...answer.headers,
        });
        res.end(isJson ? JSON.stringify(answer.body) : ((answer.body as string | undefined) ?? ''));
      };
      if (state.mode === 'down') return send({ status: 503, body: '<html>Service Unavailable</html>' });
      if (state.mode === 'garbage') return send({ status: 200, body: '<html>' });
      const answer = handle(request);
      if (state.mode === 'slow') return void setTimeout(() => send(answer), state.slowMs);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** `Authorization: Basic base64(id:secret)` → [id, secret]. */
export function basicAuth(headers: IncomingHttpHeaders): [string, string] | null {
  const value = headers.authorization;
  if (!value?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(value.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : [decoded.slice(0, at), decoded.slice(at + 1)];
}

let counter = 0;
/** A gateway-style id: prefix + 14 random-looking characters. */
export function gatewayId(prefix: string): string {
  counter += 1;
  const tail = (Date.now().toString(36) + counter.toString(36).padStart(4, '0')).slice(-14);
  return `${prefix}${tail.toUpperCase()}`;
}
