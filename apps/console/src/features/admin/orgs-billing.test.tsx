import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS, ORG_API_PATHS, type AdminOrg } from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const acme: AdminOrg = {
  id: 'acme',
  name: 'Acme Corp',
  imageUrl: null,
  partnerOrgId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  formCount: 2,
};

describe("the organisation dialog's billing mode (issue 28)", () => {
  it('shows the mode and saves a change at once', async () => {
    signIn(ADMIN);
    let mode = 'prepaid';
    const api = mockApi()
      .on('get', OPS_API_PATHS.adminOrgs, okReply({ list: [acme], partnerOrgIds: [] }))
      .on('get', ORG_API_PATHS.opsOrgBilling('acme'), () => okReply({ mode, balance: 0 }))
      .on('put', ORG_API_PATHS.opsOrgBilling('acme'), (call) => {
        mode = (call.body as { mode: string }).mode;
        return okReply({ mode, balance: 0 });
      });
    const user = userEvent.setup();
    renderConsole('/admin');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Corp' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Corp' });
    const select = await within(dialog).findByRole('combobox', {
      name: 'Billing of organisation-paid forms',
    });
    expect(select).toHaveTextContent('Prepaid credits');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Monthly invoice in arrears' }));
    await waitFor(() =>
      expect(api.callsTo('put', ORG_API_PATHS.opsOrgBilling('acme'))[0]?.body).toEqual({ mode: 'arrears' }),
    );
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: 'Billing of organisation-paid forms' }),
      ).toHaveTextContent('Monthly invoice in arrears'),
    );
  }, 60_000);
});
