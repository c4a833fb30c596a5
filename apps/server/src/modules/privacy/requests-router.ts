import {
  PRIVACY_REQUEST_PATHS as P,
  correctionInputSchema,
  grievanceInputSchema,
  privacyTicketAnswerSchema,
  privacyTicketIdParamsSchema,
  privacyTicketListSchema,
  privacyTicketOpsListSchema,
  privacyTicketOpsQuerySchema,
  privacyTicketOpsSchema,
  privacyTicketSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.js';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { RequestsService } from './requests-service.js';

const tags = ['privacy'];
const candidate = [{ partnerOrg: [], bearer: [] }];

/** The candidate's correction requests and grievance tickets, under SERVICE_BASES.webWallet (issue 29). */
export const requestsRouter: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (
  app,
  { requests },
) => {
  app.get(
    P.requests,
    {
      schema: {
        tags,
        summary: "The caller's correction requests and grievances, newest first, with the grievance officer",
        security: candidate,
        response: responses(privacyTicketListSchema),
      },
    },
    async (request) => ok(await requests.list(currentUser(request).profileId)),
  );
  app.post(
    P.corrections,
    {
      schema: {
        tags,
        summary: 'Files a correction request: which data is wrong and what it should be',
        description:
          'Due 90 days later. The same request again answers the one filed. More than 10 open requests: 354; ' +
          'a request (txnId) not the caller’s: 356.',
        security: candidate,
        body: correctionInputSchema,
        response: responses(privacyTicketSchema),
      },
    },
    async (request) =>
      ok(await requests.fileCorrection(currentUser(request).profileId, request.body), 'Correction requested'),
  );
  app.post(
    P.grievances,
    {
      schema: {
        tags,
        summary: 'Files a grievance ticket to the grievance officer',
        description: 'Due 90 days later (the DPDP Rules). Same limits and retries as a correction.',
        security: candidate,
        body: grievanceInputSchema,
        response: responses(privacyTicketSchema),
      },
    },
    async (request) =>
      ok(await requests.fileGrievance(currentUser(request).profileId, request.body), 'Grievance filed'),
  );
  app.post(
    P.closeRoute,
    {
      schema: {
        tags,
        summary: 'Withdraws an open request of the caller (status closed)',
        security: candidate,
        params: privacyTicketIdParamsSchema,
        response: responses(privacyTicketSchema),
      },
    },
    async (request) =>
      ok(await requests.close(currentUser(request).profileId, request.params.requestId), 'Request withdrawn'),
  );
};

/** The team's side (admins' family): list, read (audited) and answer once (audited). */
export const requestsOpsRouter: FastifyPluginAsyncZod<{
  requests: RequestsService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { requests, audit }) => {
  const security = [{ opsBearer: [] }];
  app.get(
    P.opsList,
    {
      schema: {
        tags: ['ops'],
        summary: 'Correction requests and grievances: open first, by due date; ?kind&status',
        security,
        querystring: privacyTicketOpsQuerySchema,
        response: responses(privacyTicketOpsListSchema),
      },
    },
    async (request) => ok(await requests.opsList(request.query)),
  );
  app.get(
    P.opsRequestRoute,
    {
      schema: {
        tags: ['ops'],
        summary: "One request with the candidate's reference and text (the read is audited)",
        security,
        params: privacyTicketIdParamsSchema,
        response: responses(privacyTicketOpsSchema),
      },
    },
    async (request) => {
      const ticket = await requests.opsGet(request.params.requestId);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'privacy.request-read',
        targetType: 'privacy-request',
        targetId: ticket.id,
        detail: { reference: ticket.reference, profileId: ticket.profileId },
        ip: originOf(request).ip,
      });
      return ok(ticket);
    },
  );
  app.post(
    P.opsAnswerRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Answers a request once: the outcome and the text sent to the candidate',
        description: 'A second answer: 353. An outcome of the other kind: 355. The candidate is notified.',
        security,
        params: privacyTicketIdParamsSchema,
        body: privacyTicketAnswerSchema,
        response: responses(privacyTicketOpsSchema),
      },
    },
    async (request) => {
      const staffId = currentStaff(request).staffId;
      const ticket = await requests.answer(request.params.requestId, request.body, staffId);
      await audit({
        staffId,
        action: 'privacy.request-answer',
        targetType: 'privacy-request',
        targetId: ticket.id,
        detail: { reference: ticket.reference, outcome: ticket.outcome },
        ip: originOf(request).ip,
      });
      return ok(ticket, 'Answer sent');
    },
  );
};
