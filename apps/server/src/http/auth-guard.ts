import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { bearerToken, type AuthUser, type SessionService } from '../modules/auth/session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` onRequest hook; null on routes without it. */
    user: AuthUser | null;
  }
}

/**
 * Decorates `request.user` and returns the hook that requires a valid access token (102) of a live
 * session (138 once it was logged out or revoked). Routes use it as `onRequest`, before the body is read
 * or validated: a caller without a token learns nothing about what the route accepts (ADR 0004).
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService): onRequestAsyncHookHandler {
  app.decorateRequest('user', null);
  return async function authenticate(request: FastifyRequest) {
    request.user = await sessions.authenticate(bearerToken(request.headers.authorization));
  };
}

/** The authenticated user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
