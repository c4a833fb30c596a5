import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PATHS, PARTNER_ORG_HEADER } from '@veridocs/shared';
import type { FastifyInstance } from 'fastify';
import { finishDocument, routeTransform, type OpenApiDocument } from './openapi-document.js';

/** OpenAPI built from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export async function registerDocs(app: FastifyInstance, publicUrl: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Veridocs API',
        version: '0.1.0',
        description:
          `Every answer is { code, data, message }; code 0 is success. Service routes need the ` +
          `\`${PARTNER_ORG_HEADER}\` header.`,
      },
      tags: [
        {
          name: 'org',
          description: "The organisation portal: its users' sign-in, users and invitations (ADR 0047)",
        },
        { name: 'ops', description: "The verification team's sign-in, decisions and audit (ADR 0019, 0020)" },
        {
          name: 'ops-cases',
          description:
            "The console's queues (keyset-paged), a case with its evidence, documents, assignment, " +
            'verification locks and the expected date (ADR 0026)',
        },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          partnerOrg: { type: 'apiKey', in: 'header', name: PARTNER_ORG_HEADER },
          /** The verification team's access token (ADR 0019): another key and audience than a candidate's. */
          opsBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          /** An organisation portal user's access token (ADR 0047): its own key and audience. */
          orgBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          /** An organisation's API key (ADR 0025): `Authorization: Bearer vdk_...`. */
          integrationKey: { type: 'http', scheme: 'bearer', bearerFormat: 'vdk_ API key' },
          /** An institution's responder after the e-mailed code (issue 27). */
          responderSession: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: routeTransform,
    transformObject: (built) =>
      finishDocument(
        ('openapiObject' in built ? built.openapiObject : built.swaggerObject) as OpenApiDocument,
        publicUrl,
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_PATHS.docs,
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
