import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_API_PATHS as P, type OrgCandidateDetail } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { VIEWER, renderPortal, signIn } from '../../test/render';

const DETAIL: OrgCandidateDetail = {
  transactionId: 'txn1',
  formId: 'admissions',
  formName: 'Admissions 2030',
  name: 'Asha Rao',
  mobile: '******4321',
  email: 'asha@example.test',
  bucket: 'verified',
  state: 'VERIFIED',
  invitedAt: '2030-01-10T10:00:00.000Z',
  submittedAt: '2030-01-12T10:00:00.000Z',
  expectedMaxDate: '2030-02-20T00:00:00.000Z',
  verifications: [
    {
      name: 'pan',
      label: 'PAN card',
      state: 'VERIFIED',
      source: 'digilocker',
      updatedAt: '2030-01-13T10:00:00.000Z',
    },
    { name: 'degree', label: 'Degree', state: 'VERIFIED', source: 'institution', updatedAt: null },
    { name: 'class12', label: 'Class 12', state: 'IN_PROGRESS', source: null, updatedAt: null },
  ],
  timeline: [
    { at: '2030-01-10T10:00:00.000Z', what: 'Invited by SMS', state: null },
    { at: '2030-01-12T10:00:00.000Z', what: 'Form submitted', state: 'SUBMITTED' },
  ],
  report: { code: 'VD-ABC123', issuedAt: '2030-01-15T10:00:00.000Z' },
  credentials: [{ id: 'cred1', type: 'DegreeCredential', issuedAt: '2030-01-15T10:00:00.000Z' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubDownloads() {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:x';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { saved, names };
}

describe('the candidate page', () => {
  it('shows the details, verifications with their sources, the timeline, and downloads the report and credentials', async () => {
    signIn(VIEWER);
    const downloads = stubDownloads();
    const api = mockApi()
      .on('get', P.candidate('txn1'), okReply(DETAIL))
      .on('get', P.candidateReport('txn1'), {
        status: 200,
        body: new Blob(['%PDF'], { type: 'application/pdf' }),
      })
      .on(
        'get',
        P.candidateCredential('txn1', 'cred1'),
        okReply({
          id: 'cred1',
          type: 'DegreeCredential',
          issuedAt: DETAIL.credentials[0]!.issuedAt,
          jwt: 'ey.jwt',
        }),
      );
    renderPortal('/candidates/txn1');
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('******4321');
    expect(details).toHaveTextContent('asha@example.test');
    expect(details).toHaveTextContent('Admissions 2030');
    expect(details).toHaveTextContent('Verified · Verified');
    expect(details).toHaveTextContent('10 Jan 2030');
    expect(details).toHaveTextContent('12 Jan 2030');
    expect(details).toHaveTextContent('20 Feb 2030');

    const verifications = within(screen.getByRole('region', { name: 'Verifications' })).getAllByRole(
      'listitem',
    );
    expect(verifications).toHaveLength(3);
    expect(verifications[0]).toHaveTextContent(
      /PAN card.*Source: DigiLocker · Updated 13 Jan 2030.*Verified/,
    );
    expect(verifications[1]).toHaveTextContent('Source: Confirmed by the institution');
    expect(verifications[2]).toHaveTextContent(/Class 12.*In progress/);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(timeline).toHaveTextContent('Invited by SMS');
    expect(timeline).toHaveTextContent('Form submitted · Submitted');
    expect(screen.getByRole('link', { name: 'Back to the candidates' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    const user = userEvent.setup();
    expect(screen.getByText('Report VD-ABC123, issued 15 Jan 2030.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(downloads.names).toEqual(['report-VD-ABC123.pdf']));
    expect(api.callsTo('get', P.candidateReport('txn1'))).toHaveLength(1);
    expect(downloads.saved[0]?.type).toBe('application/pdf');

    await user.click(
      screen.getByRole('button', { name: 'Download the DegreeCredential credential as JSON' }),
    );
    await waitFor(() => expect(downloads.names).toEqual(['report-VD-ABC123.pdf', 'credential-cred1.json']));
    expect(JSON.parse(await downloads.saved[1]!.text())).toMatchObject({ id: 'cred1', jwt: 'ey.jwt' });
  });

  it('disables the report with a note until it is issued', async () => {
    signIn();
    mockApi().on(
      'get',
      P.candidate('txn1'),
      okReply({
        ...DETAIL,
        bucket: 'in_progress',
        state: 'IN_PROGRESS',
        report: null,
        credentials: [],
        timeline: [],
        verifications: [],
      }),
    );
    renderPortal('/candidates/txn1');
    const button = await screen.findByRole('button', { name: 'Download report' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('The report is issued once every verification is finished.');
    expect(screen.getByText('No credentials issued yet.')).toBeInTheDocument();
    expect(screen.getByText('No verifications yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has happened yet.')).toBeInTheDocument();
  });

  it('says clearly when there is no such candidate', async () => {
    signIn();
    mockApi().on('get', P.candidate('nobody'), errorReply(404, 310, 'This candidate does not exist'));
    renderPortal('/candidates/nobody');
    expect(await screen.findByRole('heading', { name: 'Candidate not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers a retry when the candidate fails to load', async () => {
    signIn();
    mockApi().on('get', P.candidate('txn1'), errorReply(503, 503, 'Try again later'));
    renderPortal('/candidates/txn1');
    expect(await screen.findByText(/The candidate could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
