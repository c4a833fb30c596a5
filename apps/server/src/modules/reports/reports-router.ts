import fastifyMultipart from '@fastify/multipart';
import {
  OPS_API_PATHS,
  REPORT_PATHS,
  opsReportSchema,
  reportCodeParamsSchema,
  reportCodeSchema,
  reportFileCheckSchema,
  reportVerificationSchema,
  type ReportVerification,
} from '@veridocs/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { binarySchema, contentResponses, multipartBody, ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { allowRoles, currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { DevPartnerInbox } from './dev-partner-inbox.js';
import type { ReportsService } from './reports-service.js';

/** A report PDF is a few kilobytes; anything much larger is not one. */
const MAX_CHECK_BYTES = 5 * 1024 * 1024;
const PUBLIC_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const UPLOAD_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The public check (no account): by code, by the PDF's bytes, and the page the QR code opens. */
export const reportsPublicRouter: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  const tags = ['reports'];
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_CHECK_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50 },
  });

  app.get(
    REPORT_PATHS.verifyRoute,
    {
      config: PUBLIC_LIMIT,
      schema: {
        tags,
        summary: 'What the verification report with this code states (public, no account)',
        description: 'Unknown code 226; a report still being made 227.',
        params: reportCodeParamsSchema,
        response: responses(reportVerificationSchema),
      },
    },
    async (request) => ok(await reports.verify(request.params.code)),
  );

  app.post(
    REPORT_PATHS.verifyFile,
    {
      config: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Whether this exact PDF is an issued verification report (multipart field "file")',
        description:
          'Compares the SHA-256 of the bytes with the issued reports: a copy with any byte changed is not ' +
          'authentic. Nothing is stored.',
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody('The PDF to check: the report as it was received (at most 5 MB)'),
        response: responses(reportFileCheckSchema),
      },
    },
    async (request) => {
      let file;
      try {
        file = await request.file();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the PDF as multipart/form-data in the field "file"',
          );
        throw error;
      }
      if (!file) throw new AppError('FILE_MISSING');
      if (file.fieldname !== 'file') {
        file.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Send the PDF in the field "file"');
      }
      const answer = await reports.checkFile(file.file);
      if (file.file.truncated) throw new AppError('FILE_TOO_LARGE', 'This file is too large to be a report');
      return ok(answer);
    },
  );

  app.get(
    REPORT_PATHS.pageRoute,
    {
      config: PUBLIC_LIMIT,
      schema: {
        tags,
        summary: "The page the report's QR code opens: the report confirmed, or not found (HTML)",
        operationId: 'getReportPage',
        response: {
          200: { description: 'The report confirmed', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'No report has this code', content: { 'text/html': { schema: z.string() } } },
          409: { description: 'The report is being prepared', content: { 'text/html': { schema: z.string() } } },
        },
        params: z.object({ code: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const parsed = reportCodeSchema.safeParse(request.params.code);
      let status: 200 | 404 | 409;
      let html: string;
      try {
        if (!parsed.success) throw new AppError('REPORT_CODE_UNKNOWN');
        html = confirmedPage(await reports.verify(parsed.data));
        status = 200;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const notReady = error.errorName === 'REPORT_NOT_READY';
        html = notReady
          ? messagePage('Report being prepared', 'This report is being prepared. Try again in a few minutes.')
          : messagePage(
              'Report not found',
              'No verification report has this code. Check the code printed on the report; a report ' +
                'whose code is not found here is not genuine.',
            );
        status = notReady ? 409 : 404;
      }
      return reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
};

/** The team's view of a case's report (verifier, admin), the PDF, and re-sending it (admin). */
export const reportsOpsRouter: FastifyPluginAsyncZod<{
  reports: ReportsService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { reports, audit }) => {
  const tags = ['ops'];
  const security = [{ opsBearer: [] }];
  const params = z.object({ txnId: z.string().trim().min(1).max(100) });
  const record = (request: FastifyRequest, action: string, txnId: string) =>
    audit({
      staffId: currentStaff(request).staffId,
      action,
      targetType: 'transaction',
      targetId: txnId.toLowerCase(),
      ip: originOf(request).ip,
    });

  app.get(
    OPS_API_PATHS.reportRoute,
    {
      schema: {
        tags,
        summary: "A case's verification report: status, partner, every delivery attempt (ADR 0028)",
        description: 'No report yet 225.',
        security,
        params,
        response: responses(opsReportSchema),
      },
    },
    async (request) => {
      const report = await reports.opsReport(request.params.txnId);
      // The report names the candidate and every result: a read of their data (issue 23).
      await record(request, 'report.read', request.params.txnId);
      return ok(report);
    },
  );

  app.get(
    OPS_API_PATHS.reportPdfRoute,
    {
      schema: {
        tags,
        response: contentResponses('The report', { 'application/pdf': binarySchema }),
        summary: "A case's verification report as the PDF issued",
        description: 'No report yet 225; not made yet 227.',
        security,
        params,
      },
    },
    async (request, reply) => {
      const pdf = await reports.opsPdf(request.params.txnId);
      await record(request, 'report.download', request.params.txnId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.body.length))
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf.body);
    },
  );

  app.post(
    OPS_API_PATHS.reportResendRoute,
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags,
        summary: 'Delivers the verification report to the evaluation partner again (admin)',
        description: 'No report 225; not made yet 227; no partner or no endpoint for it 228.',
        security,
        params,
        response: responses(opsReportSchema),
      },
    },
    async (request) => {
      const answer = await reports.resend(request.params.txnId);
      await record(request, 'report.resend', request.params.txnId);
      return ok(answer);
    },
  );
};

