import {
  DIGILOCKER_API_PATHS,
  sourceCallbackResponseSchema,
  sourceConsentSchema,
  sourcePullResponseSchema,
  sourceStartResponseSchema,
  type SourceCallbackRequest,
  type SourceCallbackResponse,
  type SourceConsent,
  type SourceConsentQuery,
  type SourcePullRequest,
  type SourcePullResponse,
  type SourceStartRequest,
  type SourceStartResponse,
} from '@veridocs/shared';
import { LIST, api } from '../../app/store/api';
import { config } from '../../lib/config';

const v1 = (path: string) => `${config.services.verificationV1}${path}`;
/** The DigiLocker screen shows every failure itself, beside the way out (upload instead). */
const quiet = { noSnackbar: true };

/** Fetch from DigiLocker (issue 26): consent, start, the callback's code, the pull. */
export const digilockerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSourceConsent: build.query<SourceConsent, SourceConsentQuery>({
      query: (q) => ({
        url: `${v1(DIGILOCKER_API_PATHS.consent)}?${new URLSearchParams(q).toString()}`,
        schema: sourceConsentSchema,
      }),
      extraOptions: quiet,
    }),
    startSource: build.mutation<SourceStartResponse, SourceStartRequest>({
      query: (body) => ({
        url: v1(DIGILOCKER_API_PATHS.start),
        method: 'post',
        body,
        schema: sourceStartResponseSchema,
      }),
      extraOptions: quiet,
    }),
    sourceCallback: build.mutation<SourceCallbackResponse, SourceCallbackRequest>({
      query: (body) => ({
        url: v1(DIGILOCKER_API_PATHS.callback),
        method: 'post',
        body,
        schema: sourceCallbackResponseSchema,
      }),
      extraOptions: quiet,
    }),
    /** A match completes the verification: the form home, the form and the home cards are stale. */
    pullSource: build.mutation<
      SourcePullResponse,
      SourcePullRequest & { orgId: string; txnId: string; name: string }
    >({
      query: ({ sessionId, uri }) => ({
        url: v1(DIGILOCKER_API_PATHS.pull),
        method: 'post',
        body: { sessionId, uri },
        schema: sourcePullResponseSchema,
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, { orgId, txnId, name }) => [
        { type: 'Verification', id: `${orgId}/${txnId}/${name}` },
        { type: 'Transaction', id: `${orgId}/${txnId}` },
        { type: 'Transactions', id: LIST },
      ],
    }),
  }),
});

export const {
  useGetSourceConsentQuery,
  useStartSourceMutation,
  useSourceCallbackMutation,
  usePullSourceMutation,
} = digilockerApi;
