import {
  API_PATHS,
  countryResponseSchema,
  geocodeQuerySchema,
  geolocationResultSchema,
  pincodeParamsSchema,
  pincodeResultSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binarySchema, contentResponses, ok, responses } from '../../http/envelope.js';
import type { GeoService } from './geo-service.js';

const mapQuerySchema = geocodeQuerySchema.extend({
  accuracy: z.coerce.number().min(0).max(100_000).optional(),
});

/** Geocoding and country by IP under SERVICE_BASES.utility (spec §7). */
export const geoRouter: FastifyPluginAsyncZod<{
  geo: GeoService;
}> = async (app, { geo }) => {
  app.get(
    API_PATHS.files.reverseGeocode,
    {
      schema: {
        tags: ['geo'],
        summary: 'Address and map image of a position (offline: nearest India Post office)',
        security: [{ partnerOrg: [], bearer: [] }],
        querystring: mapQuerySchema,
        response: responses(geolocationResultSchema),
      },
    },
    async (request) =>
      ok(
        await geo.reverse({
          lat: request.query.lat,
          lng: request.query.lng,
          accuracy: request.query.accuracy ?? null,
          ip: request.ip,
        }),
      ),
  );

  app.get(
    API_PATHS.utility.pincodeRoute,
    {
      schema: {
        tags: ['geo'],
        summary: 'District, state and post offices of a pincode (India Post directory, offline)',
        security: [{ partnerOrg: [], bearer: [] }],
        params: pincodeParamsSchema,
        response: responses(pincodeResultSchema),
      },
    },
    async (request) => ok(await geo.pincode(request.params.pin)),
  );
};

/** The caller's country by IP (no sign-in: the payment region before a wallet exists), under SERVICE_BASES.utility. */
export const countryRouter: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get(
    API_PATHS.files.country,
    {
      schema: {
        tags: ['geo'],
        summary: "The caller's country by IP (offline GeoLite2 data), for the payment region",
        security: [{ partnerOrg: [] }],
        response: responses(countryResponseSchema),
      },
    },
    async (request) => ok(geo.country(request.ip)),
  );
};

/** The map image: an <img> sends no headers, so it sits outside the service bases; it shows only what it is asked to. */
export const mapImageRouter: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get(
    API_PATHS.files.mapImage,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['geo'],
        response: contentResponses('The map', { 'image/png': binarySchema }),
        summary: 'A 600×400 map image (PNG) centred on lat/lng',
        querystring: mapQuerySchema,
      },
    },
    async (request, reply) => {
      const png = await geo.mapImage(request.query.lat, request.query.lng, request.query.accuracy ?? null);
      return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
    },
  );
};
