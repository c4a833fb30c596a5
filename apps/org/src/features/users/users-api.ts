import {
  ORG_API_PATHS as P,
  type OrgUserInvitation,
  type OrgUserInviteRequest,
  type OrgUserList,
  type OrgUserRow,
  type OrgUserUpdate,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The owner's users and invitations (ADR 0047). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    orgUsers: build.query<OrgUserList, void>({ query: () => P.users, providesTags: ['Users'] }),
    inviteOrgUser: build.mutation<OrgUserInvitation, OrgUserInviteRequest>({
      query: (body) => ({ url: P.userInvitations, method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
    revokeOrgInvitation: build.mutation<null, string>({
      query: (id) => ({ url: P.userInvitation(id), method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
    updateOrgUser: build.mutation<OrgUserRow, { userId: string; body: OrgUserUpdate }>({
      query: ({ userId, body }) => ({ url: P.user(userId), method: 'PATCH', body }),
      invalidatesTags: ['Users'],
    }),
  }),
});
