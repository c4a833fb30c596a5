import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS, type Institution } from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn, VERIFIER } from '../../test/render';
import { paiseOf } from './directory-page';

const DU = 'University of Delhi';

const institution = (overrides: Partial<Institution> = {}): Institution => ({
  id: 'ins_du',
  kind: 'institute',
  name: DU,
  refValue: DU,
  method: 'page',
  feePaise: 150_000,
  notes: 'Registrar answers within a week',
  contacts: [
    { id: 'con_1', email: 'registrar@du.ac.in', confirmed: true, batchDaily: false },
    { id: 'con_2', email: 'exams@du.ac.in', confirmed: false, batchDaily: true },
  ],
  turnaround: {
    sent: 40,
    answered: 30,
    responseRate: 0.75,
    medianDays: 4,
    p90Days: 9,
    open: 3,
    oldestOpenAt: '2026-11-02T10:00:00.000Z',
  },
  ...overrides,
});

const list = (items: Institution[], total = items.length) => okReply({ items, total });

describe('the institution directory (issue 27)', () => {
  it('lists each institution with its contacts, method, fee and turnaround', async () => {
    signIn(ADMIN);
    mockApi().on(
      'get',
      OPS_API_PATHS.institutions,
      list([
        institution(),
        institution({
          id: 'ins_acme',
          kind: 'employer',
          name: 'Acme Corp',
          refValue: null,
          method: 'email',
          feePaise: null,
          notes: null,
          contacts: [],
          turnaround: {
            sent: 0,
            answered: 0,
            responseRate: null,
            medianDays: null,
            p90Days: null,
            open: 0,
            oldestOpenAt: null,
          },
        }),
      ]),
    );
    renderConsole('/institutions');
    const table = await screen.findByRole('table', { name: 'Institutions' }, { timeout: 20_000 });
    const du = (await within(table).findByRole('rowheader', { name: new RegExp(DU) })).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Name and kind',
      'Contacts',
      'Method',
      'Fee',
      'Sent',
      'Answered',
      'Response rate',
      'Median days',
      '90th pct. days',
      'Open',
      'Oldest open',
      'Actions',
    ]);
    expect(du).toHaveTextContent(
      /Institute.*1 confirmed, 1 awaiting confirmation.*Response page.*₹1,500.*40.*30.*75%.*4.*9.*3.*02 Nov 2026.*Edit/,
    );
    const acme = within(table)
      .getByRole('rowheader', { name: /^Acme Corp/ })
      .closest('tr')!;
    expect(acme).toHaveTextContent(/Employer.*None.*E-mail only.*—.*0.*0.*—.*—.*—.*0.*—/);
    expect(screen.getByText('1–2 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add an institution' })).toBeVisible();
  }, 60_000);

  it('sorts through the server: a column heading sends sort and order, a second click reverses', async () => {
    signIn(ADMIN);
    const api = mockApi().on('get', OPS_API_PATHS.institutions, list([institution()]));
    const user = userEvent.setup();
    renderConsole('/institutions');
    await screen.findByRole('rowheader', { name: new RegExp(DU) }, { timeout: 20_000 });
    const first = new URL(api.callsTo('get', OPS_API_PATHS.institutions)[0]!.url, 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      sort: 'name',
      order: 'asc',
      offset: '0',
      limit: '25',
    });

    await user.click(screen.getByRole('button', { name: 'Median days' }));
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutions).at(-1)!.url).toContain('sort=median&order=asc'),
    );
    expect(screen.getByRole('columnheader', { name: 'Median days' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Median days' }));
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutions).at(-1)!.url).toContain('sort=median&order=desc'),
    );
    await user.click(screen.getByRole('button', { name: 'Oldest open' }));
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutions).at(-1)!.url).toContain('sort=oldest&order=asc'),
    );

    await user.click(screen.getByRole('checkbox', { name: 'With open requests' }));
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutions).at(-1)!.url).toContain('withOpen=true'),
    );
  }, 60_000);

  it('adds a contact (a confirmation link goes to it) and removes one after confirming', async () => {
    signIn(ADMIN);
    let contacts = institution().contacts;
    const api = mockApi()
      .on('get', OPS_API_PATHS.institutions, () => list([institution({ contacts })]))
      .on('post', OPS_API_PATHS.institutionContacts('ins_du'), (call) => {
        const body = call.body as { email: string; batchDaily: boolean };
        const added = { id: 'con_3', email: body.email, confirmed: false, batchDaily: body.batchDaily };
        contacts = [...contacts, added];
        return okReply(added);
      })
      .on('delete', OPS_API_PATHS.institutionContact('ins_du', 'con_2'), () => {
        contacts = contacts.filter((c) => c.id !== 'con_2');
        return okReply({ removed: true });
      });
    const user = userEvent.setup();
    renderConsole('/institutions');
    await user.click(
      await screen.findByRole('button', { name: /^Contacts of University of Delhi/ }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Contacts of ${DU}` });
    const items = within(dialog).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/registrar@du\.ac\.in.*Confirmed/);
    expect(items[1]).toHaveTextContent(/exams@du\.ac\.in.*Awaiting confirmation.*One e-mail a day/);

    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(api.callsTo('post', OPS_API_PATHS.institutionContacts('ins_du'))).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'HR@du.ac.in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'One e-mail a day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('A confirmation link was sent to hr@du.ac.in')).toBeVisible();
    expect(api.callsTo('post', OPS_API_PATHS.institutionContacts('ins_du'))[0]?.body).toEqual({
      email: 'hr@du.ac.in',
      batchDaily: true,
    });
    // The list is read again: the new address awaits its confirmation.
    expect(await within(dialog).findByText('hr@du.ac.in')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove exams@du.ac.in' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove exams@du.ac.in?' });
    expect(api.callsTo('delete', OPS_API_PATHS.institutionContact('ins_du', 'con_2'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.callsTo('delete', OPS_API_PATHS.institutionContact('ins_du', 'con_2'))).toHaveLength(1),
    );
    await waitFor(() => expect(within(dialog).queryByText('exams@du.ac.in')).not.toBeInTheDocument());
  }, 60_000);

  it('adds an employer by name, and edits the method, fee and notes', async () => {
    signIn(ADMIN);
    const api = mockApi()
      .on('get', OPS_API_PATHS.institutions, list([institution()]))
      .on('post', OPS_API_PATHS.institutions, okReply(institution({ id: 'ins_acme', name: 'Acme Corp' })))
      .on('put', OPS_API_PATHS.institution('ins_du'), okReply(institution()));
    const user = userEvent.setup();
    renderConsole('/institutions');
    await user.click(await screen.findByRole('button', { name: 'Add an institution' }, { timeout: 20_000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Add an institution' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Employer' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Employer name/ }), 'Acme Corp');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Acme Corp added to the directory.')).toBeVisible();
    expect(api.callsTo('post', OPS_API_PATHS.institutions)[0]?.body).toEqual({
      kind: 'employer',
      name: 'Acme Corp',
    });

    await user.click(screen.getByRole('button', { name: `Edit ${DU}` }));
    dialog = await screen.findByRole('dialog', { name: `Edit ${DU}` });
    await user.click(within(dialog).getByRole('combobox', { name: 'How it answers' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail only' }));
    const fee = within(dialog).getByRole('textbox', { name: 'Fee per verification (₹)' });
    expect(fee).toHaveValue('1500');
    await user.clear(fee);
    await user.type(fee, '12,x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an amount in rupees, e.g. 500 or 499.50.')).toBeVisible();
    await user.clear(fee);
    await user.type(fee, '499.50');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Notes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`${DU} saved.`)).toBeVisible();
    expect(api.callsTo('put', OPS_API_PATHS.institution('ins_du'))[0]?.body).toEqual({
      method: 'email',
      feePaise: 49_950,
      notes: null,
    });
  }, 60_000);

  it('opens the add dialog prefilled from a case’s link', async () => {
    signIn(ADMIN);
    const api = mockApi()
      .on('get', OPS_API_PATHS.institutions, list([]))
      .on('post', OPS_API_PATHS.institutions, okReply(institution()));
    const user = userEvent.setup();
    renderConsole(`/institutions?add=institute&value=${encodeURIComponent(DU)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Add an institution' }, { timeout: 20_000 });
    expect(within(dialog).getByRole('textbox', { name: /Name in the reference data/ })).toHaveValue(DU);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.institutions)[0]?.body).toEqual({
        kind: 'institute',
        refValue: DU,
      }),
    );
  }, 60_000);

  it('a verifier reads the directory and its contacts, without write controls', async () => {
    signIn(VERIFIER);
    mockApi().on('get', OPS_API_PATHS.institutions, list([institution()]));
    const user = userEvent.setup();
    renderConsole('/institutions?add=institute&value=X');
    await screen.findByRole('rowheader', { name: new RegExp(DU) }, { timeout: 20_000 });
    expect(screen.getByText('Only admins change the directory.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add an institution' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Edit ${DU}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Contacts of University of Delhi/ }));
    const dialog = await screen.findByRole('dialog', { name: `Contacts of ${DU}` });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
  }, 60_000);

  it('says when the directory is empty, and when nothing matches the filters', async () => {
    signIn(ADMIN);
    const api = mockApi().on('get', OPS_API_PATHS.institutions, list([]));
    const user = userEvent.setup();
    renderConsole('/institutions');
    expect(
      await screen.findByText('No institutions in the directory yet.', {}, { timeout: 20_000 }),
    ).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'delhi');
    expect(await screen.findByText('No institutions match these filters.')).toBeVisible();
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.institutions).at(-1)!.url).toContain('q=delhi'),
    );
  }, 60_000);

  it('reads a fee in rupees as paise', () => {
    expect(paiseOf('')).toBeNull();
    expect(paiseOf('₹1,500')).toBe(150_000);
    expect(paiseOf('499.5')).toBe(49_950);
    expect(paiseOf('12.345')).toBeUndefined();
    expect(paiseOf('-3')).toBeUndefined();
  }, 60_000);
});
