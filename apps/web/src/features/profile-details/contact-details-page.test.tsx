import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
});
afterEach(() => api.restore());

const address = {
  pincode: '560001',
  line1: '12 MG Road',
  vtc: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
};

describe('/contact-details', () => {
  it('fills district and state from the pincode and saves with PUT /profile/verification-detail', async () => {
    api.on('get', '/api/utility/pincode/560001', {
      status: 200,
      body: ok({
        pincode: '560001',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        offices: ['Bangalore GPO'],
      }),
    });
    api.on('put', '/api/web-wallet/profile/verification-detail', {
      status: 200,
      body: ok(
        makeProfile({
          contactDetails: { currentAddress: address, permanentAddress: address, sameAsCurrent: true },
        }),
      ),
    });
    const { user, probe } = renderApp({ route: '/contact-details' });
    const current = await screen.findByRole('group', { name: 'Current Address' });
    await user.type(within(current).getByRole('textbox', { name: 'Pincode' }), '56a0001');
    expect(within(current).getByRole('textbox', { name: 'Pincode' })).toHaveValue('560001');
    await waitFor(() =>
      expect(within(current).getByRole('textbox', { name: 'District' })).toHaveValue('Bengaluru Urban'),
    );
    expect(within(current).getByRole('textbox', { name: 'State' })).toHaveValue('Karnataka');
    // The pincode's only post office fills the town while it is empty.
    expect(within(current).getByRole('textbox', { name: 'Village / Town / City' })).toHaveValue(
      'Bangalore GPO',
    );
    await user.clear(within(current).getByRole('textbox', { name: 'Village / Town / City' }));
    await user.type(within(current).getByRole('textbox', { name: 'Village / Town / City' }), 'Bengaluru');
    await user.type(within(current).getByRole('textbox', { name: 'Line 1' }), '12 MG Road');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/profile'));
    const [put] = api.callsTo('put', '/api/web-wallet/profile/verification-detail');
    expect(put?.body).toEqual({ contactDetails: { currentAddress: address, sameAsCurrent: true } });
  });

  it('shows the server refusal on its field and an unknown pincode as a note', async () => {
    api.on('get', '/api/utility/pincode/999999', {
      status: 404,
      body: fail(101, 'No post office has this pincode'),
    });
    api.on('put', '/api/web-wallet/profile/verification-detail', {
      status: 400,
      body: {
        code: 100,
        message: 'Line 1 must not be empty',
        data: [{ path: 'contactDetails.currentAddress.line1', message: 'Line 1 must not be empty' }],
      },
    });
    const { user } = renderApp({ route: '/contact-details' });
    const current = await screen.findByRole('group', { name: 'Current Address' });
    await user.type(within(current).getByRole('textbox', { name: 'Pincode' }), '999999');
    expect(await within(current).findByText('No post office has this pincode')).toBeInTheDocument();
    await user.type(within(current).getByRole('textbox', { name: 'Line 1' }), 'x');
    await user.type(within(current).getByRole('textbox', { name: 'Village / Town / City' }), 'Town');
    await user.type(within(current).getByRole('textbox', { name: 'District' }), 'District');
    await user.type(within(current).getByRole('textbox', { name: 'State' }), 'State');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await within(current).findByText('Line 1 must not be empty')).toBeInTheDocument();
  });
});
