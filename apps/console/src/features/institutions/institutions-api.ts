import {
  OPS_API_PATHS as O,
  type AddContact,
  type CreateInstitution,
  type Institution,
  type InstitutionContact,
  type InstitutionList,
  type InstitutionListQuery,
  type InstitutionRequestList,
  type InstitutionRequestListQuery,
  type UpdateInstitution,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** A query string of the defined, non-empty values. */
const search = (query: object) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  return params.toString();
};

/**
 * The institution directory and the team's queue of requests to institutions (issue 27). Admins
 * change the directory; the server checks the role on every write.
 */
export const institutionsApi = api
  .enhanceEndpoints({ addTagTypes: ['Institutions', 'InstitutionRequests'] })
  .injectEndpoints({
    endpoints: (build) => ({
      institutions: build.query<InstitutionList, Partial<InstitutionListQuery>>({
        query: (query) => `${O.institutions}?${search(query)}`,
        providesTags: ['Institutions'],
      }),
      createInstitution: build.mutation<Institution, CreateInstitution>({
        query: (body) => ({ url: O.institutions, method: 'POST', body }),
        invalidatesTags: ['Institutions'],
      }),
      updateInstitution: build.mutation<Institution, { id: string; body: UpdateInstitution }>({
        query: ({ id, body }) => ({ url: O.institution(id), method: 'PUT', body }),
        invalidatesTags: ['Institutions'],
      }),
      addContact: build.mutation<InstitutionContact, { id: string; body: AddContact }>({
        query: ({ id, body }) => ({ url: O.institutionContacts(id), method: 'POST', body }),
        invalidatesTags: ['Institutions'],
      }),
      removeContact: build.mutation<unknown, { id: string; contactId: string }>({
        query: ({ id, contactId }) => ({ url: O.institutionContact(id, contactId), method: 'DELETE' }),
        invalidatesTags: ['Institutions'],
      }),
      institutionRequestList: build.query<InstitutionRequestList, Partial<InstitutionRequestListQuery>>({
        query: (query) => `${O.institutionRequestList}?${search(query)}`,
        providesTags: ['InstitutionRequests'],
      }),
    }),
  });

export const {
  useInstitutionsQuery,
  useCreateInstitutionMutation,
  useUpdateInstitutionMutation,
  useAddContactMutation,
  useRemoveContactMutation,
  useInstitutionRequestListQuery,
} = institutionsApi;
