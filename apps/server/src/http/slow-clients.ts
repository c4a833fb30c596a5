import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Limits that keep slow or idle clients from holding sockets (issue 9 §5): a client must send its
 * request head within `headersTimeoutMs`, a JSON body within `bodyTimeoutMs`, and an upload at no less
 * than `uploadMinBytesPerSecond` (judged per `uploadRateWindowMs`), so a 25 MB upload on a slow phone
 * network still finishes while a body trickled a byte at a time is cut off. Every request ends within
 * `requestTimeoutMs`; a socket silent for `idleTimeoutMs` is closed; one IP address holds at most
 * `maxConnectionsPerIp` sockets (0: no cap). Documented in apps/server/README.md.
 */
export interface HttpLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  uploadMinBytesPerSecond: number;
  uploadRateWindowMs: number;
  maxConnectionsPerIp: number;
}

/** Fastify's server options for the timeouts Node's HTTP server enforces itself. */
export function serverTimeouts(limits: HttpLimits): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the header and request timeouts on this interval (30 s by default): a slow head
      // would otherwise live up to 30 s past its limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * Deadlines for request bodies, by kind: multipart uploads must keep a minimum transfer rate (no
 * absolute limit but the request timeout), every other body must be complete within the body
 * timeout. A client that falls behind loses its socket; it gets no answer, as it is not reading.
 */
export function registerBodyDeadlines(app: FastifyInstance, limits: HttpLimits) {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (!hasBody(raw.headers) || raw.complete) return done();
    const socket = raw.socket;
    // Multipart uploads and tus PATCHes (ADR 0050) are judged by their rate.
    const upload = /^(multipart\/form-data|application\/offset\+octet-stream)/i.test(
      String(raw.headers['content-type'] ?? ''),
    );
    const cut = (why: string) => {
      stop();
      if (raw.complete || socket.destroyed) return;
      request.log.warn({ ip: request.ip, why }, 'Closed a connection whose request body was too slow');
      // An injected request (tests, light-my-request) has a socket stand-in without destroy(): ending
      // the request itself ends it there (a real request's destroy() ends its socket too).
      if (typeof socket.destroy === 'function') socket.destroy();
      else raw.destroy();
    };
    let timer: NodeJS.Timeout;
    if (upload) {
      let bytes = socket.bytesRead;
      let since = Date.now();
      timer = setInterval(() => {
        if (raw.complete || socket.destroyed) return stop();
        const now = Date.now();
        const rate = ((socket.bytesRead - bytes) * 1000) / Math.max(1, now - since);
        if (rate < limits.uploadMinBytesPerSecond)
          return cut(`upload below ${limits.uploadMinBytesPerSecond} B/s`);
        bytes = socket.bytesRead;
        since = now;
      }, limits.uploadRateWindowMs);
    } else {
      timer = setTimeout(
        () => cut(`body not complete after ${limits.bodyTimeoutMs} ms`),
        limits.bodyTimeoutMs,
      );
    }
    function stop() {
      clearTimeout(timer);
      clearInterval(timer);
    }
    timer.unref();
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

/**
 * At most `max` open sockets per remote address; the next ones are closed at once. For direct
 * connections only: behind a reverse proxy every socket is the proxy's, and a socket cap cannot see
 * X-Forwarded-For at connection time (limitRequestsPerClient applies there).
 */
export function limitConnectionsPerIp(server: Server, max: number) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(ip, count);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

/**
 * Behind a trusted proxy (TRUST_PROXY): at most `max` requests in progress per client address, the one
 * Fastify's trustProxy reads from X-Forwarded-For (`request.ip`), not the proxy's. The next one is
 * answered 429 (RATE_LIMITED) before any other work. A browser's requests in progress stand for its
 * sockets (HTTP/1.1: one each; a live notification stream holds one until it ends), so the same cap
 * serves both ways of running.
 */
export function limitRequestsPerClient(app: FastifyInstance, max: number) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  app.addHook('onRequest', (request, reply, done) => {
    const ip = request.ip;
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) return done(new AppError('RATE_LIMITED'));
    open.set(ip, count);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    };
    // 'close' ends every response: answered, aborted by the client, or a hijacked stream's end.
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
    done();
  });
}
