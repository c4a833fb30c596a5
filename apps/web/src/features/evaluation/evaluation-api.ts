import {
  API_PATHS,
  evalInfoSchema,
  evalInfoStateSchema,
  evalOtpResponseSchema,
  evaluationPartnerListSchema,
  type EvalInfo,
  type EvalInfoState,
  type EvalOtpResponse,
  type EvaluationPartnerList,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

/** The evaluation partner and its e-mail OTP (spec §7 `/transactions/eval-info`). */
const v1 = (path: string) => `${config.services.verificationV1}${path}`;
const paths = API_PATHS.verification;

interface TransactionArg {
  orgId: string;
  txnId: string;
}

/** The screen shows each failure in its own words (spec §8 FAQ rules): no snackbar. */
const quiet = { noSnackbar: true };

export const evaluationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvaluationPartners: build.query<EvaluationPartnerList, void>({
      query: () => ({ url: v1(paths.evaluationPartners), schema: evaluationPartnerListSchema }),
      extraOptions: quiet,
    }),
    getEvalInfo: build.query<EvalInfoState, TransactionArg>({
      query: ({ orgId, txnId }) => ({
        url: `${v1(paths.evalInfo)}?${new URLSearchParams({ orgId, txnId }).toString()}`,
        schema: evalInfoStateSchema,
      }),
      extraOptions: quiet,
      // The screen starts from the server's state each time it opens (the code in progress changes with
      // every request and verification): nothing is kept once it closes.
      keepUnusedDataFor: 0,
    }),
    sendEvalOtp: build.mutation<EvalOtpResponse, TransactionArg & { partner: string; reference: string }>({
      query: (body) => ({ url: v1(paths.evalInfoOtp), method: 'post', body, schema: evalOtpResponseSchema }),
      extraOptions: quiet,
    }),
    verifyEvalOtp: build.mutation<EvalInfo, TransactionArg & { otpId: string; otp: string }>({
      query: (body) => ({ url: v1(paths.evalInfo), method: 'post', body, schema: evalInfoSchema }),
      extraOptions: quiet,
      // The form home's transaction info names the partner.
      invalidatesTags: (_result, _error, { orgId, txnId }) => [
        { type: 'Transaction', id: `${orgId}/${txnId}` },
      ],
    }),
  }),
});

export const {
  useGetEvaluationPartnersQuery,
  useGetEvalInfoQuery,
  useSendEvalOtpMutation,
  useVerifyEvalOtpMutation,
} = evaluationApi;
