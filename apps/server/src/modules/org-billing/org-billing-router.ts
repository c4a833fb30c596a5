import {
  ORG_API_PATHS,
  opsOrgBillingSchema,
  opsOrgBillingUpdateSchema,
  orgBillingProfileSchema,
  orgBillingSchema,
  orgCreditOrderCreateSchema,
  orgCreditOrderListSchema,
  orgCreditOrderSchema,
  orgInvoiceListSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binarySchema, contentResponses, ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import { allowOrgRoles, currentOrgUser } from '../org-auth/org-guard.js';
import type { OrgBillingService } from './org-billing-service.js';

const id = z.string().trim().min(1).max(100);

/**
 * The portal's billing (ADR 0047), inside the portal's signed-in family: the owner writes, a manager
 * reads, a viewer reaches nothing (303). Every answer is the caller's organisation's: another's order or
 * invoice is 404 as if it did not exist.
 */
export const orgBillingRouter: FastifyPluginAsyncZod<{ billing: OrgBillingService }> = async (
  app,
  { billing },
) => {
  const tags = ['org'];
  const security = [{ orgBearer: [] }];
  const readers = allowOrgRoles('owner', 'manager');
  const owners = allowOrgRoles('owner');

  app.get(
    ORG_API_PATHS.billing,
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The organisation's billing: mode, balance, this month's usage, profile, ledger",
        security,
        response: responses(orgBillingSchema),
      },
    },
    async (request) => ok(await billing.overview(currentOrgUser(request).orgId)),
  );

  app.put(
    ORG_API_PATHS.billingProfile,
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'Saves the billing profile printed on invoices (owner)',
        security,
        body: orgBillingProfileSchema,
        response: responses(orgBillingProfileSchema),
      },
    },
    async (request) => ok(await billing.saveProfile(currentOrgUser(request).orgId, request.body)),
  );

  app.post(
    ORG_API_PATHS.creditOrders,
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'Buys credits through the payment gateway: answers the checkout to send the owner to',
        description: 'No billing profile yet: 321. The charge is the amount plus 18% GST.',
        security,
        body: orgCreditOrderCreateSchema,
        response: responses(orgCreditOrderSchema),
      },
    },
    async (request) => ok(await billing.createCreditOrder(currentOrgUser(request), request.body.amount)),
  );

  app.get(
    ORG_API_PATHS.creditOrders,
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'The latest credits orders, newest first; a pending one with its checkout to continue',
        security,
        response: responses(orgCreditOrderListSchema),
      },
    },
    async (request) => ok({ list: await billing.creditOrders(currentOrgUser(request).orgId) }),
  );

  app.get(
    ORG_API_PATHS.creditOrderRoute,
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A credits order, as its gateway now says (back from the checkout)',
        description: "Another organisation's or unknown: 323.",
        security,
        params: z.object({ orderId: id }),
        response: responses(orgCreditOrderSchema),
      },
    },
    async (request) => ok(await billing.creditOrder(currentOrgUser(request).orgId, request.params.orderId)),
  );

  app.get(
    ORG_API_PATHS.invoices,
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The organisation's invoices",
        security,
        response: responses(orgInvoiceListSchema),
      },
    },
    async (request) => ok(await billing.invoices(currentOrgUser(request).orgId)),
  );

  app.get(
    ORG_API_PATHS.invoicePdfRoute,
    {
      onRequest: readers,
      schema: {
        tags,
        response: contentResponses('The invoice', { 'application/pdf': binarySchema }),
        summary: 'An invoice as PDF, drawn from its issued content',
        description: "Another organisation's or unknown: 322.",
        security,
        params: z.object({ invoiceId: id }),
      },
    },
    async (request, reply) => {
      const pdf = await billing.invoicePdf(currentOrgUser(request).orgId, request.params.invoiceId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.body.length))
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf.body);
    },
  );
};

/** The platform admin's side (admins' family): an organisation's billing mode. */
export const orgBillingOpsRouter: FastifyPluginAsyncZod<{
  billing: OrgBillingService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { billing, audit }) => {
  const tags = ['ops'];
  const security = [{ opsBearer: [] }];
  const params = z.object({ orgId: id });

  app.get(
    ORG_API_PATHS.opsOrgBillingRoute,
    {
      schema: {
        tags,
        summary: "An organisation's billing mode and balance",
        security,
        params,
        response: responses(opsOrgBillingSchema),
      },
    },
    async (request) => ok(await billing.opsBilling(request.params.orgId)),
  );

  app.put(
    ORG_API_PATHS.opsOrgBillingRoute,
    {
      schema: {
        tags,
        summary: "Sets an organisation's billing mode: prepaid credits or monthly in arrears",
        security,
        params,
        body: opsOrgBillingUpdateSchema,
        response: responses(opsOrgBillingSchema),
      },
    },
    async (request) => {
      const result = await billing.setMode(request.params.orgId, request.body.mode);
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'org.billing_mode',
        targetType: 'organisation',
        targetId: request.params.orgId,
        detail: { mode: request.body.mode },
        ip: originOf(request).ip,
      });
      return ok(result);
    },
  );
};
