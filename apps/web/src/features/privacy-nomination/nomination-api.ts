import {
  PRIVACY_NOMINATION_PATHS,
  nominationResponseSchema,
  type NominationRequest,
  type NominationResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const url = `${config.services.webWallet}${PRIVACY_NOMINATION_PATHS.nomination}`;

/** The candidate's nominee (issue 29, DPDP Act s. 14): read, name or change, remove. */
export const nominationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNomination: build.query<NominationResponse, void>({
      query: () => ({ url, schema: nominationResponseSchema }),
    }),
    saveNomination: build.mutation<NominationResponse, NominationRequest>({
      query: (body) => ({ url, method: 'put', body, schema: nominationResponseSchema }),
      // The page shows a refusal beside the form.
      extraOptions: { noSnackbar: true },
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(nominationApi.util.upsertQueryData('getNomination', undefined, data));
        } catch {
          // The failure is shown by the page.
        }
      },
    }),
    removeNomination: build.mutation<NominationResponse, void>({
      query: () => ({ url, method: 'delete', schema: nominationResponseSchema }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(nominationApi.util.upsertQueryData('getNomination', undefined, data));
        } catch {
          // The failure's snackbar is the base query's.
        }
      },
    }),
  }),
});

export const { useGetNominationQuery, useSaveNominationMutation, useRemoveNominationMutation } =
  nominationApi;
