import type { OrgRole } from '@veridocs/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors.js';
import { bearerToken } from '../auth/session-service.js';

/** Who an organisation portal request speaks for (`request.orgUser`, ADR 0047). */
export interface OrgPrincipal {
  userId: string;
  orgId: string;
  role: OrgRole;
  email: string;
  name: string;
  sessionId: string;
}

/** The org-auth service's part the guard needs: a live session's principal, or 302. */
export interface OrgAuthenticator {
  authenticate(token: string | null): Promise<OrgPrincipal>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOrgRole`; null on every other route. */
    orgUser: OrgPrincipal | null;
  }
}

export type RequireOrgRole = (...roles: OrgRole[]) => onRequestAsyncHookHandler;

function assertRole(user: OrgPrincipal, roles: readonly OrgRole[]) {
  if (roles.length > 0 && !roles.includes(user.role)) throw new AppError('ORG_ROLE_FORBIDDEN');
}

/**
 * Decorates `request.orgUser` and returns `requireOrgRole(...roles)`: the `onRequest` hook of the
 * portal's signed-in family (before the body is read, ADR 0004). An organisation token of a live session
 * (302 otherwise: a candidate's or a staff token is signed with another key for another audience)
 * whose user has one of the roles (303 otherwise; none given: any role).
 */
export function registerOrgAuth(app: FastifyInstance, auth: OrgAuthenticator): RequireOrgRole {
  app.decorateRequest('orgUser', null);
  return (...roles) =>
    async function requireOrgRole(request: FastifyRequest) {
      const user = await auth.authenticate(bearerToken(request.headers.authorization));
      assertRole(user, roles);
      request.orgUser = user;
    };
}

/** A narrower role for one route of the family (303 otherwise). */
export function allowOrgRoles(...roles: OrgRole[]): onRequestAsyncHookHandler {
  return async function allowOrgRoles(request: FastifyRequest) {
    assertRole(currentOrgUser(request), roles);
  };
}

/** The signed-in organisation user of a route in the portal's family. */
export function currentOrgUser(request: FastifyRequest): OrgPrincipal {
  if (!request.orgUser) throw new AppError('ORG_UNAUTHORISED');
  return request.orgUser;
}
