import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('/profile', () => {
  it('shows name and mobile, and changes the name with PATCH', async () => {
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) }, { once: true });
    api.on('patch', '/api/web-wallet/profile', {
      status: 200,
      body: ok(makeProfile({ profileDetails: { name: 'Asha R Verma' } })),
    });
    const { user, app } = renderApp({ route: '/profile' });
    expect(await screen.findByText('+91 98765 41234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const field = screen.getByLabelText('Full Name');
    expect(field).toHaveValue('Asha Verma');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name must not be empty')).toBeInTheDocument();
    expect(api.callsTo('patch', '/api/web-wallet/profile')).toHaveLength(0);

    await user.type(field, 'Asha R Verma');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { name: 'Asha R Verma' })).toBeInTheDocument();
    const patch = api.callsTo('patch', '/api/web-wallet/profile')[0];
    expect(patch?.body).toEqual({ name: 'Asha R Verma' });
    expect(patch?.headers.authorization).toMatch(/^Bearer /);
    expect(app.store.getState().profile.profileDetails?.name).toBe('Asha R Verma');
    expect(await screen.findByText('Name updated')).toBeInTheDocument();
  });

  it('shows a failed update inline', async () => {
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    api.on('patch', '/api/web-wallet/profile', { status: 400, body: fail(100, 'name is too long') });
    const { user } = renderApp({ route: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    await user.type(screen.getByLabelText('Full Name'), ' Kumar');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Name is too long'));
  });

  it('shows the saved details, the Aadhaar masked to its last 4 digits, and a way to edit them', async () => {
    const address = {
      pincode: '560001',
      line1: '12 MG Road',
      vtc: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
    };
    api.on('get', '/api/web-wallet/profile', {
      status: 200,
      body: ok(
        makeProfile({
          basicDetails: { dateOfBirth: '1990-03-04', gender: 'FEMALE' },
          contactDetails: { currentAddress: address, permanentAddress: address, sameAsCurrent: true },
          aadhaarLast4: '9012',
        }),
      ),
    });
    const { user, probe } = renderApp({ route: '/profile' });
    expect(await screen.findByText('XXXX XXXX 9012')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Bengaluru, Bengaluru Urban, Karnataka, 560001')).toBeInTheDocument();
    expect(screen.getByText('Same as the current address')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit details' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/basic-details'));
  });

  it('offers to add the details when there are none, and shows no Aadhaar', async () => {
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    renderApp({ route: '/profile' });
    expect(await screen.findByRole('link', { name: 'Add details' })).toBeInTheDocument();
    expect(screen.queryByText('Aadhaar')).not.toBeInTheDocument();
  });

  it('shows the mismatch of the verified name until a name change is filed, then its state', async () => {
    const differs = makeProfile({ verifiedName: 'ASHA RANI VERMA' });
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(differs) });
    api.on(
      'get',
      '/api/verification/v1/transactions/name-change-request',
      { status: 200, body: ok({ list: [] }) },
      { once: true },
    );
    const first = renderApp({ route: '/profile' });
    expect(
      await screen.findByText(
        'The name on your verified identity (ASHA RANI VERMA) differs from your profile name (Asha Verma).',
      ),
    ).toBeInTheDocument();
    first.unmount();

    const filed = {
      id: 'n1',
      orgId: 'demo-university',
      txnId: 't1',
      verificationName: 'aadhaar',
      state: 'REQUESTED',
      documentList: [{ label: 'Proof', url: '/api/utility/files/f1' }],
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    api.on('get', '/api/verification/v1/transactions/name-change-request', {
      status: 200,
      body: ok({ list: [filed] }),
    });
    renderApp({ route: '/profile' });
    expect(await screen.findByText('Name change requested')).toBeInTheDocument();
    expect(screen.getByText(/Filed on 20.*Nov.*2026/)).toBeInTheDocument();
    expect(screen.queryByText(/differs from your profile name/)).not.toBeInTheDocument();
  });
});
