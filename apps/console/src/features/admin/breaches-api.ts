import {
  PRIVACY_OPS_PATHS as P,
  type BreachDetail,
  type BreachList,
  type BreachNotifyResponse,
  type BreachVersionInput,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The breach register's endpoints (issue 29, ADR 0049): admins only. */
export const breachesApi = api.enhanceEndpoints({ addTagTypes: ['Breaches'] }).injectEndpoints({
  endpoints: (build) => ({
    breaches: build.query<BreachList, void>({ query: () => P.breaches, providesTags: ['Breaches'] }),
    breach: build.query<BreachDetail, string>({ query: (id) => P.breach(id), providesTags: ['Breaches'] }),
    createBreach: build.mutation<BreachDetail, BreachVersionInput>({
      query: (body) => ({ url: P.breaches, method: 'POST', body }),
      invalidatesTags: ['Breaches'],
    }),
    addBreachVersion: build.mutation<BreachDetail, { id: string; body: BreachVersionInput }>({
      query: ({ id, body }) => ({ url: P.breachVersions(id), method: 'POST', body }),
      invalidatesTags: ['Breaches'],
    }),
    markBoardNotified: build.mutation<BreachDetail, { id: string; notifiedAt: string }>({
      query: ({ id, notifiedAt }) => ({
        url: P.breachBoardNotified(id),
        method: 'POST',
        body: { notifiedAt },
      }),
      invalidatesTags: ['Breaches'],
    }),
    notifyBreach: build.mutation<BreachNotifyResponse, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: P.breachNotify(id), method: 'POST', body: { version } }),
      invalidatesTags: ['Breaches'],
    }),
  }),
});
