import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  PRIVACY_OPS_PATHS as P,
  type BreachDetail,
  type BreachVersion,
  type BreachVersionInput,
} from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const ID = '6f1c2a90-1b2c-4d3e-8f40-5a6b7c8d9e01';
const v1: BreachVersion = {
  version: 1,
  title: 'Case list on a shared drive',
  foundAt: '2026-11-20T09:30:00.000Z',
  occurredFrom: '2026-11-18T00:00:00.000Z',
  occurredTo: '2026-11-19T00:00:00.000Z',
  dataClasses: ['identity', 'contact'],
  affected: { kind: 'transactions', orgId: 'acme', formId: null, createdFrom: null, createdTo: null },
  affectedCount: 12,
  notice: {
    en: {
      whatHappened: 'A list with your name could be read.',
      consequences: 'Someone may call you.',
      actionsTaken: 'We removed the file.',
      whatTheyCanDo: 'Share no OTP.',
    },
    hi: null,
  },
  boardNotifiedAt: null,
  authorStaffId: null,
  authorName: 'Ada Admin',
  at: '2026-11-20T10:00:00.000Z',
};
const v2: BreachVersion = { ...v1, version: 2, boardNotifiedAt: '2026-11-21T08:00:00.000Z' };
const detail = (versions: BreachVersion[], over: Partial<BreachDetail> = {}): BreachDetail => ({
  id: ID,
  createdAt: '2026-11-20T10:00:00.000Z',
  current: versions[0]!,
  versions,
  sends: [],
  matchingNow: 14,
  ...over,
});

