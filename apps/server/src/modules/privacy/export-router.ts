import { PRIVACY_EXPORT_PATHS } from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import type { ExportService } from './export-service.js';
import { binarySchema, contentResponses } from '../../http/envelope.js';

/** The candidate's data export (issue 29, ADR 0049 "Export"), under SERVICE_BASES.webWallet, signed in. */
export const exportRouter: FastifyPluginAsyncZod<{ dataExport: ExportService }> = async (
  app,
  { dataExport },
) => {
  app.get(
    PRIVACY_EXPORT_PATHS.export,
    {
      // A HEAD would build the whole archive (reading every file) only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags: ['privacy'],
        response: contentResponses('The archive (streamed)', { 'application/zip': binarySchema }),
        summary: 'Everything the product holds about the signed-in candidate, as a ZIP',
        description:
          'application/zip, streamed: data.json (format veridocs-export/1), files/documents/… (their ' +
          'uploads), files/reports/… (their reports) and README.txt. At most 5 a day (364); an erased ' +
          'account 351. Errors before the first byte come in the envelope.',
        security: [{ partnerOrg: [], bearer: [] }],
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await dataExport.open(currentUser(request).profileId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
