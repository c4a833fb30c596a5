import {
  API_PATHS,
  nameChangeResponseSchema,
  type NameChangeRequest,
  type NameChangeResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const url = `${config.services.verificationV1}${API_PATHS.verification.nameChangeRequest}`;

export const nameChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /transactions/name-change-request; the dialog shows a refusal inline. */
    fileNameChange: build.mutation<NameChangeResponse, NameChangeRequest>({
      query: (body) => ({ url, method: 'post', body, schema: nameChangeResponseSchema }),
      extraOptions: { noSnackbar: true },
      // Transaction info's nameChangeRequest.requested changes.
      invalidatesTags: (_result, _error, arg) => [{ type: 'Transaction', id: `${arg.orgId}/${arg.txnId}` }],
    }),
  }),
});

export const { useFileNameChangeMutation } = nameChangeApi;
