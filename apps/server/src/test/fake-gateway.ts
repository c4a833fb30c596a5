import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for an SMS gateway: records requests, answers with `status`. */
export async function startFakeGateway() {
  const state = { status: 202, delayMs: 0, received: [] as Received[] };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      });
      setTimeout(() => {
        res.writeHead(state.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: state.status < 300 }));
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/v1/messages`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeGateway = Awaited<ReturnType<typeof startFakeGateway>>;
