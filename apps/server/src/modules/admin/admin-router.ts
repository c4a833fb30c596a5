import fastifyMultipart from '@fastify/multipart';
import {
  LOGO_LIMITS,
  OPS_API_PATHS,
  ORG_LOGO_PATHS,
  adminFormCreateSchema,
  adminFormListSchema,
  adminFormSchema,
  adminFormUpdateSchema,
  adminOrderListSchema,
  adminOrderQuerySchema,
  type AdminOrder,
  type AdminOrderQuery,
  adminOrgCreateSchema,
  adminOrgListSchema,
  adminOrgSchema,
  adminOrgUpdateSchema,
  adminPasswordResetSchema,
  adminStaffCreateSchema,
  adminStaffListSchema,
  adminStaffPasswordResultSchema,
  adminStaffRoleSchema,
  adminStaffSchema,
  adminVerificationTypeListSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { multipartBody, ok, responses } from '../../http/envelope.js';
import type { AuditInput, OpsAuthService } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { AdminService } from './admin-service.js';

const P = OPS_API_PATHS;
const tags = ['ops-admin'];
const security = [{ opsBearer: [] }];
const id = z.string().trim().min(1).max(100);
const orgParams = z.object({ orgId: id });
const formParams = z.object({ formId: id });
const staffParams = z.object({ staffId: id });

/** The multipart parser's refusals of a logo, in the envelope. */
export function logoUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('LOGO_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the logo as multipart/form-data in the field "file"');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('VALIDATION_FAILED', 'Send one file, in the field "file"');
  return error;
}

/**
 * The console's admin routes under /api/ops/admin (docs/decisions/0029): organisations, their logos and
 * forms, and staff accounts. Admin only (the admin family's guard, http/routes.ts); every change is audited in the
 * database transaction that makes it.
 */
