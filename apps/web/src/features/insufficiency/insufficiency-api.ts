import {
  API_PATHS,
  transactionInfoSchema,
  type InsufficiencyAnswerRequest,
  type TransactionInfo,
} from '@veridocs/shared';
import { LIST, api } from '../../app/store/api';
import { config } from '../../lib/config';

/** POST /bgv/insufficiency (spec §7, ADR 0020): the candidate's answer to the team's request. */
export const insufficiencyApi = api.injectEndpoints({
  endpoints: (build) => ({
    answerInsufficiency: build.mutation<TransactionInfo, InsufficiencyAnswerRequest>({
      query: (body) => ({
        url: `${config.services.verificationV1}${API_PATHS.verification.bgvInsufficiency}`,
        method: 'post',
        body,
        schema: transactionInfoSchema,
      }),
      // The screen shows a refusal itself.
      extraOptions: { noSnackbar: true },
      // The form home's tile and the candidate's list change with it.
      invalidatesTags: (_result, _error, body) => [
        { type: 'Transaction', id: `${body.orgId}/${body.txnId}` },
        { type: 'Verification', id: `${body.orgId}/${body.txnId}/${body.verificationName}` },
        { type: 'Transactions', id: LIST },
      ],
    }),
  }),
});

export const { useAnswerInsufficiencyMutation } = insufficiencyApi;
