import { PARTNER_ORG_HEADER, SERVICE_BASES } from '@veridocs/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A service base, then the end, a `/` or the query: one test per request, no string made. */
const SERVICE_TARGET = new RegExp(
  `^(?:${[...new Set(Object.values(SERVICE_BASES))].map(escape).join('|')})(?:[/?]|$)`,
);

/** Whether a request target (a path, with or without its query) is under a service base. */
export function isServicePath(target: string): boolean {
  return SERVICE_TARGET.test(target);
}

/**
 * Every call to a service base carries the partner organisation id header (spec §6, §7); a missing
 * or unknown one answers code 113. Health, dev tools, docs, assets and the SPA are outside the bases.
 */
export function registerPartnerOrgGuard(app: FastifyInstance, allowed: readonly string[]) {
  const known = new Set(allowed);
  app.addHook('onRequest', (request, _reply, done) => {
    const value = request.headers[PARTNER_ORG_HEADER];
    if (isServicePath(request.url) && (typeof value !== 'string' || !known.has(value.trim()))) {
      done(new AppError('PARTNER_ORG_INVALID'));
    } else {
      done();
    }
  });
}
