import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NOTIFICATION_API_PATHS } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import { notificationStreamRouter } from './notifications-router.js';
import type { NotificationsService } from './notifications-service.js';

type Listener = Parameters<NotificationsService['attach']>[1];

describe('the live notification stream (ADR 0030)', () => {
  it('an event that comes while the session is checked is sent after the head, not before it', async () => {
    let listener: Listener | undefined;
    // The session check is where the router waits: an event is published during it.
    const notifications = {
      verifyStreamToken: () => ({ profileId: 'p1', sessionId: 's1', language: 'en' }),
      attach: (_profileId: string, l: Listener) => {
        listener = l;
        return () => undefined;
      },
      sessionLive: async () => {
        listener!.send('notification', '{"id":"n1"}');
        return true;
      },
    } as unknown as NotificationsService;
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The stream ends by its maximum age, so the injected request completes.
    await app.register(notificationStreamRouter, { notifications, heartbeatMs: 60_000, maxAgeMs: 200 });
    try {
      const res = await app.inject({ method: 'GET', url: `${NOTIFICATION_API_PATHS.stream}?token=t` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.body).toBe('retry: 5000\n: connected\n\nevent: notification\ndata: {"id":"n1"}\n\n');
    } finally {
      await app.close();
    }
  });
});
