import {
  API_PATHS,
  passportConfirmRequestSchema,
  passportScanRequestSchema,
  passportScanResponseSchema,
  verificationInfoSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { PassportService } from './passport-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['identity'];
const paths = API_PATHS.verification;

/** Passport by scan, under SERVICE_BASES.verificationV1 (spec §7; all need the bearer token). */
export const passportRouter: FastifyPluginAsyncZod<{
  passport: PassportService;
}> = async (app, { passport }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;

  app.post(
    paths.passportScan,
    {
      schema: {
        tags,
        summary: "Read the MRZ of an uploaded photo of the passport's data page (type: passport)",
        description:
          'Upload the photo with POST /files first. Answers the fields read, or a status saying why they ' +
          'cannot be used: UNREADABLE, CHECK_DIGIT (with the field), INVALID_DATE, EXPIRED, UNDER_AGE.',
        security,
        body: passportScanRequestSchema,
        response: responses(passportScanResponseSchema),
      },
    },
    async (request) => {
      const result = await passport.scan(me(request), request.body);
      return ok(result, result.message ?? 'Passport read');
    },
  );

  app.post(
    paths.updateIdentification,
    {
      schema: {
        tags,
        summary: 'Save the passport fields the candidate confirmed (judged again: formats, expiry, age 18)',
        security,
        body: passportConfirmRequestSchema,
        response: responses(verificationInfoSchema),
      },
    },
    async (request) => ok(await passport.confirm(me(request), request.body), 'Saved'),
  );
};
