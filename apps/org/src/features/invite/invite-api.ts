import {
  ORG_API_PATHS as P,
  type InviteBatch,
  type InviteBatchChecked,
  type OrgCandidateInvite,
  type OrgFormSummary,
  type OrgInvitation,
} from '@veridocs/shared';
import { api } from '../../app/api';
import { apiRequest } from '../../lib/api-client';

/**
 * Inviting candidates (ADR 0047): one at a time, a checked CSV or XLSX batch, and reminders. The single
 * invite sends the form fill's Idempotency-Key: a retry after a lost answer makes no second invitation.
 */
export const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    inviteForms: build.query<{ list: OrgFormSummary[] }, void>({
      query: () => P.forms,
      providesTags: ['Forms'],
    }),
    inviteCandidate: build.mutation<OrgInvitation, { body: OrgCandidateInvite; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: P.invitations,
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidatesTags: ['Forms', 'Candidates'],
    }),
    checkInviteFile: build.mutation<InviteBatchChecked, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: P.inviteBatches, method: 'POST', body };
      },
      invalidatesTags: ['Batches'],
    }),
    inviteBatches: build.query<{ list: InviteBatch[] }, void>({
      query: () => P.inviteBatches,
      providesTags: [{ type: 'Batches', id: 'LIST' }],
    }),
    inviteBatch: build.query<InviteBatch, string>({
      query: (id) => P.inviteBatch(id),
      providesTags: (_result, _error, id) => [{ type: 'Batches', id }],
    }),
    sendInviteBatch: build.mutation<InviteBatch, string>({
      query: (id) => ({ url: P.sendInviteBatch(id), method: 'POST' }),
      invalidatesTags: ['Batches', 'Forms', 'Candidates'],
    }),
    remindNotStarted: build.mutation<{ reminded: number }, string>({
      query: (formId) => ({ url: P.remindNotStarted, method: 'POST', body: { formId } }),
    }),
  }),
});

/** Downloads a batch's rows with their outcome (CSV, with the organisation token). */
export async function downloadBatchResult(batch: Pick<InviteBatch, 'id' | 'fileName'>): Promise<void> {
  const blob = await apiRequest<Blob>(P.inviteBatchResult(batch.id), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${batch.fileName.replace(/\.[^.]*$/, '') || 'invitations'}-result.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
