import {
  OPS_API_PATHS,
  insufficiencyHistorySchema,
  opsAssignRequestSchema,
  opsAssignResponseSchema,
  opsCaseListQuerySchema,
  opsCaseListSchema,
  opsCaseSchema,
  opsDecisionRequestSchema,
  opsDecisionResponseSchema,
  opsExpectedDateRequestSchema,
  opsExpectedDateResponseSchema,
  opsLockReleaseResponseSchema,
  opsLockResponseSchema,
} from '@veridocs/shared';
import { contentDisposition } from '../files/upload-guard.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileContentResponses, ok, responses } from '../../http/envelope.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { OpsService } from './ops-service.js';

const tags = ['ops'];
const caseTags = ['ops-cases'];
const security = [{ opsBearer: [] }];
const txnParams = z.object({ txnId: z.string().trim().min(1).max(100) });
const lockParams = txnParams.extend({ name: z.string().trim().min(1).max(100) });
const fileParams = z.object({ fileId: z.string().trim().min(1).max(100) });
const fileQuery = z.object({ download: z.enum(['0', '1']).optional() }).strict();

/**
 * The team's queues, cases, documents, assignment, verification locks, expected date, decisions and the
 * insufficiency history (verifier or admin), under /api/ops (ADR 0019, 0020, 0026).
 */
export const opsRouter: FastifyPluginAsyncZod<{ ops: OpsService }> = async (app, { ops }) => {
  app.post(
    OPS_API_PATHS.decisionsRoute,
    {
      schema: {
        tags,
        summary: 'Moves one verification along its state machine (ADR 0007, 0020)',
        description:
          'IN_PROGRESS, COMPLETED, FAILED (reason), INSUFFICIENT_DATA (reason and the documents asked, ' +
          '{key, label}), CLOSED. The transaction follows. Unknown transaction 121; not in it 126; a move ' +
          'the table refuses 123; nothing changes.',
        security,
        params: txnParams,
        body: opsDecisionRequestSchema,
        response: responses(opsDecisionResponseSchema),
      },
    },
    async (request) =>
      ok(await ops.decide(currentStaff(request), request.params.txnId, request.body, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.insufficienciesRoute,
    {
      schema: {
        tags,
        summary: "Every insufficiency round of a transaction and the candidate's answers, oldest first",
        security,
        params: txnParams,
        response: responses(insufficiencyHistorySchema),
      },
    },
    async (request) => ok(await ops.history(currentStaff(request), request.params.txnId, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.cases,
    {
      schema: {
        tags: caseTags,
        summary: 'One queue of cases, fast-track first, then the nearest deadline, then the oldest',
        description:
          'Queues new, in_progress, action_required, ready_to_close (ADR 0026). Filters: orgId, formId, a ' +
          "verification's state, verificationType (category), from/to (submitted, UTC days), q (a name's " +
          'start, mobile digits, a transaction id or its start). Keyset paging: pass `nextCursor` as ' +
          '`cursor` with the same filters (223 otherwise).',
        security,
        querystring: opsCaseListQuerySchema,
        response: responses(opsCaseListSchema),
      },
    },
    async (request) => ok(await ops.list(currentStaff(request), request.query, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.caseRoute,
    {
      schema: {
        tags: caseTags,
        summary:
          'A whole case: candidate, verifications with data and documents, identity, payments, timeline',
        description: 'Audited (case.read). Unknown transaction 121.',
        security,
        params: txnParams,
        response: responses(opsCaseSchema),
      },
    },
    async (request) => ok(await ops.caseView(currentStaff(request), request.params.txnId, originOf(request))),
  );

  app.get(
    OPS_API_PATHS.fileRoute,
    {
      schema: {
        tags: caseTags,
        response: fileContentResponses(),
        summary: "A case document's bytes (inline; ?download=1 as an attachment)",
        description: 'Only a file attached to a transaction (224 otherwise). Audited.',
        security,
        params: fileParams,
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const download = request.query.download === '1';
      const content = await ops.file(
        currentStaff(request),
        request.params.fileId,
        download,
        originOf(request),
      );
      const disposition = contentDisposition(content.name, content.mimeType);
      return reply
        .header('content-type', content.mimeType)
        .header('content-length', String(content.size))
        .header('content-disposition', download ? disposition.replace(/^inline/, 'attachment') : disposition)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(content.body);
    },
  );

  app.post(
    OPS_API_PATHS.assignRoute,
    {
      schema: {
        tags: caseTags,
        summary:
          'Assigns a case to oneself ({}), another team member ({staffId}) or nobody ({staffId: null})',
        description: 'Audited (case.assign). Unknown transaction 121; unknown or disabled team member 222.',
        security,
        params: txnParams,
        body: opsAssignRequestSchema,
        response: responses(opsAssignResponseSchema),
      },
    },
    async (request) =>
      ok(
        await ops.assign(
          currentStaff(request),
          request.params.txnId,
          request.body.staffId,
          originOf(request),
        ),
      ),
  );

  app.post(
    OPS_API_PATHS.lockRoute,
    {
      schema: {
        tags: caseTags,
        summary: 'Takes or renews the lock on one verification (5 minutes)',
        description:
          "Another's live lock: 220 with data.lock {staffId, name, expiresAt}. A decision on a verification " +
          'another holds is refused the same way. Unknown transaction 121; not in it 126.',
        security,
        params: lockParams,
        response: responses(opsLockResponseSchema),
      },
    },
    async (request) => ok(await ops.lock(currentStaff(request), request.params.txnId, request.params.name)),
  );

  app.delete(
    OPS_API_PATHS.lockRoute,
    {
      schema: {
        tags: caseTags,
        summary: "Releases the caller's lock on one verification",
        security,
        params: lockParams,
        response: responses(opsLockReleaseResponseSchema),
      },
    },
    async (request) => ok(await ops.unlock(currentStaff(request), request.params.txnId, request.params.name)),
  );

  app.put(
    OPS_API_PATHS.expectedDateRoute,
    {
      schema: {
        tags: caseTags,
        summary: 'Sets the expected completion date the candidate sees (today or later)',
        description: 'Audited (case.expected-date). A terminal transaction 221; unknown 121.',
        security,
        params: txnParams,
        body: opsExpectedDateRequestSchema,
        response: responses(opsExpectedDateResponseSchema),
      },
    },
    async (request) =>
      ok(
        await ops.expectedDate(
          currentStaff(request),
          request.params.txnId,
          request.body.date,
          originOf(request),
        ),
      ),
  );
};
