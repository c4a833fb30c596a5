import {
  PRIVACY_CANDIDATE_PATHS,
  consentResponseSchema,
  privacyNoticeSchema,
  type ConsentRequest,
  type ConsentResponse,
  type PrivacyNotice,
  type PrivacyNoticeQuery,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const v1 = (path: string) => `${config.services.verificationV1}${path}`;

/** The privacy notice before a form starts and the candidate's answer (issue 29, ADR 0049). */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyNotice: build.query<PrivacyNotice, PrivacyNoticeQuery>({
      query: ({ orgId, txnId, lang }) => ({
        url: `${v1(PRIVACY_CANDIDATE_PATHS.notice)}?${new URLSearchParams({
          orgId,
          txnId,
          ...(lang ? { lang } : {}),
        }).toString()}`,
        schema: privacyNoticeSchema,
      }),
    }),
    answerNotice: build.mutation<ConsentResponse, ConsentRequest>({
      query: (body) => ({
        url: v1(PRIVACY_CANDIDATE_PATHS.consent),
        method: 'post',
        body,
        schema: consentResponseSchema,
      }),
    }),
  }),
});

export const { useGetPrivacyNoticeQuery, useAnswerNoticeMutation } = privacyApi;
