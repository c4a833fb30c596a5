import { ORG_API_PATHS, type OrgCandidateDetail } from '@veridocs/shared';
import { api } from '../../app/api';
import { apiRequest } from '../../lib/api-client';

/** A candidate's page (issue 28): the detail, the report and the credentials. */
export const candidateApi = api.injectEndpoints({
  endpoints: (build) => ({
    orgCandidate: build.query<OrgCandidateDetail, string>({
      query: (txnId) => ORG_API_PATHS.candidate(txnId),
      providesTags: (_result, _error, txnId) => [{ type: 'Candidate', id: txnId }, 'Candidates'],
    }),
  }),
});

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads the candidate's verification report (PDF, with the organisation token). */
export async function downloadReport(txnId: string, code: string): Promise<void> {
  const blob = await apiRequest<Blob>(ORG_API_PATHS.candidateReport(txnId), { responseType: 'blob' });
  save(blob, `report-${code}.pdf`);
}

/** Downloads a credential as issued, as a JSON file. */
export async function downloadCredential(txnId: string, credentialId: string): Promise<void> {
  const credential = await apiRequest<unknown>(ORG_API_PATHS.candidateCredential(txnId, credentialId));
  const blob = new Blob([JSON.stringify(credential, null, 2)], { type: 'application/json' });
  save(blob, `credential-${credentialId}.json`);
}
