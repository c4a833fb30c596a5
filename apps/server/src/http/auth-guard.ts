import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
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
export function registerAuth(app: FastifyInstance, sessions: SessionService): onRequestHookHandler {
  app.decorateRequest('user', null);
  return function authenticate(request, _reply, done) {
    const token = bearerToken(request.headers.authorization);
    // Most calls: a token and a session already in memory (ADR 0005), answered without a promise.
    const known = sessions.authenticatedFromMemory(token);
    if (known) {
      request.user = known;
      return done();
    }
    sessions.authenticate(token).then((user) => {
      request.user = user;
      done();
    }, done);
  };
}

/** The authenticated user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
