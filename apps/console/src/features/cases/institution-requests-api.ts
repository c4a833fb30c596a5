import {
  OPS_API_PATHS,
  type CaseInstitutionRequests,
  type DecideFromAnswer,
  type InstitutionRequest,
  type SendInstitutionRequest,
} from '@veridocs/shared';
import { api } from '../../app/api';

/**
 * A case's requests to institutions (issue 27): what can be asked of whom, the requests and their
 * answers. Part of the case (its `Case` tag), like the issuer sources: a decision from an answer
 * changes the verification, and a decision elsewhere may make a verification askable.
 */
export const institutionRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    caseInstitutionRequests: build.query<CaseInstitutionRequests, string>({
      query: (txnId) => OPS_API_PATHS.institutionRequests(txnId),
      providesTags: (_result, _error, txnId) => [{ type: 'Case', id: txnId }],
    }),
    sendInstitutionRequest: build.mutation<
      InstitutionRequest,
      { txnId: string; body: SendInstitutionRequest }
    >({
      query: ({ txnId, body }) => ({ url: OPS_API_PATHS.institutionRequests(txnId), method: 'POST', body }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }],
    }),
    /** Completes or fails the verification citing the answer: the case and the queues change. */
    decideFromAnswer: build.mutation<unknown, { txnId: string; name: string; body: DecideFromAnswer }>({
      query: ({ txnId, name, body }) => ({
        url: OPS_API_PATHS.decideFromAnswer(txnId, name),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }, 'Cases'],
    }),
  }),
});

export const {
  useCaseInstitutionRequestsQuery,
  useSendInstitutionRequestMutation,
  useDecideFromAnswerMutation,
} = institutionRequestsApi;
