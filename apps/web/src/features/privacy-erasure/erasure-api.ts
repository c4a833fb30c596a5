import {
  PRIVACY_ERASURE_PATHS,
  erasureRequestSchema,
  erasureStatusResponseSchema,
  type ErasureRequest,
  type ErasureStatusResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const url = `${config.services.webWallet}${PRIVACY_ERASURE_PATHS.erasure}`;

/** The candidate's erasure request (issue 29): its status, and asking for it. */
export const erasureApi = api.injectEndpoints({
  endpoints: (build) => ({
    getErasure: build.query<ErasureStatusResponse, void>({
      query: () => ({ url, schema: erasureStatusResponseSchema }),
    }),
    requestErasure: build.mutation<ErasureRequest, void>({
      query: () => ({ url, method: 'post', schema: erasureRequestSchema }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(erasureApi.util.upsertQueryData('getErasure', undefined, { request: data }));
        } catch {
          // The failure's snackbar is the base query's.
        }
      },
    }),
  }),
});

export const { useGetErasureQuery, useRequestErasureMutation } = erasureApi;
