import {
  API_PATHS,
  aadhaarProfileSchema,
  aadhaarStepSchema,
  aadhaarVerifyResponseSchema,
  type AadhaarProfile,
  type AadhaarStep,
  type AadhaarVerifyRequest,
  type AadhaarVerifyResponse,
} from '@veridocs/shared';
import { api } from '../../../app/store/api';
import { config } from '../../../lib/config';

const v1 = (path: string) => `${config.services.verificationV1}${path}`;
/** The Aadhaar screen shows every failure itself, in words of its own (en/hi). */
const quiet = { noSnackbar: true };

/** Aadhaar by OTP (spec §7): start, captcha (pre-verify), OTP (verify/identification), the result. */
export const aadhaarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAadhaarProfile: build.query<AadhaarProfile | null, void>({
      query: () => ({
        url: `${config.services.webWallet}${API_PATHS.profile.aadhaar}`,
        schema: aadhaarProfileSchema.nullable(),
      }),
      extraOptions: quiet,
      providesTags: ['Profile'],
    }),
    startAadhaar: build.mutation<AadhaarStep, { orgId: string; txnId: string; aadhaarNumber: string }>({
      query: (body) => ({
        url: v1(API_PATHS.aadhaar.start),
        method: 'post',
        body,
        schema: aadhaarStepSchema,
      }),
      extraOptions: quiet,
    }),
    answerAadhaarCaptcha: build.mutation<AadhaarStep, { requestId: string; captchaText: string }>({
      query: ({ requestId, captchaText }) => ({
        url: v1(API_PATHS.aadhaar.preVerify(requestId)),
        method: 'post',
        body: { captchaText },
        schema: aadhaarStepSchema,
      }),
      extraOptions: quiet,
    }),
    verifyAadhaar: build.mutation<AadhaarVerifyResponse, AadhaarVerifyRequest>({
      query: (body) => ({
        url: v1(API_PATHS.aadhaar.verify),
        method: 'post',
        body,
        schema: aadhaarVerifyResponseSchema,
      }),
      extraOptions: quiet,
      // The profile's name and the tile's state changed.
      invalidatesTags: (_result, error, body) =>
        error
          ? []
          : [
              'Profile',
              { type: 'Transaction' as const, id: `${body.orgId}/${body.txnId}` },
              { type: 'Verification' as const, id: `${body.orgId}/${body.txnId}/aadhaar` },
            ],
    }),
  }),
});

export const {
  useGetAadhaarProfileQuery,
  useStartAadhaarMutation,
  useAnswerAadhaarCaptchaMutation,
  useVerifyAadhaarMutation,
} = aadhaarApi;
