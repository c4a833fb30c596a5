import {
  API_PATHS,
  aadhaarCaptchaRequestSchema,
  aadhaarProfileSchema,
  aadhaarStartRequestSchema,
  aadhaarStepSchema,
  aadhaarVerifyRequestSchema,
  aadhaarVerifyResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { AadhaarService } from './aadhaar-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['aadhaar'];
const PER_MINUTE = 60_000;

interface Options {
  aadhaar: AadhaarService;
  rateLimit: { otpMax: number };
}

/** The Aadhaar OTP check, under SERVICE_BASES.verificationV1 (spec §7). */
export const aadhaarRouter: FastifyPluginAsyncZod<Options> = async (app, { aadhaar, rateLimit }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;
  const config = { rateLimit: { max: rateLimit.otpMax, timeWindow: PER_MINUTE } };
  const paths = API_PATHS.aadhaar;

  app.post(
    paths.start,
    {
      config,
      schema: {
        tags,
        summary: 'Start an Aadhaar OTP check: a captcha to solve next, or the OTP sent',
        description:
          'The number must pass the Verhoeff check. It is kept only as a keyed hash and its last 4 ' +
          'digits; answers show it masked. At most 5 checks per hour; a new check ends the previous one.',
        security,
        body: aadhaarStartRequestSchema,
        response: responses(aadhaarStepSchema),
      },
    },
    async (request) => ok(await aadhaar.start(me(request), request.body), 'Proceed to the next step'),
  );

  app.post(
    paths.preVerifyRoute,
    {
      config,
      schema: {
        tags,
        summary: 'Answer the captcha of a started check; the OTP is sent when it matches',
        description: 'A wrong answer is code 160 with a new image in `data.captchaImage`.',
        security,
        params: z.object({ requestId: z.string().max(100) }),
        body: aadhaarCaptchaRequestSchema,
        response: responses(aadhaarStepSchema),
      },
    },
    async (request) =>
      ok(await aadhaar.answerCaptcha(me(request), request.params.requestId, request.body), 'OTP sent'),
  );

  app.post(
    paths.verify,
    {
      config,
      schema: {
        tags,
        summary: 'Verify the Aadhaar OTP: fills the profile and completes the identity verification',
        description: 'Wrong OTP: 106 with attemptsLeft (3 per check); expired: 107; provider down: 161.',
        security,
        body: aadhaarVerifyRequestSchema,
        response: responses(aadhaarVerifyResponseSchema),
      },
    },
    async (request) => ok(await aadhaar.verify(me(request), request.body), 'Aadhaar verified'),
  );
};

/** GET /profile/aadhaar under SERVICE_BASES.webWallet: the verified details, masked number only. */
export const aadhaarProfileRouter: FastifyPluginAsyncZod<{
  profiles: ProfileService;
}> = async (app, { profiles }) => {
  app.get(
    API_PATHS.profile.aadhaar,
    {
      schema: {
        tags: ['profile'],
        summary: 'The Aadhaar-verified details of the signed-in profile (104 before any verification)',
        security,
        response: responses(aadhaarProfileSchema.nullable()),
      },
    },
    async (request) => {
      const details = await profiles.aadhaar(currentUser(request).profileId);
      if (!details) throw new AppError('NO_DATA', 'Aadhaar is not verified yet');
      return ok(details);
    },
  );
};
