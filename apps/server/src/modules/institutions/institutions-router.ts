import {
  OPS_API_PATHS,
  addContactSchema,
  caseInstitutionRequestsSchema,
  createInstitutionSchema,
  decideFromAnswerSchema,
  institutionListQuerySchema,
  institutionListSchema,
  institutionRequestListQuerySchema,
  institutionRequestListSchema,
  institutionSchema,
  opsDecisionResponseSchema,
  sendInstitutionRequestSchema,
  updateInstitutionSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import { allowRoles, currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { DirectoryService } from './directory-service.js';
import type { RequestsService } from './requests-service.js';

const tags = ['ops-institutions'];
const security = [{ opsBearer: [] }];
const idParam = z.string().trim().min(1).max(100);
const institutionParams = z.object({ institutionId: idParam });
const contactParams = institutionParams.extend({ contactId: idParam });
const caseParams = z.object({ txnId: idParam });
const verificationParams = caseParams.extend({ name: idParam });
const adminOnly = allowRoles('admin');

/**
 * The institution directory and the case's requests to institutions (issue 27), in the ops family
 * (its guard signs verifiers and admins in); the directory's writes are for admins.
 */
export const institutionsOpsRouter: FastifyPluginAsyncZod<{
  directory: DirectoryService;
  requests: RequestsService;
}> = async (app, { directory, requests }) => {
  const P = OPS_API_PATHS;

  app.get(
    P.institutions,
    {
      schema: {
        tags,
        summary: 'The institution directory with its turnaround figures',
        description:
          'Filter by name (q), kind, open requests, a response rate at most maxResponseRate; sort by name, ' +
          'median or 90th-percentile working days, response rate, open requests or the oldest.',
        security,
        querystring: institutionListQuerySchema,
        response: responses(institutionListSchema),
      },
    },
    async (request) => ok(await directory.list(request.query)),
  );

  app.post(
    P.institutions,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add an institute or board of the reference data, or an employer (admins)',
        description: 'An unknown reference value is refused; adding one already there answers it.',
        security,
        body: createInstitutionSchema,
        response: responses(institutionSchema),
      },
    },
    async (request) =>
      ok(await directory.create(currentStaff(request), request.body, originOf(request)), 'Added'),
  );

  app.put(
    P.institutionRoute,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "An entry's method, fee and notes (admins)",
        security,
        params: institutionParams,
        body: updateInstitutionSchema,
        response: responses(institutionSchema),
      },
    },
    async (request) =>
      ok(
        await directory.update(
          currentStaff(request),
          request.params.institutionId,
          request.body,
          originOf(request),
        ),
        'Saved',
      ),
  );

  app.post(
    P.institutionContactsRoute,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a contact address; a confirmation link is e-mailed to it (admins)',
        security,
        params: institutionParams,
        body: addContactSchema,
        response: responses(institutionSchema),
      },
    },
    async (request) =>
      ok(
        await directory.addContact(
          currentStaff(request),
          request.params.institutionId,
          request.body,
          originOf(request),
        ),
        'Confirmation link sent',
      ),
  );

  app.delete(
    P.institutionContactRoute,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove a contact: no more requests go to it; its answers stay (admins)',
        security,
        params: contactParams,
        response: responses(institutionSchema),
      },
    },
    async (request) =>
      ok(
        await directory.removeContact(
          currentStaff(request),
          request.params.institutionId,
          request.params.contactId,
          originOf(request),
        ),
        'Removed',
      ),
  );

  app.get(
    P.institutionRequestList,
    {
      schema: {
        tags,
        summary: "The team's queue of requests to institutions (escalated first by default)",
        security,
        querystring: institutionRequestListQuerySchema,
        response: responses(institutionRequestListSchema),
      },
    },
    async (request) => ok(await requests.list(request.query)),
  );

  app.get(
    P.institutionRequestsRoute,
    {
      schema: {
        tags,
        summary: 'What a case can ask of which institution, and its requests with the answers',
        security,
        params: caseParams,
        response: responses(caseInstitutionRequestsSchema),
      },
    },
    async (request) => ok(await requests.caseView(request.params.txnId)),
  );

  app.post(
    P.institutionRequestsRoute,
    {
      schema: {
        tags,
        summary: 'Send one request to a confirmed contact for chosen verifications being checked',
        description:
          'Needs the candidate’s consent (297), a confirmed contact of that institution (291), and ' +
          'verifications that name it and no open request covers (295). The claims are the server’s. Audited.',
        security,
        params: caseParams,
        body: sendInstitutionRequestSchema,
        response: responses(caseInstitutionRequestsSchema),
      },
    },
    async (request) =>
      ok(
        await requests.send(currentStaff(request), request.params.txnId, request.body, originOf(request)),
        'Request sent',
      ),
  );

  app.post(
    P.decideFromAnswerRoute,
    {
      schema: {
        tags,
        summary: "Complete or fail a verification from the institution's latest answer",
        description:
          'COMPLETED needs every fact confirmed; FAILED needs a reason. Under the verification lock, audited.',
        security,
        params: verificationParams,
        body: decideFromAnswerSchema,
        response: responses(opsDecisionResponseSchema),
      },
    },
    async (request) =>
      ok(
        await requests.decideFromAnswer(
          currentStaff(request),
          request.params.txnId,
          request.params.name,
          request.body,
          originOf(request),
        ),
      ),
  );
};
