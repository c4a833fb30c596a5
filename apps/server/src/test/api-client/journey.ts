import createClient from 'openapi-fetch';
import type { paths } from './veridocs-api.js';

/**
 * An integrator's journey with a client generated from the OpenAPI document (issue 30 §1; README
 * "Integrate"): openapi-typescript's types and openapi-fetch, nothing written by hand but the calls.
 * The team's admin signs in (the code from the dev outbox) and makes an API key; the organisation
 * creates a candidate's transaction through the integration API; the candidate, signed in by the
 * transaction's sso, uploads a document; both read the result.
 */
export interface JourneyOptions {
  baseUrl: string;
  /** A fetch that reaches the server (the test hands the app's inject to it). */
  fetch: typeof globalThis.fetch;
  partnerOrg: string;
  orgId: string;
  formId: string;
  admin: { email: string; password: string };
  candidate: { mobile: string; name: string };
  document: { name: string; type: string; bytes: Uint8Array };
}

/** Fails with the envelope's message: what an integrator's code does with a refusal. */
function data<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data.data;
}

export async function integratorJourney(o: JourneyOptions) {
  const api = createClient<paths>({ baseUrl: o.baseUrl, fetch: o.fetch });
  const partner = { 'partner-org-id': o.partnerOrg };

  // The team's admin: password, then the e-mailed code (the dev outbox stands in for the mailbox).
  const challenge = data(await api.POST('/api/ops/auth/sign-in', { body: o.admin }));
  const mail = data(await api.GET('/api/dev/outbox', { params: { query: { to: o.admin.email } } }));
  const code = mail.list[0]?.otp; // newest first
  if (!code) throw new Error('no sign-in code in the outbox');
  const staff = data(
    await api.POST('/api/ops/auth/verify-code', { body: { challengeId: challenge.challengeId, code } }),
  );
  const key = data(
    await api.POST('/api/ops/orgs/{orgId}/api-keys', {
      params: { path: { orgId: o.orgId } },
      headers: { authorization: `Bearer ${staff.accessToken}` },
      body: { name: 'generated client' },
    }),
  );
  const asOrg = { authorization: `Bearer ${key.key}` };

  // The organisation's system creates the candidate's transaction.
  const created = data(
    await api.POST('/api/integration/v1/transactions', {
      headers: asOrg,
      body: { formId: o.formId, candidate: o.candidate, reference: `client-${o.candidate.mobile}` },
    }),
  );
  if (!created.transactionId || !created.sso) throw new Error('no transaction for the candidate');

  // The candidate, signed in by the sso (a refresh token), uploads a document (multipart).
  const session = data(
    await api.PUT('/api/web-wallet/profile/login/get-token', {
      headers: { ...partner, authorization: `Bearer ${created.sso}` },
    }),
  );
  const asCandidate = { ...partner, authorization: `Bearer ${session.accessToken}` };
  const uploaded = data(
    await api.POST('/api/utility/files', {
      headers: asCandidate,
      body: { file: '', folderName: 'education' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('folderName', 'education');
        form.append('file', new Blob([o.document.bytes], { type: o.document.type }), o.document.name);
        return form;
      },
    }),
  );

  // Both read the result: the file as stored, the transaction as the organisation sees it.
  const file = data(
    await api.GET('/api/utility/files/{id}', {
      params: { path: { id: uploaded.fileId } },
      headers: asCandidate,
    }),
  );
  const transaction = data(
    await api.GET('/api/integration/v1/transactions/{txnId}', {
      params: { path: { txnId: created.transactionId } },
      headers: asOrg,
    }),
  );
  return { created, uploaded, file, transaction };
}
