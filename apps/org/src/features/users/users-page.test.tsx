import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ORG_API_PATHS as P, type OrgUserList, type OrgUserRow } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { MANAGER, OWNER, renderPortal, signIn } from '../../test/render';

const row = (overrides: Partial<OrgUserRow>): OrgUserRow => ({
  ...OWNER,
  disabledAt: null,
  lockedUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const LIST: OrgUserList = {
  users: [
    row({}),
    row({
      id: 'usr_m',
      email: 'manager@acme.test',
      name: 'Manoj Manager',
      role: 'manager',
      lastSignInAt: null,
    }),
    row({
      id: 'usr_d',
      email: 'dev@acme.test',
      name: 'Dina Disabled',
      role: 'viewer',
      disabledAt: '2026-11-21T10:00:00.000Z',
    }),
  ],
  invitations: [
    {
      id: 'inv_1',
      email: 'new@acme.test',
      name: 'Nita New',
      role: 'viewer',
      expiresAt: '2026-12-05T10:00:00.000Z',
      createdAt: '2026-11-28T10:00:00.000Z',
    },
  ],
};

describe('the users page (owner)', () => {
  it('lists users with role and status, and the open invitations; the owner sees it in the navigation', async () => {
    signIn(OWNER);
    mockApi().on('get', P.users, okReply(LIST));
    renderPortal('/users');
    const users = await screen.findByRole('list', { name: 'Users' }, { timeout: 20_000 });
    const items = within(users).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Olivia Owner \(you\).*owner@acme.test.*Last sign-in.*Active/);
    expect(items[1]).toHaveTextContent(/Manoj Manager.*Never signed in.*Active/);
    expect(items[2]).toHaveTextContent(/Dina Disabled.*Disabled/);
    expect(within(items[1]!).getByRole('combobox', { name: 'Role of Manoj Manager' })).toHaveTextContent(
      'Manager',
    );
    expect(within(items[2]!).getByRole('button', { name: 'Enable Dina Disabled' })).toBeVisible();
    const invitations = screen.getByRole('list', { name: 'Open invitations' });
    expect(invitations).toHaveTextContent(/Nita New.*new@acme.test.*Viewer · expires/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Users' })).toBeVisible();
  }, 60_000);

  it('a manager does not get the page nor the navigation entry', async () => {
    signIn(MANAGER);
    const api = mockApi().on('get', P.users, okReply(LIST));
    renderPortal('/users');
    expect(
      await screen.findByText(/Your role does not allow this page/, {}, { timeout: 20_000 }),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Overview' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(api.callsTo('get', P.users)).toHaveLength(0);
  }, 60_000);

  it('invites a user with a role; an e-mail that has a user is shown beside the field', async () => {
    signIn(OWNER);
    let taken = true;
    const api = mockApi()
      .on('get', P.users, okReply(LIST))
      .on('post', P.userInvitations, (call) =>
        taken
          ? errorReply(409, ERROR_CODES.ORG_USER_EMAIL_TAKEN.code, ERROR_CODES.ORG_USER_EMAIL_TAKEN.message)
          : okReply({ ...LIST.invitations[0], email: (call.body as { email: string }).email }),
      );
    const user = userEvent.setup();
    renderPortal('/users');
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeVisible();
    expect(api.callsTo('post', P.userInvitations)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Vikram Viewer');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'manager@acme.test');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(ERROR_CODES.ORG_USER_EMAIL_TAKEN.message)).toBeVisible();

    taken = false;
    await user.clear(within(dialog).getByRole('textbox', { name: /E-mail/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'vikram@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('post', P.userInvitations).at(-1)!.body).toEqual({
      name: 'Vikram Viewer',
      email: 'vikram@acme.test',
      role: 'viewer',
    });
    expect(screen.getByText('Invitation sent to vikram@acme.test.')).toBeVisible();
  }, 60_000);

  it('changes a role; the last owner refusal is shown', async () => {
    signIn(OWNER);
    const api = mockApi()
      .on('get', P.users, okReply(LIST))
      .on('patch', P.user('usr_m'), (call) => okReply({ ...LIST.users[1], ...(call.body as object) }))
      .on(
        'patch',
        P.user(OWNER.id),
        errorReply(409, ERROR_CODES.ORG_LAST_OWNER.code, ERROR_CODES.ORG_LAST_OWNER.message),
      );
    const user = userEvent.setup();
    renderPortal('/users');
    await user.click(
      await screen.findByRole('combobox', { name: 'Role of Manoj Manager' }, { timeout: 20_000 }),
    );
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    expect(await screen.findByText('Manoj Manager is now Owner.')).toBeVisible();
    expect(api.callsTo('patch', P.user('usr_m'))[0]!.body).toEqual({ role: 'owner' });

    await user.click(screen.getByRole('combobox', { name: 'Role of Olivia Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    expect(await screen.findByText(ERROR_CODES.ORG_LAST_OWNER.message)).toBeVisible();
  }, 60_000);

  it('disables a user after confirming, enables one, and revokes an invitation after confirming', async () => {
    signIn(OWNER);
    const api = mockApi()
      .on('get', P.users, okReply(LIST))
      .on('patch', /\/api\/org\/users\/usr_/, (call) =>
        okReply({ ...LIST.users[1], ...(call.body as object) }),
      )
      .on('delete', P.userInvitation('inv_1'), okReply(null));
    const user = userEvent.setup();
    renderPortal('/users');
    await user.click(
      await screen.findByRole('button', { name: 'Disable Manoj Manager' }, { timeout: 20_000 }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Disable Manoj Manager?' });
    expect(api.callsTo('patch', P.user('usr_m'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Manoj Manager is disabled.')).toBeVisible();
    expect(api.callsTo('patch', P.user('usr_m'))[0]!.body).toEqual({ disabled: true });

    await user.click(screen.getByRole('button', { name: 'Enable Dina Disabled' }));
    expect(await screen.findByText('Dina Disabled is enabled.')).toBeVisible();
    expect(api.callsTo('patch', P.user('usr_d'))[0]!.body).toEqual({ disabled: false });

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of new@acme.test' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invitation of new@acme.test is revoked.')).toBeVisible();
    expect(api.callsTo('delete', P.userInvitation('inv_1'))).toHaveLength(1);
  }, 60_000);

  it('says when there are no open invitations, and offers a retry when the list fails', async () => {
    signIn(OWNER);
    let fail = true;
    mockApi().on('get', P.users, () =>
      fail ? errorReply(500, 1, 'down') : okReply({ users: [LIST.users[0]], invitations: [] }),
    );
    const user = userEvent.setup();
    renderPortal('/users');
    expect(await screen.findByText('The users could not be loaded.', {}, { timeout: 20_000 })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open invitations.')).toBeVisible();
  }, 60_000);
});
