import {
  OPS_API_PATHS,
  type OpsCase,
  type OpsCaseList,
  type OpsCaseListQuery,
  type OpsDecisionRequest,
  type OpsDecisionResponse,
  type OpsLockResponse,
} from '@veridocs/shared';
import { api } from './api';

/** The queue and case endpoints (schemas/ops-cases.ts, ops.ts). */
export const opsApi = api.injectEndpoints({
  endpoints: (build) => ({
    cases: build.query<OpsCaseList, Partial<OpsCaseListQuery>>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          if (value !== undefined && value !== '') params.set(key, String(value));
        return `${OPS_API_PATHS.cases}?${params.toString()}`;
      },
      providesTags: ['Cases'],
    }),
    case: build.query<OpsCase, string>({
      query: (txnId) => OPS_API_PATHS.case(txnId),
      providesTags: (_result, _error, txnId) => [{ type: 'Case', id: txnId }],
    }),
    assign: build.mutation<unknown, { txnId: string }>({
      query: ({ txnId }) => ({ url: OPS_API_PATHS.assign(txnId), method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }, 'Cases'],
    }),
    lock: build.mutation<OpsLockResponse, { txnId: string; name: string }>({
      query: ({ txnId, name }) => ({ url: OPS_API_PATHS.lock(txnId, name), method: 'POST' }),
    }),
    decide: build.mutation<OpsDecisionResponse, { txnId: string; decision: OpsDecisionRequest }>({
      query: ({ txnId, decision }) => ({
        url: OPS_API_PATHS.decisions(txnId),
        method: 'POST',
        body: decision,
      }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }, 'Cases'],
    }),
    expectedDate: build.mutation<unknown, { txnId: string; date: string }>({
      query: ({ txnId, date }) => ({ url: OPS_API_PATHS.expectedDate(txnId), method: 'PUT', body: { date } }),
      invalidatesTags: (_r, _e, { txnId }) => [{ type: 'Case', id: txnId }, 'Cases'],
    }),
  }),
});

export const {
  useCasesQuery,
  useCaseQuery,
  useAssignMutation,
  useLockMutation,
  useDecideMutation,
  useExpectedDateMutation,
} = opsApi;
