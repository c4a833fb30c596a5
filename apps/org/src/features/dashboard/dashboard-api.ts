import { ORG_API_PATHS, type OrgBucket, type OrgCandidateList, type OrgFormSummary } from '@veridocs/shared';
import { api } from '../../app/api';
import { apiRequest } from '../../lib/api-client';

/** The list's filters: one form, optionally a bucket and a search. */
export interface CandidateFilters {
  formId: string;
  bucket?: OrgBucket;
  q?: string;
}

export const PAGE_SIZE = 50;

const query = (filters: CandidateFilters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ formId: filters.formId });
  if (filters.bucket) params.set('bucket', filters.bucket);
  if (filters.q) params.set('q', filters.q);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
};

/** The dashboard's endpoints (issue 28): forms with their counts, one keyset page of candidates. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    orgForms: build.query<{ list: OrgFormSummary[] }, void>({
      query: () => ORG_API_PATHS.forms,
      providesTags: ['Forms'],
    }),
    candidatePage: build.query<OrgCandidateList, CandidateFilters & { cursor?: string }>({
      query: ({ cursor, ...filters }) =>
        `${ORG_API_PATHS.candidates}?${query(filters, { ...(cursor ? { cursor } : {}), limit: String(PAGE_SIZE) })}`,
      providesTags: ['Candidates'],
    }),
  }),
});

/** Downloads the filtered list as CSV (with the organisation token). */
export async function exportCandidates(filters: CandidateFilters): Promise<void> {
  const blob = await apiRequest<Blob>(`${ORG_API_PATHS.candidatesCsv}?${query(filters)}`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `candidates-${filters.formId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
