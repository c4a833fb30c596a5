import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS, type InstitutionRequestList } from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { renderConsole, signIn, VERIFIER } from '../../test/render';

const DU = 'University of Delhi';

describe('the escalated requests (issue 27)', () => {
  const requests: InstitutionRequestList = {
    total: 1,
    items: [
      {
        id: 'req_1',
        txnId: 'txn_0001aaaa',
        candidateName: 'Asha Verma',
        institution: { id: 'ins_du', name: DU, kind: 'institute' },
        contactEmail: 'registrar@du.ac.in',
        status: 'escalated',
        verificationNames: ['degree'],
        createdAt: '2026-11-10T10:00:00.000Z',
        sentAt: '2026-11-10T10:00:00.000Z',
        linkExpiresAt: '2026-12-10T10:00:00.000Z',
        remindersSent: 3,
        nextReminderAt: null,
        escalatedAt: '2026-11-24T10:00:00.000Z',
      },
    ],
  };

  it('lists the escalated requests with a link to each case, and filters by status', async () => {
    signIn(VERIFIER);
    const api = mockApi().on('get', OPS_API_PATHS.institutionRequestList, okReply(requests));
    const user = userEvent.setup();
    renderConsole('/institution-requests');
    const row = (await screen.findByRole('rowheader', { name: 'Asha Verma' }, { timeout: 20_000 })).closest(
      'tr',
    )!;
    expect(row).toHaveTextContent(
      /University of Delhi.*registrar@du\.ac\.in.*Escalated.*10 Nov 2026.*3.*24 Nov 2026/,
    );
    expect(within(row).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute(
      'href',
      '/cases/txn_0001aaaa',
    );
    expect(api.callsTo('get', OPS_API_PATHS.institutionRequestList)[0]!.url).toContain('status=escalated');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutionRequestList).at(-1)!.url).toContain('status=open'),
    );
  }, 60_000);
});