export const adminRouter: FastifyPluginAsyncZod<{
  admin: AdminService;
  staff: Pick<
    OpsAuthService,
    'listStaff' | 'createStaffAccount' | 'setStaffRole' | 'setStaffDisabled' | 'resetStaffPassword'
  >;
  /** The payments module's orders with their refunds (wired in app.ts). */
  orders: (query: AdminOrderQuery) => Promise<AdminOrder[]>;
  /** The ops audit (a read of a candidate's orders writes a row, issue 23). */
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { admin, staff, orders, audit }) => {
  // On request, before the body is read or validated: a caller without the role learns nothing from
  // validation messages, and an upload is not read for them.
  // Scoped to these routes (the logo upload): the rest of the app accepts JSON only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_LIMITS.maxBytes + 1, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  // ── Organisations ──
  app.get(
    P.adminOrgs,
    {
      schema: {
        tags,
        summary: 'Every organisation, with its form count and logo (admin)',
        security,
        response: responses(adminOrgListSchema),
      },
    },
    async () => ok(await admin.listOrgs()),
  );

  app.post(
    P.adminOrgs,
    {
      schema: {
        tags,
        summary: 'Creates an organisation (its id made from the name unless given; 230 when taken)',
        security,
        body: adminOrgCreateSchema,
        response: responses(adminOrgSchema),
      },
    },
    async (request) => ok(await admin.createOrg(currentStaff(request), request.body, originOf(request))),
  );

  app.put(
    P.adminOrgRoute,
    {
      schema: {
        tags,
        summary: "Changes an organisation's name and partner organisation",
        security,
        params: orgParams,
        body: adminOrgUpdateSchema,
        response: responses(adminOrgSchema),
      },
    },
    async (request) =>
      ok(await admin.updateOrg(currentStaff(request), request.params.orgId, request.body, originOf(request))),
  );

  app.put(
    P.adminOrgLogoRoute,
    {
      schema: {
        tags,
        summary: 'Uploads an organisation\'s logo (multipart field "file": PNG or JPEG, ≤ 512 KB)',
        description:
          'Judged by its bytes: PNG or JPEG 16–2048 px a side (231), at most 512 KB (232); SVG is refused. ' +
          "The organisation's imageUrl then points at the new logo.",
        security,
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody('The logo: PNG or JPEG, 16–2048 px a side, at most 512 KB'),
        params: orgParams,
        response: responses(adminOrgSchema),
      },
    },
    async (request) => {
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file')
          throw new AppError('VALIDATION_FAILED', 'Send the logo in the field "file"');
        bytes = await file.toBuffer();
      } catch (error) {
        throw logoUploadError(error);
      }
      return ok(await admin.setLogo(currentStaff(request), request.params.orgId, bytes, originOf(request)));
    },
  );

  // ── Forms ──
  app.get(
    P.adminVerificationTypes,
    {
      schema: {
        tags,
        summary: 'The verification types a form can ask for, with their ways to verify',
        security,
        response: responses(adminVerificationTypeListSchema),
      },
    },
    async () => ok(await admin.verificationTypes()),
  );

  app.get(
    P.adminOrgFormsRoute,
    {
      schema: {
        tags,
        summary: "An organisation's forms, oldest first",
        security,
        params: orgParams,
        response: responses(adminFormListSchema),
      },
    },
    async (request) => ok(await admin.listForms(request.params.orgId)),
  );

  app.post(
    P.adminOrgFormsRoute,
    {
      schema: {
        tags,
        summary: 'Creates a form: verifications, prices, fast-track, questionnaire, expiry',
        security,
        params: orgParams,
        body: adminFormCreateSchema,
        response: responses(adminFormSchema),
      },
    },
    async (request) =>
      ok(
        await admin.createForm(currentStaff(request), request.params.orgId, request.body, originOf(request)),
      ),
  );

  app.get(
    P.adminFormRoute,
    {
      schema: {
        tags,
        summary: 'One form',
        security,
        params: formParams,
        response: responses(adminFormSchema),
      },
    },
    async (request) => ok(await admin.form(request.params.formId)),
  );

  app.put(
    P.adminFormRoute,
    {
      schema: {
        tags,
        summary: "Replaces a form's settings (new transactions only; started ones keep theirs)",
        description:
          "A transaction's verifications are fixed when it is created; a removed question is retired, so " +
          'answers already given stay.',
        security,
        params: formParams,
        body: adminFormUpdateSchema,
        response: responses(adminFormSchema),
      },
    },
    async (request) =>
      ok(
        await admin.updateForm(currentStaff(request), request.params.formId, request.body, originOf(request)),
      ),
  );

  // ── Orders, for refunds (POST OPS_API_PATHS.refunds) ──
  app.get(
    P.adminOrders,
    {
      schema: {
        tags,
        summary: "An order, or a transaction's orders, with their refunds and what is left to refund",
        security,
        querystring: adminOrderQuerySchema,
        response: responses(adminOrderListSchema),
      },
    },
    async (request) => {
      const list = await orders(request.query);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'orders.read',
        targetType: request.query.txnId ? 'transaction' : 'order',
        targetId: (request.query.txnId ?? request.query.orderId ?? '').toLowerCase(),
        detail: { count: list.length },
        ip: originOf(request).ip,
      });
      return ok({ list });
    },
  );

  // ── Staff accounts ──
  app.get(
    P.adminStaff,
    {
      schema: {
        tags,
        summary: 'Every staff account, with its state and latest sign-in',
        security,
        response: responses(adminStaffListSchema),
      },
    },
    async () => ok({ list: await staff.listStaff() }),
  );

  app.post(
    P.adminStaff,
    {
      schema: {
        tags,
        summary: 'Creates a staff account; without a password one is generated and answered once',
        description: 'Passwords have at least 12 characters; an e-mail in use: 235.',
        security,
        body: adminStaffCreateSchema,
        response: responses(adminStaffPasswordResultSchema),
      },
    },
    async (request) =>
      ok(await staff.createStaffAccount(currentStaff(request), request.body, originOf(request))),
  );

  app.put(
    P.adminStaffRoleRoute,
    {
      schema: {
        tags,
        summary: "Changes an account's role, at once (the last enabled admin stays one: 233)",
        security,
        params: staffParams,
        body: adminStaffRoleSchema,
        response: responses(adminStaffSchema),
      },
    },
    async (request) =>
      ok(
        await staff.setStaffRole(
          currentStaff(request),
          request.params.staffId,
          request.body.role,
          originOf(request),
        ),
      ),
  );

  for (const [route, disabled] of [
    [P.adminStaffDisableRoute, true],
    [P.adminStaffEnableRoute, false],
  ] as const)
    app.post(
      route,
      {
        schema: {
          tags,
          summary: disabled
            ? 'Disables an account: its live sessions end at once (not the last enabled admin: 233)'
            : 'Enables a disabled account',
          security,
          params: staffParams,
          response: responses(adminStaffSchema),
        },
      },
      async (request) =>
        ok(
          await staff.setStaffDisabled(
            currentStaff(request),
            request.params.staffId,
            disabled,
            originOf(request),
          ),
        ),
    );

  app.post(
    P.adminStaffPasswordRoute,
    {
      schema: {
        tags,
        summary:
          "Sets a new password (generated and answered once when none is sent); the account's sessions end",
        security,
        params: staffParams,
        body: adminPasswordResetSchema.optional(),
        response: responses(adminStaffPasswordResultSchema),
      },
    },
    async (request) =>
      ok(
        await staff.resetStaffPassword(
          currentStaff(request),
          request.params.staffId,
          request.body?.password,
          originOf(request),
        ),
      ),
  );
};

/** Public: an organisation's uploaded logo, at a URL that changes with every upload (so cached long). */
export const orgLogoRouter: FastifyPluginAsync<{ admin: AdminService }> = async (app, { admin }) => {
  app.get<{ Params: { orgId: string; version: string } }>(
    ORG_LOGO_PATHS.logoRoute,
    { schema: { hide: true } },
    async (request, reply) => {
      const { orgId, version } = request.params;
      const logo = /^[0-9a-f]{16}$/.test(version) ? await admin.logo(orgId, version) : null;
      if (!logo) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', logo.mimeType)
        .header('content-length', String(logo.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.bytes);
    },
  );
};
