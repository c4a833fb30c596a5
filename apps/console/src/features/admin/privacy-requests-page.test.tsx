import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, PRIVACY_REQUEST_PATHS as P, type PrivacyTicketOps } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const ID = '6f1c2a90-1b2c-4d3e-8f40-5a6b7c8d9e02';
const grievance: PrivacyTicketOps = {
  id: ID,
  reference: 'GRV-000042',
  kind: 'grievance',
  category: null,
  txnId: null,
  requestLabel: null,
  subject: 'Nobody answers my calls',
  text: 'I called three times about my report and nobody answered.',
  proposed: null,
  status: 'open',
  createdAt: '2026-08-01T10:00:00.000Z',
  dueAt: '2026-10-30T10:00:00.000Z',
  outcome: null,
  answer: null,
  answeredAt: null,
  profileId: '0b9a2c1e-1111-4222-8333-444455556666',
  candidateName: 'Meera Iyer',
  overdue: true,
  answeredBy: null,
};
const correction: PrivacyTicketOps = {
  ...grievance,
  id: '6f1c2a90-1b2c-4d3e-8f40-5a6b7c8d9e03',
  reference: 'COR-000043',
  kind: 'correction',
  category: 'date_of_birth',
  subject: null,
  text: 'My date of birth is a year off',
  proposed: '12 March 1998',
  dueAt: '2027-02-01T10:00:00.000Z',
  overdue: false,
};

describe('corrections and grievances in the console (issue 29)', () => {
  it('lists open requests by due date with the overdue marked, and filters by kind and status', async () => {
    signIn(ADMIN);
    const api = mockApi().on('get', P.opsList, (call) =>
      okReply({ list: call.url.includes('kind=correction') ? [correction] : [grievance, correction] }),
    );
    const user = userEvent.setup();
    renderConsole('/admin/privacy-requests');
    const table = await screen.findByRole(
      'table',
      { name: 'Requests, open first by due date' },
      { timeout: 20_000 },
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['GRV-000042', 'COR-000043']);
    expect(within(rows[0]!).getByText('Overdue')).toBeVisible();
    expect(within(rows[1]!).queryByText('Overdue')).toBeNull();
    expect(within(rows[1]!).getByText('Date of birth')).toBeVisible();
    expect(api.callsTo('get', P.opsList)[0]!.url).toContain('status=open');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Correction' }));
    await waitFor(() =>
      expect(api.callsTo('get', P.opsList).at(-1)!.url).toMatch(/kind=correction&status=open/),
    );
    await waitFor(() => expect(within(table).queryByText('GRV-000042')).toBeNull());
  }, 60_000);

  it("shows one request with the candidate's reference and answers it once", async () => {
    signIn(ADMIN);
    let current = grievance;
    const api = mockApi()
      .on('get', P.opsRequest(ID), () => okReply(current))
      .on('post', P.opsAnswer(ID), (call) => {
        const body = call.body as { outcome: 'rejected'; answer: string };
        current = { ...current, status: 'answered', ...body, answeredAt: '2026-11-30T10:00:00.000Z' };
        return okReply(current);
      });
    const user = userEvent.setup();
    renderConsole(`/admin/privacy-requests/${ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Grievance GRV-000042' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText(`Meera Iyer (profile ${grievance.profileId})`)).toBeVisible();
    expect(screen.getByText(grievance.text)).toBeVisible();
    expect(screen.getByText('Overdue')).toBeVisible();

    // The shared schema refuses a short answer; nothing is sent.
    await user.type(screen.getByRole('textbox', { name: /Answer to the candidate/ }), 'No.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(/at least 10 characters/)).toBeVisible();
    expect(api.callsTo('post', P.opsAnswer(ID))).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Resolved', 'Rejected']);
    await user.click(screen.getByRole('option', { name: 'Rejected' }));
    await user.clear(screen.getByRole('textbox', { name: /Answer to the candidate/ }));
    await user.type(
      screen.getByRole('textbox', { name: /Answer to the candidate/ }),
      'Our records show every call was answered within a day.',
    );
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.callsTo('post', P.opsAnswer(ID))).toHaveLength(1));
    expect(api.callsTo('post', P.opsAnswer(ID))[0]!.body).toEqual({
      outcome: 'rejected',
      answer: 'Our records show every call was answered within a day.',
    });
    expect(await screen.findByText('Our records show every call was answered within a day.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
  }, 60_000);

  it('shows the server refusal of a second answer', async () => {
    signIn(ADMIN);
    mockApi()
      .on('get', P.opsRequest(ID), okReply(grievance))
      .on(
        'post',
        P.opsAnswer(ID),
        errorReply(
          409,
          ERROR_CODES.PRIVACY_REQUEST_NOT_OPEN.code,
          ERROR_CODES.PRIVACY_REQUEST_NOT_OPEN.message,
        ),
      );
    const user = userEvent.setup();
    renderConsole(`/admin/privacy-requests/${ID}`);
    await user.type(
      await screen.findByRole('textbox', { name: /Answer to the candidate/ }, { timeout: 20_000 }),
      'Resolved by phone today.',
    );
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(ERROR_CODES.PRIVACY_REQUEST_NOT_OPEN.message)).toBeVisible();
  }, 60_000);
});
