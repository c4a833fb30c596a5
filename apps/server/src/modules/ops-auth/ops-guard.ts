import type { StaffRole } from '@veridocs/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors.js';
import { bearerToken } from '../auth/session-service.js';
import type { OpsAuthService, OpsOrigin, OpsUser } from './ops-auth-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOpsRole`; null on every other route (a candidate route never sets it). */
    staff: OpsUser | null;
  }
}

export type RequireOpsRole = (...roles: StaffRole[]) => onRequestAsyncHookHandler;

/**
 * Decorates `request.staff` and returns `requireOpsRole(...roles)`: the `onRequest` hook of every ops
 * route (before the body is read or validated, ADR 0004).
 * An ops access token of a live session (102 otherwise: a candidate token never passes, it is signed
 * with another key for no audience) whose account has one of the roles (103 otherwise).
 */
export function registerOpsAuth(app: FastifyInstance, auth: OpsAuthService): RequireOpsRole {
  app.decorateRequest('staff', null);
  return (...roles) =>
    async function requireOpsRole(request: FastifyRequest) {
      const staff = await auth.authenticate(bearerToken(request.headers.authorization));
      assertRole(staff, roles);
      request.staff = staff;
    };
}

function assertRole(staff: OpsUser, roles: readonly StaffRole[]) {
  if (roles.length > 0 && !roles.includes(staff.role))
    throw new AppError('FORBIDDEN', 'Your role does not allow this');
}

/**
 * A narrower role for one route of a staff family (103 otherwise): the family's guard signed the staff
 * member in already, so this only reads `request.staff`.
 */
export function allowRoles(...roles: StaffRole[]): onRequestAsyncHookHandler {
  return async function allowRoles(request: FastifyRequest) {
    assertRole(currentStaff(request), roles);
  };
}

/** The signed-in staff member of a route guarded by `requireOpsRole`. */
export function currentStaff(request: FastifyRequest): OpsUser {
  if (!request.staff) throw new AppError('UNAUTHORIZED');
  return request.staff;
}

/** Where the request came from, for the audit (the client IP; behind a proxy with TRUST_PROXY). */
export function originOf(request: FastifyRequest): OpsOrigin {
  return { ip: request.ip || null };
}
