import {
  ORG_API_PATHS as P,
  type OrgInvitationAccept,
  type OrgInvitationPreview,
  type OrgUser,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The invitation link's page (public): the preview, and accepting it with a password. */
export const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    orgInvitationPreview: build.query<OrgInvitationPreview, string>({
      query: (token) => `${P.invitation}?token=${encodeURIComponent(token)}`,
    }),
    acceptOrgInvitation: build.mutation<OrgUser, OrgInvitationAccept>({
      query: (body) => ({ url: P.acceptInvitation, method: 'POST', body }),
    }),
  }),
});
