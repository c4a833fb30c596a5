import type { FastifyPluginAsync } from 'fastify';
import { DEMO } from '../../db/seed.js';
import { DEMO_LOGO_SVG } from './demo-logo.js';

/** Public images of organisations (an <img> sends no partner header, so they sit outside the bases). */
export const orgAssetsRouter: FastifyPluginAsync = async (app) => {
  app.get(DEMO.logoPath, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(DEMO_LOGO_SVG),
  );
};
