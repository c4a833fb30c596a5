import fastifyMultipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import {
  ORG_API_PATHS as P,
  inviteBatchCheckedSchema,
  inviteBatchSchema,
  orgCandidateDetailSchema,
  orgCandidateInviteSchema,
  orgCandidateListSchema,
  orgCandidateQuerySchema,
  orgFormListSchema,
  orgInvitationSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import {
  binarySchema,
  contentResponses,
  eventStreamResponses,
  multipartBody,
  ok,
  responses,
} from '../../http/envelope.js';
import { allowOrgRoles, currentOrgUser } from '../org-auth/org-guard.js';
import type { OrgCandidatesService } from './org-candidates-service.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;
const id = z.string().trim().min(1).max(100);
/** A file of 10,000 rows of five columns is well under this. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The organisation portal's candidates (issue 28, ADR 0047): registered inside the portal's signed-in
 * family (any role reads; owners and managers invite). Every answer is the caller's organisation's.
 */
export const orgCandidatesRouter: FastifyPluginAsyncZod<{ orgCandidates: OrgCandidatesService }> = async (
  app,
  { orgCandidates: s },
) => {
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_FILE_BYTES, fields: 0 } });
  const tags = ['org'];
  const security = [{ orgBearer: [] }];
  const inviters = allowOrgRoles('owner', 'manager');
  const orgOf = (request: Parameters<typeof currentOrgUser>[0]) => currentOrgUser(request).orgId;
  const who = (request: Parameters<typeof currentOrgUser>[0]) => {
    const u = currentOrgUser(request);
    return { orgId: u.orgId, userId: u.userId };
  };

  app.post(
    P.invitations,
    {
      onRequest: inviters,
      schema: {
        tags,
        summary: 'Invites one candidate (SMS, and e-mail when given); header Idempotency-Key optional',
        description:
          'The integration API’s creation: one transaction per candidate and form. 311: not a form here.',
        security,
        body: orgCandidateInviteSchema,
        response: responses(orgInvitationSchema),
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const value = typeof key === 'string' ? key.trim() : undefined;
      if (value !== undefined && !IDEMPOTENCY_KEY.test(value)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      return ok((await s.invite(who(request), request.body, { idempotencyKey: value })).invitation);
    },
  );

  app.post(
    P.remindNotStarted,
    {
      onRequest: inviters,
      schema: {
        tags,
        summary: 'Reminds every candidate of the form who has not started (once a day each)',
        security,
        body: z.object({ formId: id }).strict(),
        response: responses(z.object({ reminded: z.number().int() })),
      },
    },
    async (request) => ok(await s.remindNotStarted(orgOf(request), request.body.formId)),
  );

  app.post(
    P.inviteBatches,
    {
      onRequest: inviters,
      schema: {
        tags,
        summary: 'Checks a CSV or XLSX file (multipart "file") row by row into a batch; nothing is sent yet',
        description:
          'Columns name, mobile, email, form, language and a header row (XLSX: the first sheet). 312 not such a file, 313 too many rows.',
        security,
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody(
          'The CSV or XLSX file: a header row, then name, mobile, email, form, language per candidate',
        ),
        response: responses(inviteBatchCheckedSchema),
      },
    },
    async (request) => {
      let file;
      try {
        file = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new AppError(
            'INVITE_FILE_INVALID',
            'Send the file as multipart/form-data in the field "file"',
          );
        throw error;
      }
      if (!file || file.fieldname !== 'file') {
        file?.file.resume();
        throw new AppError('INVITE_FILE_INVALID', 'Send the file in the field "file"');
      }
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('INVITE_FILE_TOO_LARGE');
        throw error;
      });
      return ok(await s.checkFile(who(request), file.filename || 'upload.csv', bytes));
    },
  );

  app.get(
    P.inviteBatches,
    {
      schema: {
        tags,
        summary: 'The organisation’s uploads, newest first',
        security,
        response: responses(z.object({ list: z.array(inviteBatchSchema) })),
      },
    },
    async (request) => ok({ list: await s.batches(orgOf(request)) }),
  );

  const batchParams = z.object({ batchId: id });
  app.get(
    P.inviteBatchRoute,
    {
      schema: {
        tags,
        summary: 'An upload and its progress',
        security,
        params: batchParams,
        response: responses(inviteBatchSchema),
      },
    },
    async (request) => ok(await s.batch(orgOf(request), request.params.batchId)),
  );

  app.post(
    P.sendInviteBatchRoute,
    {
      onRequest: inviters,
      schema: {
        tags,
        summary: 'Sends the upload’s valid rows on the job queue (the batch’s counts are the progress)',
        security,
        params: batchParams,
        response: responses(inviteBatchSchema),
      },
    },
    async (request) => ok(await s.sendBatch(orgOf(request), request.params.batchId)),
  );

  app.get(
    P.inviteBatchResultRoute,
    {
      schema: {
        tags,
        response: contentResponses('The rows, with a header row', { 'text/csv': z.string() }),
        summary: 'Every row of the upload with its outcome (CSV)',
        security,
        params: batchParams,
      },
    },
    async (request, reply) => {
      const csv = await s.batchResultCsv(orgOf(request), request.params.batchId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.name}"`)
        .header('cache-control', 'private, no-store')
        .send(csv.body);
    },
  );

  app.get(
    P.forms,
    {
      schema: {
        tags,
        summary: 'The organisation’s forms with their bucket counts',
        security,
        response: responses(orgFormListSchema),
      },
    },
    async (request) => ok({ list: await s.forms(orgOf(request)) }),
  );

  app.get(
    P.candidates,
    {
      schema: {
        tags,
        summary: 'One form’s candidates, newest change first (keyset pages)',
        security,
        querystring: orgCandidateQuerySchema,
        response: responses(orgCandidateListSchema),
      },
    },
    async (request) => ok(await s.candidates(orgOf(request), request.query)),
  );

  app.get(
    P.candidatesCsv,
    {
      schema: {
        tags,
        response: contentResponses('The rows, with a header row', { 'text/csv': z.string() }),
        summary: 'The same list as CSV (streamed)',
        security,
        querystring: orgCandidateQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      const orgId = orgOf(request);
      // Checks the form before the answer starts (404 rather than a broken file).
      await s.candidates(orgId, { ...request.query, limit: 1 });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="candidates-${request.query.formId}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(s.candidatesCsv(orgId, request.query)));
    },
  );

  // Live dashboard (text/event-stream): `candidate` events when one of the organisation's candidates
  // changes bucket, `resync` when some may have been missed. The bearer comes in the header: the app
  // reads the stream with fetch (EventSource sends no header).
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(
    P.events,
    {
      schema: {
        tags,
        response: eventStreamResponses(
          'Events "candidate" (a candidate changed bucket) and "resync", heartbeats',
        ),
        summary: 'Live bucket moves of the organisation’s candidates (text/event-stream)',
        security,
      },
    },
    async (request, reply) => {
      const orgId = orgOf(request);
      const raw = reply.raw;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        detach();
        open.delete(end);
        raw.end();
      };
      const detach = s.attach(orgId, {
        send(event, data) {
          if (!ended) raw.write(`event: ${event}\ndata: ${data}\n\n`);
        },
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), 25_000);
      open.add(end);
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n: connected\n\n');
      request.raw.on('close', end);
      raw.on('error', end);
      if (raw.destroyed || request.raw.destroyed) end();
    },
  );

  const txnParams = z.object({ txnId: id });
  app.get(
    P.candidateRoute,
    {
      schema: {
        tags,
        summary: 'A candidate: verifications and their sources, timeline, report, credentials',
        security,
        params: txnParams,
        response: responses(orgCandidateDetailSchema),
      },
    },
    async (request) => ok(await s.candidate(orgOf(request), request.params.txnId)),
  );

  app.get(
    P.candidateReportRoute,
    {
      schema: {
        tags,
        response: contentResponses('The report', { 'application/pdf': binarySchema }),
        summary: 'The candidate’s verification report (PDF); 316 before it is issued, 225 once purged',
        security,
        params: txnParams,
      },
    },
    async (request, reply) => {
      const pdf = await s.candidateReport(orgOf(request), request.params.txnId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.body.length))
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf.body);
    },
  );

  app.get(
    P.candidateCredentialRoute,
    {
      schema: {
        tags,
        summary: 'A credential of the candidate, as issued',
        security,
        params: z.object({ txnId: id, credentialId: id }),
        response: responses(
          z.object({ id: z.string(), type: z.string(), issuedAt: z.string(), jwt: z.string().nullable() }),
        ),
      },
    },
    async (request) =>
      ok(await s.candidateCredential(orgOf(request), request.params.txnId, request.params.credentialId)),
  );
};
