import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A local webhook receiver (an organisation's endpoint): answers `status(n)` to its n-th request (from 0)
 * and keeps each request's headers and raw body.
 */
export async function webhookReceiver(status: (n: number) => number) {
  const got: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const answer = status(got.length);
      got.push({ headers: req.headers, body, status: answer });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}
