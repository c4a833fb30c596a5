import {
  ORG_API_PATHS,
  opsOrgOwnerCreateSchema,
  orgInvitationAcceptSchema,
  orgInvitationPreviewSchema,
  orgMeSchema,
  orgSessionSchema,
  orgSignInRequestSchema,
  orgSignInResponseSchema,
  orgUserInvitationSchema,
  orgUserInviteRequestSchema,
  orgActivityListSchema,
  orgActivityQuerySchema,
  orgUserListSchema,
  orgUserRowSchema,
  orgUserSchema,
  orgUserUpdateSchema,
  orgVerifyCodeRequestSchema,
} from '@veridocs/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf as opsOriginOf } from '../ops-auth/ops-guard.js';
import type { OrgAuthService, OrgOrigin } from './org-auth-service.js';
import { allowOrgRoles, currentOrgUser } from './org-guard.js';

const tags = ['org'];
const security = [{ orgBearer: [] }];
const P = ORG_API_PATHS;
const id = z.string().trim().min(1).max(100);

const originOf = (request: FastifyRequest): OrgOrigin => ({ ip: request.ip || null });

/** The portal's public account routes (ADR 0047): sign-in in two steps, an invitation's page. */
export const orgAuthRouter: FastifyPluginAsyncZod<{
  orgAuth: OrgAuthService;
  rateLimit: { loginMax: number; otpMax: number };
}> = async (app, { orgAuth, rateLimit }) => {
  app.post(
    P.signIn,
    {
      config: { rateLimit: { max: rateLimit.loginMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Organisation sign-in, step 1: e-mail and password; a 6-digit code is e-mailed',
        description:
          'One answer, 300, for an unknown e-mail, a wrong password, a disabled or locked user and a user over ' +
          'the hourly cap of codes (5). Five wrong passwords in a row lock the user for 15 minutes.',
        body: orgSignInRequestSchema,
        response: responses(orgSignInResponseSchema),
      },
    },
    async (request) => ok(await orgAuth.signIn(request.body.email, request.body.password, originOf(request))),
  );

  app.post(
    P.verifyCode,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Organisation sign-in, step 2: the e-mailed code; answers the organisation access token',
        description: 'The code lives 10 minutes and takes 3 attempts; wrong, expired or used: 301.',
        body: orgVerifyCodeRequestSchema,
        response: responses(orgSessionSchema),
      },
    },
    async (request) =>
      ok(await orgAuth.verifyCode(request.body.challengeId, request.body.code, originOf(request))),
  );

  app.get(
    P.invitation,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "An invitation link's preview (306 when unknown, expired, used or revoked)",
        querystring: z.object({ token: z.string().trim().min(10).max(200) }),
        response: responses(orgInvitationPreviewSchema),
      },
    },
    async (request) => ok(await orgAuth.invitationPreview(request.query.token)),
  );

  app.post(
    P.acceptInvitation,
    {
      config: { rateLimit: { max: rateLimit.otpMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Accepts an invitation: sets the password; the user gets the invitation's role (single use)",
        body: orgInvitationAcceptSchema,
        response: responses(orgUserSchema),
      },
    },
    async (request) =>
      ok(await orgAuth.acceptInvitation(request.body.token, request.body.password, originOf(request))),
  );
};

/** Inside the portal's signed-in family: sign-out, me, and the owner's users and invitations. */
export const orgUsersRouter: FastifyPluginAsyncZod<{ orgAuth: OrgAuthService }> = async (
  app,
  { orgAuth },
) => {
  app.post(
    P.signOut,
    { schema: { tags, summary: 'Ends this organisation session', security, response: responses(z.null()) } },
    async (request) => {
      await orgAuth.signOut(currentOrgUser(request), originOf(request));
      return ok(null);
    },
  );

  app.get(
    P.me,
    {
      schema: {
        tags,
        summary: 'The signed-in user and organisation',
        security,
        response: responses(orgMeSchema),
      },
    },
    async (request) => ok(await orgAuth.me(currentOrgUser(request))),
  );

  const owner = allowOrgRoles('owner');

  app.get(
    P.activity,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "The organisation's activity (owner): who did what, when; newest first, keyset pages",
        security,
        querystring: orgActivityQuerySchema,
        response: responses(orgActivityListSchema),
      },
    },
    async (request) => ok(await orgAuth.activity(currentOrgUser(request), request.query)),
  );

  app.get(
    P.users,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "The organisation's users and open invitations (owner)",
        security,
        response: responses(orgUserListSchema),
      },
    },
    async (request) => ok(await orgAuth.listUsers(currentOrgUser(request))),
  );

  app.post(
    P.userInvitations,
    {
      onRequest: owner,
      schema: {
        tags,
        summary:
          'Invites a user by an e-mailed link that works 7 days (owner); 305 when the e-mail has a user',
        security,
        body: orgUserInviteRequestSchema,
        response: responses(orgUserInvitationSchema),
      },
    },
    async (request) => ok(await orgAuth.inviteUser(currentOrgUser(request), request.body, originOf(request))),
  );

  app.delete(
    P.userInvitationRoute,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Revokes an open invitation (owner)',
        security,
        params: z.object({ invitationId: id }),
        response: responses(z.null()),
      },
    },
    async (request) => {
      await orgAuth.revokeInvitation(currentOrgUser(request), request.params.invitationId, originOf(request));
      return ok(null);
    },
  );

  app.patch(
    P.userRoute,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "Changes a user's role or disables/enables them (owner); 307 for the last enabled owner",
        security,
        params: z.object({ userId: id }),
        body: orgUserUpdateSchema,
        response: responses(orgUserRowSchema),
      },
    },
    async (request) =>
      ok(
        await orgAuth.updateUser(
          currentOrgUser(request),
          request.params.userId,
          request.body,
          originOf(request),
        ),
      ),
  );
};

/** The platform admin invites an organisation's owner (inside the ops admins' family; ops audit). */
export const opsOrgOwnerRouter: FastifyPluginAsyncZod<{
  orgAuth: OrgAuthService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { orgAuth, audit }) => {
  app.post(
    P.opsOrgOwnerRoute,
    {
      schema: {
        tags: ['ops-admin'],
        summary:
          "Invites an organisation's owner by e-mail (admin); 120: no such organisation, 305: e-mail taken",
        security: [{ opsBearer: [] }],
        params: z.object({ orgId: id }),
        body: opsOrgOwnerCreateSchema,
        response: responses(orgUserInvitationSchema),
      },
    },
    async (request) => {
      const origin = opsOriginOf(request);
      const invitation = await orgAuth.inviteOwner(request.params.orgId, request.body, origin);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'org.owner-invite',
        targetType: 'organisation',
        targetId: request.params.orgId,
        detail: { email: invitation.email, invitationId: invitation.id },
        ip: origin.ip,
      });
      return ok(invitation);
    },
  );
};
