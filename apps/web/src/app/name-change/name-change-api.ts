import {
  API_PATHS,
  loadWithRetry,
  type NameChangeListResponse,
  type NameChangeRequest,
  type NameChangeResponse,
} from '@veridocs/shared';
import { api } from '../store/api';
import { config } from '../../lib/config';
import { lazySchema } from '../../lib/api/base-query';

/** The answers' schemas, loaded with the first request (issue 31 §2). */
const loadSchemas = () => loadWithRetry(() => import('./name-change-schemas'));
const nameChangeListResponseSchema = lazySchema(loadSchemas, (m) => m.nameChangeListResponseSchema);
const nameChangeResponseSchema = lazySchema(loadSchemas, (m) => m.nameChangeResponseSchema);

const url = `${config.services.verificationV1}${API_PATHS.verification.nameChangeRequest}`;

export const nameChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The candidate's requests, newest first (/profile shows the state of one). */
    listNameChanges: build.query<NameChangeListResponse, void>({
      query: () => ({ url, schema: nameChangeListResponseSchema }),
      providesTags: ['NameChanges'],
    }),
    /** POST /transactions/name-change-request; the dialog shows a refusal inline. */
    fileNameChange: build.mutation<NameChangeResponse, NameChangeRequest>({
      query: (body) => ({ url, method: 'post', body, schema: nameChangeResponseSchema }),
      extraOptions: { noSnackbar: true },
      // Transaction info's nameChangeRequest.requested changes.
      invalidatesTags: (_result, _error, arg) => [
        { type: 'Transaction', id: `${arg.orgId}/${arg.txnId}` },
        'NameChanges',
      ],
    }),
  }),
});

export const { useFileNameChangeMutation, useListNameChangesQuery } = nameChangeApi;
