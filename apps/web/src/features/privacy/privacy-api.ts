import {
  PRIVACY_WITHDRAW_PATHS,
  privacyRequestListSchema,
  withdrawConsentResponseSchema,
  type PrivacyRequestList,
  type WithdrawConsentRequest,
  type WithdrawConsentResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const wallet = (path: string) => `${config.services.webWallet}${path}`;

/** The candidate's consents by request and their withdrawal (issue 29, ADR 0049). */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useListConsentsQuery, useWithdrawConsentMutation } = privacyApi;
