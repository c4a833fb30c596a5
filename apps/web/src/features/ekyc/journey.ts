import { FORM_URL_KEY, type TransactionInfo, type VerificationEntry } from '@veridocs/shared';

/** A journey screen's query: ?orgId&txnId (and name for one verification). */
export function journeyQuery(orgId: string, txnId: string, name?: string): string {
  const params = new URLSearchParams({ orgId, txnId });
  if (name) params.set('name', name);
  return `?${params.toString()}`;
}

/** The verification entries of a transaction, in the form's order. */
export function verificationsOf(info: TransactionInfo): VerificationEntry[] {
  return Object.values(info.verificationList);
}

/** The saved form link (misc.searchedQuery) is of this same form: not a newly opened link. */
export function isSameForm(
  saved: { pathname?: string; search?: string },
  formId: string,
  orgId: string,
): boolean {
  if (typeof saved.pathname !== 'string') return false;
  const [, key, savedFormId] = saved.pathname.split('/');
  if (key !== FORM_URL_KEY || !savedFormId) return false;
  const savedOrgId = new URLSearchParams(saved.search ?? '').get('orgId');
  return decodeURIComponent(savedFormId) === formId && savedOrgId === orgId;
}
