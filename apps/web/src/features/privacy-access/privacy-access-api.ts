import {
  PRIVACY_ACCESS_PATHS,
  disclosureListSchema,
  privacyAccessSchema,
  type DisclosureList,
  type PrivacyAccess,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { config } from '../../lib/config';

const wallet = (path: string) => `${config.services.webWallet}${path}`;
/** The page shows its own failure (with a retry), not a snackbar. */
const quiet = { noSnackbar: true };

/** The candidate's right of access (issue 29, ADR 0049): what is held, and who received it. */
export const privacyAccessApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyAccess: build.query<PrivacyAccess, void>({
      query: () => ({ url: wallet(PRIVACY_ACCESS_PATHS.access), schema: privacyAccessSchema }),
      extraOptions: quiet,
    }),
    /** Newest first, a page at a time: each page's `nextCursor` asks for the next. */
    getDisclosures: build.infiniteQuery<DisclosureList, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        url:
          wallet(PRIVACY_ACCESS_PATHS.disclosures) +
          (pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''),
        schema: disclosureListSchema,
      }),
      extraOptions: quiet,
    }),
  }),
});

export const { useGetPrivacyAccessQuery, useGetDisclosuresInfiniteQuery } = privacyAccessApi;
