import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ORG_API_PATHS as P,
  type InviteBatch,
  type InviteBatchChecked,
  type OrgFormSummary,
  type OrgInvitation,
} from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { MANAGER, VIEWER, renderPortal, signIn } from '../../test/render';

const counts = {
  invited: 3,
  started: 1,
  action_required: 0,
  submitted: 0,
  in_progress: 0,
  verified: 0,
  closed: 0,
};
const FORMS: { list: OrgFormSummary[] } = {
  list: [
    { formId: 'frm_a', name: 'Admissions 2027', payer: 'organisation', counts },
    { formId: 'frm_b', name: 'Staff onboarding', payer: 'candidate', counts },
  ],
};

const INVITATION: OrgInvitation = {
  id: 'inv_1',
  transactionId: 'txn_1',
  formId: 'frm_b',
  name: 'Asha Rao',
  mobile: '••••••3210',
  email: null,
  language: 'hi',
  source: 'portal',
  remindersSent: 0,
  lastSentAt: '2026-11-29T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
};

const batch = (overrides: Partial<InviteBatch> = {}): InviteBatch => ({
  id: 'bat_1',
  fileName: 'candidates.csv',
  status: 'checked',
  total: 5,
  valid: 3,
  refused: 2,
  sent: 0,
  failed: 0,
  createdAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const CHECKED: InviteBatchChecked = {
  batch: batch(),
  refusedRows: [
    {
      row: 2,
      name: 'Bad Mobile',
      mobile: '12',
      email: null,
      formId: 'frm_a',
      language: 'en',
      status: 'refused',
      reason: 'The mobile number is not valid',
    },
    {
      row: 4,
      name: 'No Form',
      mobile: '9876500004',
      email: null,
      formId: 'frm_x',
      language: 'en',
      status: 'refused',
      reason: 'No such form',
    },
  ],
  validPreview: [
    {
      row: 1,
      name: 'Good One',
      mobile: '9876500001',
      email: null,
      formId: 'frm_a',
      language: 'en',
      status: 'valid',
      reason: null,
    },
  ],
};

const base = () =>
  mockApi()
    .on('get', P.forms, okReply(FORMS))
    .on('get', P.inviteBatches, okReply({ list: [] }));

describe('the invite page', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('invites one candidate with the right body and shows the masked mobile, and a server error', async () => {
    signIn(MANAGER);
    let fail = true;
    const api = base().on('post', P.invitations, () =>
      fail ? errorReply(402, 311, 'Your organisation has no credits left') : okReply(INVITATION),
    );
    const user = userEvent.setup();
    renderPortal('/invite');
    const section = await screen.findByRole('region', { name: 'One candidate' }, { timeout: 20_000 });
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('Choose a form')).toBeVisible();
    expect(api.callsTo('post', P.invitations)).toHaveLength(0);

    await user.click(within(section).getByRole('combobox', { name: /Form/ }));
    await user.click(await screen.findByRole('option', { name: 'Staff onboarding' }));
    await user.type(within(section).getByRole('textbox', { name: /Name/ }), 'Asha Rao');
    await user.type(within(section).getByRole('textbox', { name: /Mobile/ }), '9876543210');
    await user.click(within(section).getByRole('combobox', { name: /Language/ }));
    await user.click(await screen.findByRole('option', { name: 'हिन्दी' }));
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('Your organisation has no credits left')).toBeVisible();

    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('Invitation sent to ••••3210.')).toBeVisible();
    const posts = api.callsTo('post', P.invitations);
    expect(posts.at(-1)!.body).toEqual({
      formId: 'frm_b',
      name: 'Asha Rao',
      mobile: '9876543210',
      language: 'hi',
    });
    // The retry of the same fill sent the same Idempotency-Key.
    const keys = posts.map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^portal-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // The next candidate is a new fill: a new key.
    await user.type(within(section).getByRole('textbox', { name: /Name/ }), 'Dev Patel');
    await user.type(within(section).getByRole('textbox', { name: /Mobile/ }), '9876500000');
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('post', P.invitations)).toHaveLength(3));
    expect(api.callsTo('post', P.invitations)[2]!.headers['idempotency-key']).not.toBe(keys[0]);
  }, 60_000);

  it('uploads a CSV and shows the counts, the refused rows with their reasons and the valid ones', async () => {
    signIn(MANAGER);
    const api = base()
      .on('post', P.inviteBatches, okReply(CHECKED))
      .on('get', P.inviteBatch('bat_1'), okReply(batch()));
    const user = userEvent.setup();
    renderPortal('/invite');
    const section = await screen.findByRole(
      'region',
      { name: 'Many candidates from a file' },
      { timeout: 20_000 },
    );
    expect(section).toHaveTextContent(/name, mobile, email, form, language/);
    expect(section).toHaveTextContent(/CSV or XLSX/);
    expect(within(section).getByLabelText('Choose a CSV or XLSX file')).toHaveAttribute(
      'accept',
      expect.stringContaining('.xlsx'),
    );
    const file = new File(['name,mobile\n'], 'candidates.csv', { type: 'text/csv' });
    await user.upload(within(section).getByLabelText('Choose a CSV or XLSX file'), file);
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));

    const refused = await within(section).findByRole('table', { name: 'Refused rows' });
    const rows = within(refused).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/2.*Bad Mobile.*12.*The mobile number is not valid/);
    expect(rows[2]).toHaveTextContent(/4.*No Form.*9876500004.*No such form/);
    expect(within(section).getByText('5 rows: 3 valid, 2 refused.')).toBeVisible();
    expect(within(section).getByRole('table', { name: 'Valid rows' })).toHaveTextContent(/Good One/);
    expect(within(section).getByRole('button', { name: 'Send 3 invitations' })).toBeVisible();
    const sent = (api.callsTo('post', P.inviteBatches)[0]!.body as FormData).get('file') as File;
    expect(sent.name).toBe('candidates.csv');
  }, 60_000);

  it('sends the batch then follows the progress until it is done', async () => {
    signIn(MANAGER);
    let state: 'checked' | 'sending' | 'sent' = 'checked';
    let polls = 0;
    const api = base()
      .on('post', P.inviteBatches, okReply(CHECKED))
      .on('get', P.inviteBatches, () => okReply({ list: [batch({ status: state })] }))
      .on('post', P.sendInviteBatch('bat_1'), () => {
        state = 'sending';
        return okReply(batch({ status: 'sending' }));
      })
      .on('get', P.inviteBatch('bat_1'), () => {
        if (state === 'checked') return okReply(batch());
        polls += 1;
        if (polls === 1) return okReply(batch({ status: 'sending', sent: 1 }));
        state = 'sent';
        return okReply(batch({ status: 'sent', sent: 2, failed: 1, finishedAt: '2026-11-29T10:01:00.000Z' }));
      });
    const user = userEvent.setup();
    renderPortal('/invite');
    const section = await screen.findByRole(
      'region',
      { name: 'Many candidates from a file' },
      { timeout: 20_000 },
    );
    await user.upload(
      within(section).getByLabelText('Choose a CSV or XLSX file'),
      new File(['x'], 'candidates.csv', { type: 'text/csv' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    await user.click(await within(section).findByRole('button', { name: 'Send 3 invitations' }));
    expect(api.callsTo('post', P.sendInviteBatch('bat_1'))).toHaveLength(1);
    expect(await within(section).findByText('1 of 3 done: 1 sent, 0 failed.')).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(await within(section).findByText('Done: 2 sent, 1 failed.', {}, { timeout: 8_000 })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Download the result' })).toBeVisible();
    const recent = within(section).getByRole('list', { name: 'Recent uploads' });
    await waitFor(() => expect(recent).toHaveTextContent(/candidates\.csv.*Sent/));
    const after = api.callsTo('get', P.inviteBatch('bat_1')).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.callsTo('get', P.inviteBatch('bat_1')).length).toBe(after);
  }, 60_000);

  it('opened with ?batch= shows the progress of the sending batch, and lists recent uploads', async () => {
    signIn(MANAGER);
    const api = base()
      .on(
        'get',
        P.inviteBatches,
        okReply({
          list: [
            batch({ status: 'sending', sent: 2 }),
            batch({ id: 'bat_0', fileName: 'old.csv', status: 'sent' }),
          ],
        }),
      )
      .on('get', P.inviteBatch('bat_1'), okReply(batch({ status: 'sending', sent: 2 })))
      .on(
        'get',
        P.inviteBatch('bat_0'),
        okReply(batch({ id: 'bat_0', fileName: 'old.csv', status: 'sent', sent: 3 })),
      );
    renderPortal('/invite?batch=bat_1');
    const section = await screen.findByRole(
      'region',
      { name: 'Many candidates from a file' },
      { timeout: 20_000 },
    );
    expect(await within(section).findByText('2 of 3 done: 2 sent, 0 failed.')).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    const recent = within(section).getByRole('list', { name: 'Recent uploads' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    expect(recent).toHaveTextContent(/old\.csv.*Sent/);
    expect(api.callsTo('post', P.sendInviteBatch('bat_1'))).toHaveLength(0);

    await userEvent.setup().click(within(recent).getByRole('button', { name: 'Open the upload old.csv' }));
    expect(await within(section).findByText('Done: 3 sent, 0 failed.')).toBeVisible();
    expect(within(section).getByRole('region', { name: 'Upload: old.csv' })).toBeVisible();
    expect(within(section).queryByRole('region', { name: 'Upload: candidates.csv' })).toBeNull();
  }, 60_000);

  it('downloads the result of a sent batch as a CSV file', async () => {
    signIn(MANAGER);
    const api = base()
      .on('get', P.inviteBatch('bat_1'), okReply(batch({ status: 'sent', sent: 3 })))
      .on('get', P.inviteBatchResult('bat_1'), {
        status: 200,
        body: new Blob(['row,name,status\n'], { type: 'text/csv' }),
      });
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:result';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderPortal('/invite?batch=bat_1');
    await user.click(await screen.findByRole('button', { name: 'Download the result' }, { timeout: 20_000 }));
    await waitFor(() => expect(names).toEqual(['candidates-result.csv']));
    expect(created).toHaveLength(1);
    expect(api.callsTo('get', P.inviteBatchResult('bat_1'))).toHaveLength(1);
    expect(screen.getByText('Done: 3 sent, 0 failed.')).toBeVisible();
  }, 60_000);

  it('reminds those who have not started after a confirmation', async () => {
    signIn(MANAGER);
    const api = base().on('post', P.remindNotStarted, okReply({ reminded: 4 }));
    const user = userEvent.setup();
    renderPortal('/invite');
    const section = await screen.findByRole(
      'region',
      { name: 'Remind those who have not started' },
      { timeout: 20_000 },
    );
    expect(within(section).getByRole('button', { name: 'Send reminders' })).toBeDisabled();
    await user.click(within(section).getByRole('combobox', { name: 'Form' }));
    await user.click(await screen.findByRole('option', { name: 'Admissions 2027' }));
    await user.click(within(section).getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the reminders?' });
    expect(dialog).toHaveTextContent('Admissions 2027');
    expect(api.callsTo('post', P.remindNotStarted)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    expect(await within(section).findByText('4 candidates were reminded.')).toBeVisible();
    expect(api.callsTo('post', P.remindNotStarted)[0]!.body).toEqual({ formId: 'frm_a' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);

  it('a viewer does not get the page', async () => {
    signIn(VIEWER);
    const api = base();
    renderPortal('/invite');
    expect(
      await screen.findByText(/Your role does not allow this page/, {}, { timeout: 20_000 }),
    ).toBeVisible();
    expect(api.callsTo('get', P.forms)).toHaveLength(0);
  }, 60_000);
});
