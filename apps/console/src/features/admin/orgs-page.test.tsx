import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, OPS_API_PATHS, ORG_API_PATHS, type AdminOrg } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const acme: AdminOrg = {
  id: 'acme',
  name: 'Acme Corp',
  imageUrl: null,
  partnerOrgId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  formCount: 2,
};

describe("the organisations page's owner invitation (issue 28)", () => {
  it('invites an organisation owner by name and e-mail, and says where it went', async () => {
    signIn(ADMIN);
    const api = mockApi()
      .on('get', OPS_API_PATHS.adminOrgs, okReply({ list: [acme], partnerOrgIds: [] }))
      .on('post', ORG_API_PATHS.opsOrgOwner('acme'), (call) =>
        okReply({
          id: 'inv_1',
          email: (call.body as { email: string }).email,
          name: 'Olga Owner',
          role: 'owner',
          expiresAt: '2026-11-08T10:00:00.000Z',
          createdAt: '2026-11-01T10:00:00.000Z',
        }),
      );
    const user = userEvent.setup();
    renderConsole('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Invite owner: Acme Corp' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite an owner of Acme Corp' });
    // Nothing is sent while the fields are wrong.
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeVisible();
    expect(api.callsTo('post', ORG_API_PATHS.opsOrgOwner('acme'))).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Olga Owner');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'Olga@Acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('post', ORG_API_PATHS.opsOrgOwner('acme'))[0]!.body).toEqual({
      name: 'Olga Owner',
      email: 'olga@acme.example',
    });
    expect(screen.getByText('Invitation sent to olga@acme.example.')).toBeVisible();
  }, 60_000);

  it('shows an e-mail that already has a user beside the field', async () => {
    signIn(ADMIN);
    mockApi()
      .on('get', OPS_API_PATHS.adminOrgs, okReply({ list: [acme], partnerOrgIds: [] }))
      .on(
        'post',
        ORG_API_PATHS.opsOrgOwner('acme'),
        errorReply(409, ERROR_CODES.ORG_USER_EMAIL_TAKEN.code, ERROR_CODES.ORG_USER_EMAIL_TAKEN.message),
      );
    const user = userEvent.setup();
    renderConsole('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Invite owner: Acme Corp' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Olga Owner');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'olga@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(ERROR_CODES.ORG_USER_EMAIL_TAKEN.message)).toBeVisible();
  }, 60_000);
});
