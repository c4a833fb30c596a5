import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const URL = '/api/web-wallet/privacy/nomination';
const NOMINEE = {
  name: 'Meera Nair',
  relationship: 'sibling',
  mobile: '9812345670',
  email: null,
  since: '2030-01-15T10:00:00.000Z',
};
const named = {
  nominee: NOMINEE,
  history: [{ action: 'named', name: 'Meera Nair', relationship: 'sibling', at: '2030-01-15T10:00:00.000Z' }],
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
});
afterEach(() => api.restore());

describe('/privacy/nomination', () => {
  it('explains what a nominee can do, validates with the shared schema, and names one', async () => {
    api.on('get', URL, { status: 200, body: ok({ nominee: null, history: [] }) });
    api.on('put', URL, { status: 200, body: ok(named) });
    const { user } = renderApp({ route: '/privacy/nomination' });
    expect(await screen.findByRole('heading', { name: 'Your nominee', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/section 14/)).toBeInTheDocument();
    expect(await screen.findByText('You have not named a nominee.')).toBeInTheDocument();

    // Bad input is refused here, field by field, and nothing is sent.
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText(/Enter their full name/)).toBeInTheDocument();
    expect(screen.getByText('Choose how the nominee is related to you')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(api.callsTo('put', URL)).toHaveLength(0);

    await user.type(screen.getByLabelText('Full name'), 'Meera Nair');
    await user.selectOptions(screen.getByLabelText('Relationship to you'), 'sibling');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '9812345670');
    await user.click(screen.getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText(/Meera Nair \(Brother or sister\), 9812345670/)).toBeInTheDocument();
    expect(api.callsTo('put', URL)[0]?.body).toMatchObject({
      name: 'Meera Nair',
      relationship: 'sibling',
      mobile: '9812345670',
    });
    const history = screen.getByRole('region', { name: 'Changes' });
    expect(within(history).getByText(/Named Meera Nair \(Brother or sister\)/)).toBeInTheDocument();
  });

  it('says when the candidate gives their own mobile (358), beside the field', async () => {
    api.on('get', URL, { status: 200, body: ok({ nominee: null, history: [] }) });
    api.on('put', URL, {
      status: 400,
      body: fail(358, 'Your nominee must be someone else: enter their own mobile number'),
    });
    const { user } = renderApp({ route: '/privacy/nomination' });
    await user.type(await screen.findByLabelText('Full name'), 'Meera Nair');
    await user.selectOptions(screen.getByLabelText('Relationship to you'), 'parent');
    await user.type(screen.getByLabelText('Mobile number'), '9812345670');
    await user.click(screen.getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText(/must be someone else/)).toBeInTheDocument();
  });

  it('removes the nominee behind a confirmation', async () => {
    api.on('get', URL, { status: 200, body: ok(named) });
    api.on('delete', URL, {
      status: 200,
      body: ok({
        nominee: null,
        history: [
          { action: 'removed', name: null, relationship: null, at: '2030-01-16T10:00:00.000Z' },
          ...named.history,
        ],
      }),
    });
    const { user } = renderApp({ route: '/privacy/nomination' });
    await user.click(await screen.findByRole('button', { name: 'Remove nominee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your nominee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('You have not named a nominee.')).toBeInTheDocument();
    expect(screen.getByText(/Removed the nominee/)).toBeInTheDocument();
    expect(api.callsTo('delete', URL)).toHaveLength(1);
  });

  it('shows an error with a retry when the nominee cannot be loaded', async () => {
    api.on('get', URL, { status: 500, body: fail(500, 'Something went wrong') });
    renderApp({ route: '/privacy/nomination' });
    expect(await screen.findByText('Your nominee could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is linked from the profile\'s "Your data" section', async () => {
    renderApp({ route: '/profile' });
    expect(await screen.findByRole('link', { name: 'Your nominee' })).toHaveAttribute(
      'href',
      '/privacy/nomination',
    );
  });

  it('reads in Hindi', async () => {
    api.on('get', URL, { status: 200, body: ok(named) });
    renderApp({ route: '/privacy/nomination' });
    await screen.findByText(/Meera Nair \(Brother or sister\), 9812345670/);
    await act(async () => {
      await setLanguage('hi', { persist: false });
    });
    expect(await screen.findByRole('heading', { name: 'आपका नामित व्यक्ति', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Meera Nair \(भाई या बहन\), 9812345670/)).toBeInTheDocument();
    await act(async () => {
      await setLanguage('en', { persist: false });
    });
  });
});
