import { ORG_API_PATHS as P, type OrgActivityList } from '@veridocs/shared';
import { api } from '../../app/api';

/** The organisation's audit for the owner's Activity page (ADR 0047), one page per cursor. */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    orgActivity: build.query<OrgActivityList, string | undefined>({
      query: (cursor) => (cursor ? `${P.activity}?cursor=${encodeURIComponent(cursor)}` : P.activity),
    }),
  }),
});
