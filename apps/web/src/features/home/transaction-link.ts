import { formEntryPath } from '../../app/paths';

/** The form link of a listed transaction: /ekyc/{formId}/{txnId}?orgId=.. */
export function transactionLink(t: { formId: string; txnId: string; orgId: string }) {
  return {
    pathname: formEntryPath(t.formId, t.txnId),
    search: `?${new URLSearchParams({ orgId: t.orgId })}`,
  };
}
