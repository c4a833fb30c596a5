import {
  PRIVACY_REQUEST_PATHS as P,
  type PrivacyTicketAnswer,
  type PrivacyTicketOps,
  type PrivacyTicketOpsList,
  type PrivacyTicketOpsQuery,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** Correction requests and grievances (issue 29, ADR 0049): admins only; reads and answers audited. */
export const privacyRequestsApi = api.enhanceEndpoints({ addTagTypes: ['PrivacyRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    privacyRequests: build.query<PrivacyTicketOpsList, PrivacyTicketOpsQuery>({
      query: (filter) => {
        const params = new URLSearchParams();
        if (filter.kind) params.set('kind', filter.kind);
        if (filter.status) params.set('status', filter.status);
        const search = params.toString();
        return search ? `${P.opsList}?${search}` : P.opsList;
      },
      providesTags: ['PrivacyRequests'],
    }),
    privacyRequest: build.query<PrivacyTicketOps, string>({
      query: (id) => P.opsRequest(id),
      providesTags: ['PrivacyRequests'],
    }),
    answerPrivacyRequest: build.mutation<PrivacyTicketOps, { id: string; body: PrivacyTicketAnswer }>({
      query: ({ id, body }) => ({ url: P.opsAnswer(id), method: 'POST', body }),
      invalidatesTags: ['PrivacyRequests'],
    }),
  }),
});
