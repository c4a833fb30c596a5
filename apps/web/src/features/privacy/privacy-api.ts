import {
  PRIVACY_CANDIDATE_PATHS,
  PRIVACY_WITHDRAW_PATHS,
  consentResponseSchema,
  privacyNoticeSchema,
  privacyRequestListSchema,
  withdrawConsentResponseSchema,
  type ConsentRequest,
  type ConsentResponse,
  type PrivacyNotice,
  type PrivacyNoticeQuery,
  type PrivacyRequestList,
  type WithdrawConsentRequest,
  type WithdrawConsentResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const wallet = (path: string) => `${config.services.webWallet}${path}`;
const v1 = (path: string) => `${config.services.verificationV1}${path}`;

/** The privacy notice and the candidate's answer; their consents by request and withdrawal (issue 29). */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyNotice: build.query<PrivacyNotice, PrivacyNoticeQuery>({
      query: ({ orgId, txnId, lang }) => ({
        url: `${v1(PRIVACY_CANDIDATE_PATHS.notice)}?${new URLSearchParams({
          orgId,
          txnId,
          ...(lang ? { lang } : {}),
        }).toString()}`,
        schema: privacyNoticeSchema,
      }),
    }),
    answerNotice: build.mutation<ConsentResponse, ConsentRequest>({
      query: (body) => ({
        url: v1(PRIVACY_CANDIDATE_PATHS.consent),
        method: 'post',
        body,
        schema: consentResponseSchema,
      }),
    }),
    listConsents: build.query<PrivacyRequestList, void>({
      query: () => ({ url: wallet(PRIVACY_WITHDRAW_PATHS.consents), schema: privacyRequestListSchema }),
      // The page shows its own error with a retry.
      extraOptions: { noSnackbar: true },
    }),
    withdrawConsent: build.mutation<WithdrawConsentResponse, WithdrawConsentRequest>({
      query: (body) => ({
        url: wallet(PRIVACY_WITHDRAW_PATHS.withdraw),
        method: 'post',
        body,
        schema: withdrawConsentResponseSchema,
      }),
      // A stopped request and removed credentials show elsewhere too.
      invalidatesTags: ['Credentials', 'Transactions', 'Transaction'],
      // The request's purposes as they stand after it, at once.
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer)
          dispatch(
            privacyApi.util.updateQueryData('listConsents', undefined, (draft) => {
              const at = draft.requests.findIndex((r) => r.txnId === answer.data.txnId);
              if (at >= 0) draft.requests[at] = answer.data.request;
            }),
          );
      },
    }),
  }),
});

export const {
  useGetPrivacyNoticeQuery,
  useAnswerNoticeMutation,
  useListConsentsQuery,
  useWithdrawConsentMutation,
} = privacyApi;
