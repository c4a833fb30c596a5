import { PARTNER_ORG_HEADER, SERVICE_BASES } from '@veridocs/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const BASES = [...new Set(Object.values(SERVICE_BASES))];

export function isServicePath(path: string): boolean {
  return BASES.some((base) => path === base || path.startsWith(`${base}/`));
}

/**
 * Every call to a service base carries the partner organisation id header (spec §6, §7); a missing
 * or unknown one answers code 113. Health, dev tools, docs, assets and the SPA are outside the bases.
 */
export function registerPartnerOrgGuard(app: FastifyInstance, allowed: readonly string[]) {
  const known = new Set(allowed);
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const value = request.headers[PARTNER_ORG_HEADER];
    if (isServicePath(path) && (typeof value !== 'string' || !known.has(value.trim()))) {
      done(new AppError('PARTNER_ORG_INVALID'));
    } else {
      done();
    }
  });
}
