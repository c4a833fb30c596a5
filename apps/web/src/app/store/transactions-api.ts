import {
  API_PATHS,
  UI_LIMITS,
  loadWithRetry,
  type AddInstanceResponse,
  type CandidateTransaction,
  type CreateTransactionResponse,
  type Organisation,
  type PaymentModeResponse,
  type PreStartQuestion,
  type PublicForm,
  type TransactionInfo,
} from '@veridocs/shared';
import type { z } from 'zod';
import { lazySchema } from '../../lib/api/base-query';
import { config } from '../../lib/config';
import { LIST, api } from './api';
import type * as ApiSchemas from './api-schemas';
import { setInfo } from './slices/verification-slice';

/** The answers' schemas, loaded with the first request (issue 31 §2). */
const loadSchemas = () => loadWithRetry(() => import('./api-schemas'));
const schemaOf = (pick: (schemas: typeof ApiSchemas) => z.ZodType) => lazySchema(loadSchemas, pick);

/** Verification v1 calls of the journey (spec §7 "Verification and forms"), shared by several screens. */
const v1 = (path: string) => `${config.services.verificationV1}${path}`;
const paths = API_PATHS.verification;

/** The query goes into the URL itself (requests are logged and matched by their URL). */
function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${v1(path)}?${search.toString()}`;
}

/** GET transactions/info of a journey: its URL, also sent early by the boot script (entry-server.tsx). */
export const transactionInfoUrl = ({ orgId, txnId }: { orgId: string; txnId: string }): string =>
  withQuery(paths.info, { orgId, txnId });

/** GET verifier/{orgId}: the organisation's URL, also sent early by the boot script. */
export const organisationUrl = (orgId: string): string => v1(API_PATHS.verifier.org(orgId));

export interface ListPage<T> {
  list: T[];
  total: number;
}

export interface TransactionArg {
  orgId: string;
  txnId: string;
}

const txnTag = ({ orgId, txnId }: TransactionArg) => ({
  type: 'Transaction' as const,
  id: `${orgId}/${txnId}`,
});
/** What a change of a transaction makes stale: its info (the form home) and the candidate's list. */
const txnChanged = (_result: unknown, _error: unknown, arg: TransactionArg) => [
  txnTag(arg),
  { type: 'Transactions' as const, id: LIST },
];

/** The screens show these failures themselves, or (lists) fail silently (spec §8). */
const quiet = { noSnackbar: true };

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET verifier/{orgId} (public): the organisation's name and logo. */
    getOrganisation: build.query<Organisation, string>({
      query: (orgId) => ({
        url: organisationUrl(orgId),
        schema: schemaOf((m) => m.organisationSchema),
      }),
      extraOptions: quiet,
    }),
    /** GET /ekyc-forms/public?seed&count&orgId. */
    getPublicForms: build.query<ListPage<PublicForm>, string>({
      query: (orgId) => ({
        url: withQuery(paths.publicForms, { seed: 0, count: 1000, orgId }),
        schema: schemaOf((m) => m.publicFormListSchema),
      }),
      extraOptions: quiet,
    }),
    /** GET /transactions/candidate-transaction?seed&count: list fetches fail silently (spec §8). */
    getCandidateTransactions: build.query<ListPage<CandidateTransaction>, { seed: number; count: number }>({
      query: ({ seed, count }) => ({
        url: withQuery(paths.candidateTransactions, { seed, count }),
        schema: schemaOf((m) => m.candidateTransactionListSchema),
      }),
      extraOptions: quiet,
      providesTags: [{ type: 'Transactions', id: LIST }],
    }),
    /** The same list, UI_LIMITS.pageSizeDefault at a time ("Load more" on /form-txns). */
    getCandidateTransactionPages: build.infiniteQuery<ListPage<CandidateTransaction>, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, pages) => {
          const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
          return loaded < last.total && last.list.length > 0 ? loaded : undefined;
        },
      },
      query: ({ pageParam }) => ({
        url: withQuery(paths.candidateTransactions, { seed: pageParam, count: UI_LIMITS.pageSizeDefault }),
        schema: schemaOf((m) => m.candidateTransactionListSchema),
      }),
      extraOptions: quiet,
      providesTags: [{ type: 'Transactions', id: LIST }],
    }),
    /**
     * GET /transactions/info?orgId&txnId; the screens decide what a failure shows. The answer is also the
     * spec's `verification.info` (§3), kept in that slice for the layout's organisation name.
     */
    getTransactionInfo: build.query<TransactionInfo, TransactionArg>({
      query: ({ orgId, txnId }) => ({
        url: transactionInfoUrl({ orgId, txnId }),
        schema: schemaOf((m) => m.transactionInfoSchema),
      }),
      extraOptions: quiet,
      providesTags: (_result, _error, arg) => [txnTag(arg)],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(setInfo(answer.data));
      },
    }),
    /**
     * GET {payment}/transactions/payment-option (spec §4 "Payment"): showWarning, expressAllowed and the
     * fast-track price. Here, not in the payments feature: the form home's Continue asks it first.
     */
    getPaymentMode: build.query<PaymentModeResponse, TransactionArg>({
      query: ({ orgId, txnId }) => ({
        url: `${config.services.payment}${API_PATHS.payments.mode}?${new URLSearchParams({ orgId, txnId }).toString()}`,
        schema: schemaOf((m) => m.paymentModeResponseSchema),
      }),
    }),
    /** POST /transactions: the candidate's transaction of this form (an existing one is returned). */
    createTransaction: build.mutation<CreateTransactionResponse, { orgId: string; formId: string }>({
      query: ({ orgId, formId }) => ({
        url: v1(paths.transactions),
        method: 'post',
        body: { orgId, eKycFormId: formId },
        schema: schemaOf((m) => m.createTransactionResponseSchema),
      }),
      invalidatesTags: [{ type: 'Transactions', id: LIST }],
    }),
    /** POST /transactions/process {orgId, txnId}. */
    processTransaction: build.mutation<TransactionInfo, TransactionArg>({
      query: (body) => ({
        url: v1(paths.process),
        method: 'post',
        body,
        schema: schemaOf((m) => m.transactionInfoSchema),
      }),
      invalidatesTags: txnChanged,
    }),
    /** POST /transactions/submit {orgId, txnId}: the form home shows a refusal (its dialogs, or inline). */
    submitTransaction: build.mutation<TransactionInfo, TransactionArg>({
      query: (body) => ({
        url: v1(paths.submit),
        method: 'post',
        body,
        schema: schemaOf((m) => m.transactionInfoSchema),
      }),
      extraOptions: quiet,
      invalidatesTags: txnChanged,
    }),
    /** POST /transactions/process/mark-as-skip {orgId, txnId, verificationNameList}. */
    markAsSkip: build.mutation<TransactionInfo, TransactionArg & { verificationNameList: string[] }>({
      query: (body) => ({
        url: v1(paths.markAsSkip),
        method: 'post',
        body,
        schema: schemaOf((m) => m.transactionInfoSchema),
      }),
      invalidatesTags: txnChanged,
    }),
    /** GET /purposes/user?formId&orgId&id&seed=0&count=1000: the pre-start questions (shown inline). */
    /** POST /bgv/instances: "Add Another Degree" (the answer names the instance to open). */
    addInstance: build.mutation<AddInstanceResponse, TransactionArg & { type: string }>({
      query: (body) => ({
        url: v1(paths.bgvInstances),
        method: 'post',
        body,
        schema: schemaOf((m) => m.addInstanceResponseSchema),
      }),
      invalidatesTags: txnChanged,
    }),
    /** DELETE /bgv?orgId&txnId&type: deletes an added instance, or clears the first one. */
    deleteVerification: build.mutation<TransactionInfo, TransactionArg & { type: string }>({
      query: ({ orgId, txnId, type }) => ({
        url: withQuery(paths.bgv, { orgId, txnId, type }),
        method: 'delete',
        schema: schemaOf((m) => m.transactionInfoSchema),
      }),
      invalidatesTags: (result, error, arg) => [
        ...txnChanged(result, error, arg),
        { type: 'Verification' as const, id: `${arg.orgId}/${arg.txnId}/${arg.type}` },
      ],
    }),
    getPreStartQuestions: build.query<ListPage<PreStartQuestion>, TransactionArg & { formId: string }>({
      query: ({ formId, orgId, txnId }) => ({
        url: withQuery(paths.purposes, { formId, orgId, id: txnId, seed: 0, count: 1000 }),
        schema: schemaOf((m) => m.preStartQuestionListSchema),
      }),
      extraOptions: quiet,
      providesTags: (_result, _error, { txnId }) => [{ type: 'Questions', id: txnId }],
    }),
    /** PATCH /transactions/user-response {orgId, txnId, data: [{questionId, answer}]} (shown inline). */
    saveUserResponse: build.mutation<
      ListPage<PreStartQuestion>,
      TransactionArg & { data: Array<{ questionId: string; answer: string }> }
    >({
      query: (body) => ({
        url: v1(paths.userResponse),
        method: 'patch',
        body,
        schema: schemaOf((m) => m.preStartQuestionListSchema),
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, arg) => [{ type: 'Questions', id: arg.txnId }, txnTag(arg)],
    }),
  }),
});

/** The home list and the Contact Us rule read the same first 100 (spec §2, §9 "transaction check"). */
export const FIRST_TRANSACTIONS = { seed: 0, count: UI_LIMITS.homeTransactionCheck } as const;

export const {
  useGetOrganisationQuery,
  useGetPublicFormsQuery,
  useGetCandidateTransactionsQuery,
  useGetCandidateTransactionPagesInfiniteQuery,
  useGetTransactionInfoQuery,
  useGetPaymentModeQuery,
  useLazyGetPaymentModeQuery,
  useCreateTransactionMutation,
  useProcessTransactionMutation,
  useSubmitTransactionMutation,
  useMarkAsSkipMutation,
  useAddInstanceMutation,
  useDeleteVerificationMutation,
  useGetPreStartQuestionsQuery,
  useSaveUserResponseMutation,
} = transactionsApi;
