import {
  PRIVACY_REQUEST_PATHS as P,
  privacyTicketListSchema,
  privacyTicketSchema,
  type CorrectionInput,
  type GrievanceInput,
  type PrivacyTicket,
  type PrivacyTicketList,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const base = config.services.webWallet;

/** The candidate's correction requests and grievances (issue 29, ADR 0049). */
export const privacyRequestsApi = api.enhanceEndpoints({ addTagTypes: ['PrivacyRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    getPrivacyRequests: build.query<PrivacyTicketList, void>({
      query: () => ({ url: `${base}${P.requests}`, schema: privacyTicketListSchema }),
      providesTags: ['PrivacyRequests'],
    }),
    fileCorrection: build.mutation<PrivacyTicket, CorrectionInput>({
      query: (body) => ({
        url: `${base}${P.corrections}`,
        method: 'post',
        body,
        schema: privacyTicketSchema,
      }),
      invalidatesTags: ['PrivacyRequests'],
    }),
    fileGrievance: build.mutation<PrivacyTicket, GrievanceInput>({
      query: (body) => ({ url: `${base}${P.grievances}`, method: 'post', body, schema: privacyTicketSchema }),
      invalidatesTags: ['PrivacyRequests'],
    }),
    closePrivacyRequest: build.mutation<PrivacyTicket, string>({
      query: (id) => ({ url: `${base}${P.close(id)}`, method: 'post', schema: privacyTicketSchema }),
      invalidatesTags: ['PrivacyRequests'],
    }),
  }),
});

export const {
  useGetPrivacyRequestsQuery,
  useFileCorrectionMutation,
  useFileGrievanceMutation,
  useClosePrivacyRequestMutation,
} = privacyRequestsApi;
