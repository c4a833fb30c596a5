import {
  ORG_API_PATHS as P,
  type OrgBranding,
  type OrgBrandingView,
  type OrgNotificationSettings,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The owner's branding and notification settings. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    branding: build.query<OrgBrandingView, void>({ query: () => P.branding, providesTags: ['Settings'] }),
    saveBranding: build.mutation<OrgBrandingView, OrgBranding>({
      query: (body) => ({ url: P.branding, method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
    uploadLogo: build.mutation<OrgBrandingView, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: P.brandingLogo, method: 'POST', body };
      },
      invalidatesTags: ['Settings'],
    }),
    removeLogo: build.mutation<OrgBrandingView, void>({
      query: () => ({ url: P.brandingLogo, method: 'DELETE' }),
      invalidatesTags: ['Settings'],
    }),
    notificationSettings: build.query<OrgNotificationSettings, void>({
      query: () => P.notificationSettings,
      providesTags: ['Settings'],
    }),
    saveNotificationSettings: build.mutation<OrgNotificationSettings, OrgNotificationSettings>({
      query: (body) => ({ url: P.notificationSettings, method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});
