import {
  API_PATHS,
  UI_LIMITS,
  type CandidateTransaction,
  type CreateTransactionResponse,
  type PreStartQuestion,
  type PublicForm,
  type TransactionInfo,
} from '@veridocs/shared';
import { http } from '../api-client';
import { config } from '../config';

/** Verification v1 calls of the journey (spec §7 "Verification and forms"). */
const v1 = (path: string) => `${config.services.verificationV1}${path}`;
const paths = API_PATHS.verification;

/** The query goes into the URL itself (requests are logged and matched by their URL). */
function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${v1(path)}?${search.toString()}`;
}

export interface ListPage<T> {
  list: T[];
  total: number;
}

/** GET /ekyc-forms/public?seed&count&orgId. */
export function fetchPublicForms(orgId: string, seed = 0, count = 1000): Promise<ListPage<PublicForm>> {
  return http.get<ListPage<PublicForm>>(withQuery(paths.publicForms, { seed, count, orgId }), {
    noSnackbar: true,
  });
}

/** GET /transactions/candidate-transaction?seed&count: list fetches fail silently (spec §8). */
export function fetchCandidateTransactions(
  seed = 0,
  count: number = UI_LIMITS.pageSizeDefault,
): Promise<ListPage<CandidateTransaction>> {
  return http.get<ListPage<CandidateTransaction>>(withQuery(paths.candidateTransactions, { seed, count }), {
    noSnackbar: true,
  });
}

/** POST /transactions: the candidate's transaction of this form (an existing one is returned). */
export function createTransaction(orgId: string, formId: string): Promise<CreateTransactionResponse> {
  return http.post<CreateTransactionResponse>(v1(paths.transactions), { orgId, eKycFormId: formId });
}

/** GET /transactions/info?orgId&txnId; the screens decide what a failure shows. */
export function fetchTransactionInfo(orgId: string, txnId: string): Promise<TransactionInfo> {
  return http.get<TransactionInfo>(withQuery(paths.info, { orgId, txnId }), { noSnackbar: true });
}

/** POST /transactions/process {orgId, txnId}. */
export function processTransaction(orgId: string, txnId: string): Promise<unknown> {
  return http.post<unknown>(v1(paths.process), { orgId, txnId });
}

/** POST /transactions/submit {orgId, txnId}. */
export function submitTransaction(orgId: string, txnId: string): Promise<unknown> {
  return http.post<unknown>(v1(paths.submit), { orgId, txnId });
}

/** POST /transactions/process/mark-as-skip {orgId, txnId, verificationNameList}. */
export function markAsSkip(orgId: string, txnId: string, verificationNameList: string[]): Promise<unknown> {
  return http.post<unknown>(v1(paths.markAsSkip), { orgId, txnId, verificationNameList });
}

/** GET /purposes/user?formId&orgId&id&seed=0&count=1000: the pre-start questions. */
export function fetchPreStartQuestions(
  formId: string,
  orgId: string,
  txnId: string,
): Promise<ListPage<PreStartQuestion>> {
  // The questionnaire shows a failure inline.
  return http.get<ListPage<PreStartQuestion>>(
    withQuery(paths.purposes, { formId, orgId, id: txnId, seed: 0, count: 1000 }),
    { noSnackbar: true },
  );
}

/** PATCH /transactions/user-response {orgId, txnId, data: [{questionId, answer}]}. */
export function saveUserResponse(
  orgId: string,
  txnId: string,
  data: Array<{ questionId: string; answer: string }>,
): Promise<unknown> {
  // The questionnaire shows a failure inline.
  return http.patch<unknown>(v1(paths.userResponse), { orgId, txnId, data }, { noSnackbar: true });
}
