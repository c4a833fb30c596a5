import { OPS_API_PATHS, type AskIssuerResponse, type CaseIssuerSources } from '@veridocs/shared';
import { api } from '../../app/api';

/**
 * Issuer sources of a case (issue 26, ADR 0045): its pulls as evidence, and asking the issuer. They are
 * part of the case (its `Case` tag): a decision that starts a verification makes it askable, and what
 * the issuer answers changes the case.
 */
export const issuerSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    issuerSources: build.query<CaseIssuerSources, string>({
      query: (txnId) => OPS_API_PATHS.issuerSources(txnId),
      providesTags: (_result, _error, txnId) => [{ type: 'Case', id: txnId }],
    }),
    /** POST, no body. Every answer writes a pull (the evidence); a match completes the verification. */
    askIssuer: build.mutation<AskIssuerResponse, { txnId: string; name: string }>({
      query: ({ txnId, name }) => ({ url: OPS_API_PATHS.askIssuer(txnId, name), method: 'POST' }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }, 'Cases'],
    }),
  }),
});

export const { useIssuerSourcesQuery, useAskIssuerMutation } = issuerSourcesApi;
