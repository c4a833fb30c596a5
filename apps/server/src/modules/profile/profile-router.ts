import {
  API_PATHS,
  createWalletRequestSchema,
  profileSchema,
  sessionSchema,
  updateProfileRequestSchema,
  updateVerificationDetailRequestSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { KEPT_BODY_ROUTE } from '../../http/compression.js';
import { ok, responses, sendEncoded, sendEncodedWhenReady } from '../../http/envelope.js';
import type { ProfileService } from './profile-service.js';

export interface ProfileRouterOptions {
  profiles: ProfileService;
}

const security = [{ partnerOrg: [], bearer: [] }];
const base = API_PATHS.profile.base;

/** The signed-in wallet profile, under SERVICE_BASES.webWallet. */
export const profileRouter: FastifyPluginAsyncZod<ProfileRouterOptions> = async (app, { profiles }) => {
  app.get(
    base,
    {
      ...KEPT_BODY_ROUTE,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in profile',
        security,
        response: responses(profileSchema),
      },
    },
    // The hot read (ADR 0005): the envelope kept per cached row, from memory without a promise when it can.
    (request, reply) => {
      const { profileId } = currentUser(request);
      const kept = profiles.getEncodedFromMemory(profileId);
      if (kept) {
        sendEncoded(reply, kept);
        return;
      }
      // Ends with the response, not at send (envelope.ts).
      return sendEncodedWhenReady(reply, profiles.getEncoded(profileId));
    },
  );

  app.patch(
    base,
    {
      schema: {
        tags: ['profile'],
        summary: 'Update the signed-in profile',
        security,
        body: updateProfileRequestSchema,
        response: responses(profileSchema),
      },
    },
    async (request) =>
      ok(await profiles.update(currentUser(request).profileId, request.body), 'Profile updated'),
  );

  app.put(
    API_PATHS.profile.verificationDetail,
    {
      schema: {
        tags: ['profile'],
        summary: 'Save what the candidate may edit: basic details (date of birth, gender), contact details',
        security,
        body: updateVerificationDetailRequestSchema,
        response: responses(profileSchema),
      },
    },
    async (request) =>
      ok(
        await profiles.updateVerificationDetail(currentUser(request).profileId, request.body),
        'Profile updated',
      ),
  );
};

/** Creating a wallet (public: the OTP proven by txnId stands for the sign-in), under SERVICE_BASES.webWallet. */
export const walletCreateRouter: FastifyPluginAsyncZod<{
  profiles: ProfileService;
  rateLimit: { otpMax: number };
}> = async (app, { profiles, rateLimit }) => {
  app.post(
    base,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: 60_000 } },
      schema: {
        tags: ['profile'],
        summary: 'Create the wallet of a new number whose OTP was verified (txnId)',
        security: [{ partnerOrg: [] }],
        body: createWalletRequestSchema,
        response: responses(sessionSchema),
      },
    },
    async (request) => ok(await profiles.createWallet(request.body), 'Wallet created'),
  );
};