/** Dev tools only: the built-in evaluation-partner receiver the dev default delivers to. */
export const devPartnerInboxRouter: FastifyPluginAsyncZod<{ inbox: DevPartnerInbox }> = async (
  app,
  { inbox },
) => {
  // The signature is over the raw bytes: keep them as they came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    REPORT_PATHS.devPartnerInboxRoute,
    {
      schema: {
        tags: ['dev'],
        summary: "The built-in evaluation partner's receiver: checks the signature, keeps the report",
        params: z.object({ partnerId: z.string().max(40) }),
        response: responses(z.object({ received: z.boolean() })),
      },
    },
    async (request, reply) => {
      const accepted = inbox.receive(
        request.params.partnerId,
        Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
        request.headers['x-veridocs-signature'] as string | undefined,
      );
      if (!accepted) return reply.status(401).send({ code: 101, data: null, message: 'Bad signature' });
      return ok({ received: true });
    },
  );
  app.get(
    REPORT_PATHS.devPartnerInbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'What the built-in evaluation partner received, newest first (max 50)',
        response: responses(
          z.object({
            list: z.array(
              z.object({
                partnerId: z.string(),
                receivedAt: z.string(),
                eventId: z.string(),
                code: z.string(),
                transactionId: z.string(),
                pdfSha256: z.string(),
                pdfBytes: z.number().int(),
                signature: z.string(),
              }),
            ),
          }),
        ),
      },
    },
    async () => ok({ list: inbox.list() }),
  );
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '-';

const RESULT_TEXT = { VERIFIED: 'Verified', FAILED: 'Failed', CLOSED: 'Closed', SKIPPED: 'Skipped' } as const;

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Veridocs</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1f;background:#f4f5f7}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 .25rem}
.ok{color:#1b6e34;font-weight:600}
.bad{color:#a31515;font-weight:600}
dl{display:grid;grid-template-columns:minmax(7rem,auto) 1fr;gap:.35rem 1rem;margin:1rem 0}
dt{color:#55555c}
dd{margin:0;overflow-wrap:anywhere}
ul{list-style:none;padding:0;margin:0}
li{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;border-top:1px solid #e4e4ea}
li small{display:block;color:#55555c}
.VERIFIED{color:#1b6e34}.FAILED{color:#a31515}.CLOSED,.SKIPPED{color:#55555c}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;overflow-wrap:anywhere}
footer{color:#55555c;font-size:.85rem;margin-top:1rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function confirmedPage(r: ReportVerification): string {
  const rows = r.verifications
    .map(
      (v) =>
        `<li><span>${escapeHtml(v.label)}${v.reason ? `<small>${escapeHtml(v.reason)}</small>` : ''}</span>` +
        `<strong class="${v.result}">${RESULT_TEXT[v.result]}</strong></li>`,
    )
    .join('');
  const name =
    r.candidate.verifiedName && r.candidate.verifiedName !== r.candidate.name
      ? `${escapeHtml(r.candidate.name)} (verified name: ${escapeHtml(r.candidate.verifiedName)})`
      : escapeHtml(r.candidate.name);
  return shell(
    `Verification report ${r.code}`,
    `<div class="card">
<h1>Verification report ${escapeHtml(r.code)}</h1>
<p class="ok">This is a genuine report issued by Veridocs.</p>
<dl>
<dt>Candidate</dt><dd>${name}</dd>
<dt>Organisation</dt><dd>${escapeHtml(r.organisation)}</dd>
<dt>Form</dt><dd>${escapeHtml(r.form)}</dd>
<dt>Submitted</dt><dd>${day(r.submittedAt)}</dd>
<dt>Decided</dt><dd>${day(r.decidedAt)}</dd>
<dt>Issued</dt><dd>${day(r.issuedAt)}</dd>
${r.partner ? `<dt>Sent to</dt><dd>${escapeHtml(r.partner)}</dd>` : ''}
</dl>
<ul>${rows}</ul>
</div>
<footer>
<p>Compare these facts with the report you hold. The issued PDF's SHA-256 is
<span class="mono">${escapeHtml(r.sha256)}</span>: a copy with any other bytes has been changed.</p>
</footer>`,
  );
}

function messagePage(title: string, message: string): string {
  return shell(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p class="bad">${escapeHtml(message)}</p></div>`,
  );
}
