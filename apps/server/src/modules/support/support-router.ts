import {
  API_PATHS,
  OPS_API_PATHS,
  SUPPORT_UNANSWERED_MAX,
  chatHashRequestSchema,
  chatHashResponseSchema,
  supportChatQuerySchema,
  supportChatSchema,
  supportConversationSchema,
  supportInboxQuerySchema,
  supportInboxSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { SupportService } from './support-service.js';

const tags = ['support'];
const security = [{ partnerOrg: [], bearer: [] }];
const P = API_PATHS.support;

/** The candidate's side of the support chat, under SERVICE_BASES.webWallet (spec §1, §7; ADR 0032). */
export const supportRouter: FastifyPluginAsyncZod<{
  support: SupportService;
}> = async (app, { support }) => {
  app.post(
    P.chatHash,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The chat identity hash of the signed-in candidate's own mobile number (spec §7)",
        description:
          'HMAC-SHA256 of the number under the chat key (SUPPORT_CHAT_HASH_SECRET, or one derived from the ' +
          "server key), lowercase hex. Another number than the session's: 250.",
        security,
        body: chatHashRequestSchema,
        response: responses(chatHashResponseSchema),
      },
    },
    async (request) => ok(support.hash(currentUser(request), request.body.mobile)),
  );

  app.get(
    P.chat,
    {
      schema: {
        tags,
        summary: "The signed-in candidate's support conversation",
        description: 'Only the messages after the message id `after` when given (polling).',
        security,
        querystring: supportChatQuerySchema,
        response: responses(supportChatSchema),
      },
    },
    async (request) => ok(await support.chat(currentUser(request).profileId, request.query.after)),
  );

  app.post(
    P.chatMessages,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sends a message to the support team (opens the conversation on the first one)',
        description: `More than ${String(SUPPORT_UNANSWERED_MAX)} messages in a row without an answer: 252.`,
        security,
        body: supportMessageRequestSchema,
        response: responses(supportMessageSchema),
      },
    },
    async (request) => ok(await support.send(currentUser(request).profileId, request.body.body), 'Sent'),
  );
};

const opsSecurity = [{ opsBearer: [] }];
const conversationParams = z.object({ conversationId: z.uuid() });

/** The support inbox (verifier, admin) under /api/ops/support; every read and reply audited. */
export const supportOpsRouter: FastifyPluginAsyncZod<{
  support: SupportService;
}> = async (app, { support }) => {
  const opsTags = ['ops', 'support'];

  app.get(
    OPS_API_PATHS.supportConversations,
    {
      schema: {
        tags: opsTags,
        summary:
          'Support conversations: those waiting for an answer first, then newest activity (`filter=waiting`: only those)',
        security: opsSecurity,
        querystring: supportInboxQuerySchema,
        response: responses(supportInboxSchema),
      },
    },
    async (request) => ok(await support.inbox(currentStaff(request), request.query, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.supportConversationRoute,
    {
      schema: {
        tags: opsTags,
        summary: 'One support conversation with every message',
        description: 'Unknown conversation: 251.',
        security: opsSecurity,
        params: conversationParams,
        response: responses(supportConversationSchema),
      },
    },
    async (request) =>
      ok(await support.conversation(currentStaff(request), request.params.conversationId, originOf(request))),
  );

  app.post(
    OPS_API_PATHS.supportRepliesRoute,
    {
      schema: {
        tags: opsTags,
        summary: "The team's reply in a support conversation (the candidate's widget shows it)",
        description: 'Unknown conversation: 251.',
        security: opsSecurity,
        params: conversationParams,
        body: supportMessageRequestSchema,
        response: responses(supportMessageSchema),
      },
    },
    async (request) =>
      ok(
        await support.reply(
          currentStaff(request),
          request.params.conversationId,
          request.body.body,
          originOf(request),
        ),
        'Sent',
      ),
  );
};