describe('the breach register (issue 29)', () => {
  it('lists the entries and records a new one, checking it first', async () => {
    signIn(ADMIN);
    const api = mockApi()
      .on('get', P.breaches, okReply({ list: [{ id: ID, createdAt: v1.at, current: v2, sent: 9 }] }))
      .on('post', P.breaches, okReply(detail([v1])))
      .on('get', P.breach(ID), okReply(detail([v1])));
    const user = userEvent.setup();
    renderConsole('/admin/breaches');
    const table = await screen.findByRole('table', { name: 'Breaches, newest first' }, { timeout: 20_000 });
    const row = within(table).getByRole('link', { name: 'Case list on a shared drive' }).closest('tr')!;
    expect(within(row).getByText('Version 2')).toBeVisible();
    expect(within(row).getByText('12')).toBeVisible();
    expect(within(row).getByText('9')).toBeVisible();
    expect(within(row).getByText('Contact details')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Record a breach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a breach' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one kind of data')).toBeVisible();
    expect(api.callsTo('post', P.breaches)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Laptop stolen');
    // The product's date entry (issue 24): dd-mm-yyyy and a 24-hour time, never the browser's locale.
    const found = within(dialog).getByRole('group', { name: /Found at/ });
    const day = within(found).getByRole('textbox', { name: /Date/ });
    expect(day).toHaveAttribute('placeholder', 'dd-mm-yyyy');
    await user.type(day, '05-11-2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Documents' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Organisation ID' }), 'acme');
    for (const [label, text] of [
      ['What happened', 'A laptop was stolen.'],
      ['What it may mean for them', 'Your documents may be seen.'],
      ['What was done', 'We wiped it remotely.'],
      ['What they can do', 'Nothing for now.'],
    ] as const)
      await user.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) }), text);
    // Half a Hindi notice is refused.
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened (हिन्दी)' }), 'लैपटॉप चोरी हुआ।');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Write all four Hindi texts, or none')).toHaveLength(3);
    // A date without its time is said, not dropped.
    expect(within(found).getByText('Enter both the date (dd-mm-yyyy) and the time (hh:mm)')).toBeVisible();
    const time = within(found).getByRole('textbox', { name: /Time/ });
    expect(time).toHaveAttribute('placeholder', 'hh:mm');
    await user.type(time, '14:30');
    await user.clear(within(dialog).getByRole('textbox', { name: 'What happened (हिन्दी)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('post', P.breaches)).toHaveLength(1));
    const sent = api.callsTo('post', P.breaches)[0]!.body as BreachVersionInput;
    expect(sent).toMatchObject({
      title: 'Laptop stolen',
      dataClasses: ['documents'],
      affected: { kind: 'transactions', orgId: 'acme', formId: null, createdFrom: null, createdTo: null },
      notice: { en: { whatHappened: 'A laptop was stolen.' }, hi: null },
      occurredFrom: null,
      boardNotifiedAt: null,
    });
    // 05-11-2026 14:30 in the browser's time zone: 5 November, not 11 May.
    expect(sent.foundAt).toBe(new Date(2026, 10, 5, 14, 30).toISOString());
    // Then the new entry's page.
    expect(await screen.findByRole('heading', { name: 'Case list on a shared drive' })).toBeVisible();
  }, 90_000);

  it('shows the server refusal in the form', async () => {
    signIn(ADMIN);
    mockApi()
      .on('get', P.breaches, okReply({ list: [] }))
      .on(
        'post',
        P.breaches,
        errorReply(400, ERROR_CODES.VALIDATION_FAILED.code, 'No organisation has the id acme'),
      );
    const user = userEvent.setup();
    renderConsole('/admin/breaches');
    expect(
      await screen.findByText('No breaches are recorded.', undefined, { timeout: 20_000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Record a breach' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Laptop stolen');
    const found = within(dialog).getByRole('group', { name: /Found at/ });
    await user.type(within(found).getByRole('textbox', { name: /Date/ }), '20-11-2026');
    await user.type(within(found).getByRole('textbox', { name: /Time/ }), '09:30');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Identity' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Every candidate' }));
    for (const label of ['What happened', 'What it may mean for them', 'What was done', 'What they can do'])
      await user.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No organisation has the id acme')).toBeVisible();
  }, 90_000);

  it('shows an entry with its history, adds a version, marks the Board told, notifies after a confirm', async () => {
    signIn(ADMIN);
    let current = detail([v2, v1], { sends: [{ version: 2, queued: 1, sent: 5, failed: 0 }] });
    const api = mockApi()
      .on('get', P.breach(ID), () => okReply(current))
      .on('post', P.breachVersions(ID), (call) => {
        const body = call.body as BreachVersionInput;
        const v3: BreachVersion = {
          ...v2,
          ...body,
          version: 3,
          affectedCount: 14,
          authorStaffId: null,
          authorName: 'Ada Admin',
          at: v2.at,
        };
        current = detail([v3, v2, v1]);
        return okReply(current);
      })
      .on('post', P.breachBoardNotified(ID), okReply(detail([v2, v1])))
      .on('post', P.breachNotify(ID), okReply({ version: 2, queued: 14, already: 0 }));
    const user = userEvent.setup();
    renderConsole(`/admin/breaches/${ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Case list on a shared drive' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getAllByText('Version 2')[0]).toBeVisible();
    expect(screen.getByText('12 matched when saved; 14 match now')).toBeVisible();
    expect(screen.getAllByText('Candidates with a transaction: organisation acme')[0]).toBeVisible();
    const sends = screen.getByRole('table', { name: 'Notices per version' });
    expect(within(sends).getByText('5')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Versions' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /^Version 1: / })).toBeVisible();

    // A correction starts from the current version.
    await user.click(screen.getByRole('button', { name: 'Add a version' }));
    const form = await screen.findByRole('dialog', { name: 'Add a version' });
    const title = within(form).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Case list on a shared drive');
    await user.clear(title);
    await user.type(title, 'Case list on a shared drive (corrected)');
    await user.click(within(form).getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(api.callsTo('post', P.breachVersions(ID))).toHaveLength(1));
    expect(api.callsTo('post', P.breachVersions(ID))[0]!.body).toMatchObject({
      title: 'Case list on a shared drive (corrected)',
      dataClasses: ['identity', 'contact'],
      affected: v1.affected,
      notice: v1.notice,
      // The moments come back as they were, through the dd-mm-yyyy and hh:mm fields.
      foundAt: v1.foundAt,
      occurredFrom: v1.occurredFrom,
      boardNotifiedAt: v2.boardNotifiedAt,
    });
    expect(
      await screen.findByRole('heading', { name: 'Case list on a shared drive (corrected)' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mark the Board notified' }));
    const board = await screen.findByRole('dialog', { name: 'When was the Data Protection Board told?' });
    const told = within(board).getByRole('group', { name: /Told at/ });
    const toldDay = within(told).getByRole('textbox', { name: /Date/ });
    const toldTime = within(told).getByRole('textbox', { name: /Time/ });
    // A pre-filled day typed over with no such day is refused, not saved as the day it replaced.
    await user.clear(toldDay);
    await user.type(toldDay, '31-11-2026');
    await user.click(within(board).getByRole('button', { name: 'Save' }));
    expect(within(told).getByText('Enter both the date (dd-mm-yyyy) and the time (hh:mm)')).toBeVisible();
    expect(api.callsTo('post', P.breachBoardNotified(ID))).toHaveLength(0);
    await user.clear(toldTime);
    await user.click(within(board).getByRole('button', { name: 'Save' }));
    expect(within(told).getByText('Enter both the date (dd-mm-yyyy) and the time (hh:mm)')).toBeVisible();
    await user.clear(toldDay);
    await user.type(toldDay, '05-11-2026');
    await user.type(toldTime, '14:30');
    await user.click(within(board).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('post', P.breachBoardNotified(ID))).toHaveLength(1));
    expect(api.callsTo('post', P.breachBoardNotified(ID))[0]!.body).toEqual({
      notifiedAt: new Date(2026, 10, 5, 14, 30).toISOString(),
    });

    // Notify: the count and a confirm, and nothing is sent before the confirm.
    await user.click(screen.getByRole('button', { name: 'Notify the people affected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Notify the people affected?' });
    expect(within(confirm).getByText(/Each of the 14 candidates/)).toBeVisible();
    expect(api.callsTo('post', P.breachNotify(ID))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send the notices' }));
    await waitFor(() => expect(api.callsTo('post', P.breachNotify(ID))).toHaveLength(1));
    expect(api.callsTo('post', P.breachNotify(ID))[0]!.body).toEqual({ version: current.current.version });
    expect(await screen.findByText('14 notices are on their way.')).toBeVisible();
  }, 90_000);
});
