import { FORM_URL_KEY } from '@veridocs/shared';

/*
 * Links into the app built from ids, for the screens that make them (kept apart from paths.ts, whose
 * route table the sign-in page loads at its budget: an unused helper there is bytes on /login).
 */

export const walletCredentialPath = (id: string) => `/wallet/${encodeURIComponent(id)}`;
export const credentialVerifyPath = (shareId: string) => `/credentials/verify/${encodeURIComponent(shareId)}`;

/** A form link: /ekyc/{formId}[/{txnId}][?orgId=..]. */
export function formEntryPath(formId: string, txnId?: string, orgId?: string): string {
  const base = `/${FORM_URL_KEY}/${encodeURIComponent(formId)}`;
  const path = txnId ? `${base}/${encodeURIComponent(txnId)}` : base;
  return orgId === undefined ? path : `${path}?${new URLSearchParams({ orgId }).toString()}`;
}
