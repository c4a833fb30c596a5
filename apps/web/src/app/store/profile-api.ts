import { PROFILE_PATHS, loadWithRetry, type Profile, type UpdateProfileRequest } from '@veridocs/shared';
import { lazySchema } from '../../lib/api/base-query';
import { config } from '../../lib/config';
import { api } from './api';
import { setProfile } from './slices/profile-slice';
import type { RootState } from './store';

/** The profile's schema, loaded with the first request (issue 31 §2). */
const profileSchema = lazySchema(
  () => loadWithRetry(() => import('./api-schemas')),
  (m) => m.profileSchema,
);
/** GET profile: its URL, also sent early by the boot script (entry-server.tsx). */
export const profileUrl = `${config.services.webWallet}${PROFILE_PATHS.base}`;

/**
 * The profile (spec §7 "Profile and session"). Every answer also goes to the spec's profile slice (§3),
 * which the session and the layout read; the session's own refresh keeps using the plain client.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => ({ url: profileUrl, schema: profileSchema }),
      providesTags: ['Profile'],
      onQueryStarted: async (_arg, { dispatch, getState, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        // A logout while the request was in flight wins.
        if (answer && (getState() as Partial<RootState>).auth?.accessToken) dispatch(setProfile(answer.data));
      },
    }),
    /** PATCH profile; the profile screen shows a failure inline. */
    updateProfile: build.mutation<Profile, UpdateProfileRequest>({
      query: (body) => ({ url: profileUrl, method: 'patch', body, schema: profileSchema }),
      extraOptions: { noSnackbar: true },
      // The answer is the new profile: shown at once, and the profile query asks again.
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(setProfile(answer.data));
      },
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
