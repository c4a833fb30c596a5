import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationStreamQuerySchema,
  notificationStreamTokenResponseSchema,
  NOTIFICATION_API_PATHS,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { currentUser } from '../../http/auth-guard.js';
import { eventStreamResponses, ok, responses } from '../../http/envelope.js';
import { requestLanguage } from '../../http/language.js';
import type { NotificationsService } from './notifications-service.js';

const paths = NOTIFICATION_API_PATHS;
const tags = ['notifications'];

/** The candidate's notifications (spec §7), under SERVICE_BASES.notification. */
export const notificationsRouter: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    paths.list,
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first (seed, count: first 20, then 10 per scroll)",
        security: [{ partnerOrg: [], bearer: [] }],
        querystring: notificationListQuerySchema,
        response: responses(notificationListResponseSchema),
      },
    },
    async (request) =>
      ok(
        await notifications.list(
          currentUser(request).profileId,
          request.query.seed,
          request.query.count,
          requestLanguage(request),
        ),
      ),
  );
  app.post(
    paths.streamToken,
    {
      schema: {
        tags,
        summary: 'A short-lived token that opens the live notification stream (EventSource sends no headers)',
        security: [{ partnerOrg: [], bearer: [] }],
        response: responses(notificationStreamTokenResponseSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await notifications.streamToken(user.profileId, user.sessionId, requestLanguage(request)));
    },
  );
};

/**
 * GET /api/notification-stream?token (ADR 0030): text/event-stream of the candidate's new
 * notifications, a heartbeat comment every `heartbeatMs`, closed after `maxAgeMs` (the client
 * reconnects with a fresh token, which needs a valid session). The token's session must be live when
 * the stream opens; the stream closes when that session ends (logout, revocation: announced on every
 * instance), and each heartbeat checks it again in case an announcement was lost.
 */
export const notificationStreamRouter: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  heartbeatMs: number;
  maxAgeMs: number;
}> = async (app, { notifications, heartbeatMs, maxAgeMs }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves: closing the server ends them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(
    paths.stream,
    {
      schema: {
        tags,
        response: eventStreamResponses(
          'Events "notification" (data: the notification as in GET /notification) and "resync", heartbeat comments',
        ),
        summary: 'Live notifications (text/event-stream; events "notification" and "resync", heartbeats)',
        querystring: notificationStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const { profileId, sessionId, language } = notifications.verifyStreamToken(request.query.token);
      const raw = reply.raw;
      let ended = false;
      let started = false;
      let endedEarly = false;
      // Events that come while the session is checked wait for the response's head: a write before it
      // would send a default head, and writeHead would then throw.
      const early: string[] = [];
      let detach = () => undefined as void;
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        if (ended) return;
        ended = true;
        for (const t of timers) clearInterval(t);
        detach();
        open.delete(end);
        raw.end();
      };
      detach = notifications.attach(profileId, {
        language,
        sessionId,
        send(event, data) {
          if (ended) return;
          const message = `event: ${event}\ndata: ${data}\n\n`;
          if (started) raw.write(message);
          else early.push(message);
        },
        // Before the response starts, the session's end is only noted (the check below refuses).
        close: () => (started ? end() : (endedEarly = true)),
      });
      // Attached first, then checked: a logout committed after this check reaches the stream as a
      // message; one committed before it is seen here.
      let live = false;
      try {
        live = (await notifications.sessionLive(sessionId)) && !endedEarly;
      } finally {
        if (!live) detach();
      }
      if (!live) throw new AppError('NOTIFICATION_STREAM_TOKEN_INVALID');
      open.add(end);
      started = true;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass events on as they come.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 5000\n: connected\n\n`);
      for (const message of early.splice(0)) raw.write(message);
      timers.push(
        setInterval(() => {
          raw.write(`: heartbeat\n\n`);
          notifications.sessionLive(sessionId).then(
            (stillLive) => stillLive || end(),
            () => undefined,
          );
        }, heartbeatMs),
      );
      const maxAge = setTimeout(end, maxAgeMs);
      maxAge.unref();
      timers.push(maxAge);
      request.raw.on('close', end);
      raw.on('error', end);
      // The client may have gone while the session was checked.
      if (raw.destroyed || request.raw.destroyed) end();
    },
  );
};
