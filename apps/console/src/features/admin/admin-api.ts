import {
  INTEGRATION_API_PATHS as I,
  OPS_API_PATHS as O,
  ORG_API_PATHS,
  type OpsOrgOwnerCreate,
  type OrgUserInvitation,
  type AdminForm,
  type AdminFormCreate,
  type AdminFormUpdate,
  type AdminOrderList,
  type AdminOrg,
  type AdminOrgCreate,
  type AdminOrgList,
  type AdminOrgUpdate,
  type AdminStaff,
  type AdminStaffCreate,
  type AdminStaffPasswordResult,
  type AdminVerificationType,
  type ApiKey,
  type ApiKeyCreated,
  type StaffRole,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { api } from '../../app/api';
import { ApiError } from '../../lib/api-client';
import { readSession } from '../../lib/session';

/** The admin screens' endpoints (ADR 0029 and the integration routes of ADR 0025). */
export const adminApi = api
  .enhanceEndpoints({
    addTagTypes: ['AdminOrgs', 'AdminForms', 'AdminStaff', 'AdminIntegration', 'AdminOrders'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      orgs: build.query<AdminOrgList, void>({ query: () => O.adminOrgs, providesTags: ['AdminOrgs'] }),
      createOrg: build.mutation<AdminOrg, AdminOrgCreate>({
        query: (body) => ({ url: O.adminOrgs, method: 'POST', body }),
        invalidatesTags: ['AdminOrgs'],
      }),
      updateOrg: build.mutation<AdminOrg, { orgId: string; body: AdminOrgUpdate }>({
        query: ({ orgId, body }) => ({ url: O.adminOrg(orgId), method: 'PUT', body }),
        invalidatesTags: ['AdminOrgs'],
      }),
      /** The organisation portal's first owner, invited by e-mail (issue 28). */
      inviteOrgOwner: build.mutation<OrgUserInvitation, { orgId: string; body: OpsOrgOwnerCreate }>({
        query: ({ orgId, body }) => ({ url: ORG_API_PATHS.opsOrgOwner(orgId), method: 'POST', body }),
      }),
      forms: build.query<{ list: AdminForm[] }, string>({
        query: (orgId) => O.adminOrgForms(orgId),
        providesTags: ['AdminForms'],
      }),
      form: build.query<AdminForm, string>({
        query: (formId) => O.adminForm(formId),
        providesTags: ['AdminForms'],
      }),
      verificationTypes: build.query<{ list: AdminVerificationType[] }, void>({
        query: () => O.adminVerificationTypes,
      }),
      createForm: build.mutation<AdminForm, { orgId: string; body: AdminFormCreate }>({
        query: ({ orgId, body }) => ({ url: O.adminOrgForms(orgId), method: 'POST', body }),
        invalidatesTags: ['AdminForms', 'AdminOrgs'],
      }),
      updateForm: build.mutation<AdminForm, { formId: string; body: AdminFormUpdate }>({
        query: ({ formId, body }) => ({ url: O.adminForm(formId), method: 'PUT', body }),
        invalidatesTags: ['AdminForms'],
      }),
      staff: build.query<{ list: AdminStaff[] }, void>({
        query: () => O.adminStaff,
        providesTags: ['AdminStaff'],
      }),
      createStaff: build.mutation<AdminStaffPasswordResult, AdminStaffCreate>({
        query: (body) => ({ url: O.adminStaff, method: 'POST', body }),
        invalidatesTags: ['AdminStaff'],
      }),
      setRole: build.mutation<AdminStaff, { staffId: string; role: StaffRole }>({
        query: ({ staffId, role }) => ({ url: O.adminStaffRole(staffId), method: 'PUT', body: { role } }),
        invalidatesTags: ['AdminStaff'],
      }),
      setDisabled: build.mutation<AdminStaff, { staffId: string; disabled: boolean }>({
        query: ({ staffId, disabled }) => ({
          url: disabled ? O.adminStaffDisable(staffId) : O.adminStaffEnable(staffId),
          method: 'POST',
        }),
        invalidatesTags: ['AdminStaff'],
      }),
      resetPassword: build.mutation<AdminStaffPasswordResult, { staffId: string; password?: string }>({
        query: ({ staffId, password }) => ({
          url: O.adminStaffPassword(staffId),
          method: 'POST',
          body: password ? { password } : {},
        }),
        invalidatesTags: ['AdminStaff'],
      }),
      apiKeys: build.query<{ list: ApiKey[] }, string>({
        query: (orgId) => I.apiKeys(orgId),
        providesTags: ['AdminIntegration'],
      }),
      createApiKey: build.mutation<ApiKeyCreated, { orgId: string; name: string }>({
        query: ({ orgId, name }) => ({ url: I.apiKeys(orgId), method: 'POST', body: { name } }),
        invalidatesTags: ['AdminIntegration'],
      }),
      revokeApiKey: build.mutation<ApiKey, { orgId: string; keyId: string }>({
        query: ({ orgId, keyId }) => ({ url: I.revokeApiKey(orgId, keyId), method: 'POST' }),
        invalidatesTags: ['AdminIntegration'],
      }),
      webhooks: build.query<{ list: WebhookEndpoint[] }, string>({
        query: (orgId) => I.webhooks(orgId),
        providesTags: ['AdminIntegration'],
      }),
      createWebhook: build.mutation<WebhookEndpointCreated, { orgId: string; url: string }>({
        query: ({ orgId, url }) => ({ url: I.webhooks(orgId), method: 'POST', body: { url } }),
        invalidatesTags: ['AdminIntegration'],
      }),
      disableWebhook: build.mutation<WebhookEndpoint, { orgId: string; endpointId: string }>({
        query: ({ orgId, endpointId }) => ({ url: I.disableWebhook(orgId, endpointId), method: 'POST' }),
        invalidatesTags: ['AdminIntegration'],
      }),
      deliveries: build.query<{ list: WebhookDelivery[] }, string>({
        query: (orgId) => I.deliveries(orgId),
        providesTags: ['AdminIntegration'],
      }),
      replayDelivery: build.mutation<{ replayed: true }, { orgId: string; deliveryId: string }>({
        query: ({ orgId, deliveryId }) => ({ url: I.replayDelivery(orgId, deliveryId), method: 'POST' }),
        invalidatesTags: ['AdminIntegration'],
      }),
      orders: build.query<AdminOrderList, { orderId?: string; txnId?: string }>({
        query: (q) =>
          `${O.adminOrders}?${new URLSearchParams(q.orderId ? { orderId: q.orderId } : { txnId: q.txnId ?? '' })}`,
        providesTags: ['AdminOrders'],
      }),
    }),
  });

/**
 * A call the JSON client cannot make (a multipart upload, an Idempotency-Key header): the same ops
 * token and envelope rules, through fetch.
 */
export async function adminSend<T>(
  url: string,
  init: { method: string; body: FormData | string; headers?: Record<string, string> },
): Promise<T> {
  const session = readSession();
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, body: init.body });
  } catch {
    throw new ApiError('The server could not be reached. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    data?: unknown;
    message?: string;
  } | null;
  if (body && body.code === 0 && response.ok) return body.data as T;
  throw new ApiError(body?.message ?? `Request failed (${response.status})`, {
    code: body?.code ?? null,
    status: response.status,
    data: body?.data ?? null,
  });
}

/** Smallest units → "₹1,499.00" / "$35.00". */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amount / 100);
}
