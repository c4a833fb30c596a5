import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeNotice, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';
import {
  FORM_ID,
  ORG_ID,
  TXN_ID,
  V1,
  makeInfo,
  makeOrg,
  makePublicForm,
  makeVerification,
} from './journey-fixtures';

let api: MockApi;
const link = `/ekyc/${FORM_ID}?orgId=${ORG_ID}`;
const verifications = [makeVerification('bgv-degree')];

/** A form link's Start up to the notice: the transaction is new (NOT_INITIALIZED), never answered. */
beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('get', `${V1}/verifier/${ORG_ID}`, { status: 200, body: ok(makeOrg()) });
  api.on('get', `${V1}/ekyc-forms/public`, { status: 200, body: ok({ list: [makePublicForm()], total: 1 }) });
  api.on('get', `${V1}/transactions/candidate-transaction`, {
    status: 200,
    body: ok({ list: [], total: 0 }),
  });
  api.on('post', `${V1}/transactions`, {
    status: 200,
    body: ok({ transactionId: TXN_ID, state: 'NOT_INITIALIZED', created: true }),
  });
  api.on(
    'get',
    `${V1}/transactions/info`,
    { status: 200, body: ok(makeInfo(verifications, { state: 'NOT_INITIALIZED' })) },
    { once: true },
  );
  api.on('get', `${V1}/transactions/info`, { status: 200, body: ok(makeInfo(verifications)) });
  api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice()) });
  api.on('post', `${V1}/transactions/process`, { status: 200, body: ok(makeInfo(verifications)) });
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('the privacy notice before a form starts (issue 29)', () => {
  it('shows the notice as headings and lists; optional purposes unticked; "I agree" records consent and goes on', async () => {
    api.on('post', `${V1}/privacy/consent`, {
      status: 200,
      body: ok({ action: 'consent', recorded: true, grants: [], consented: true }),
    });
    const { user } = renderApp({ route: link });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    const notice = await screen.findByRole('region', { name: 'Privacy notice: Acme Corp, Graduate hiring' });
    expect(within(notice).getByRole('heading', { name: 'What we will collect' })).toBeInTheDocument();
    expect(within(notice).getByText('Contact: your mobile number and e-mail address.')).toBeInTheDocument();
    expect(
      within(notice).getByText('If you do not agree to these, the form does not start.'),
    ).toBeInTheDocument();
    const wallet = within(notice).getByRole('checkbox', { name: 'To keep verified results in your wallet.' });
    const contact = within(notice).getByRole('checkbox', { name: 'To ask the institutions to confirm.' });
    expect(wallet).not.toBeChecked();
    expect(contact).not.toBeChecked();
    await user.click(wallet);
    await user.click(within(notice).getByRole('button', { name: 'I agree' }));
    // The start goes on: the click-start dialog.
    expect(await screen.findByRole('dialog', { name: 'Start verification' })).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/privacy/consent`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
      noticeHash: 'a'.repeat(64),
      purposes: [
        { purpose: 'verify', granted: true },
        { purpose: 'report_organisation', granted: true },
        { purpose: 'contact_institutions', granted: false },
        { purpose: 'wallet', granted: true },
      ],
    });
    expect(api.callsTo('get', `${V1}/privacy/notice`)[0]?.url).toContain('lang=en');
  });

  it('"I do not agree" records a refusal: the form cannot start, and says how to come back', async () => {
    api.on('post', `${V1}/privacy/consent`, {
      status: 200,
      body: ok({ action: 'refuse', recorded: true, grants: [], consented: false }),
    });
    const { user } = renderApp({ route: link });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    await user.click(await screen.findByRole('button', { name: 'I do not agree' }));
    expect(await screen.findByRole('heading', { name: 'Your form cannot start' })).toBeInTheDocument();
    expect(screen.getByText(/open this form link again and choose “I agree”/)).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/privacy/consent`)[0]?.body).toMatchObject({
      purposes: [
        { purpose: 'verify', granted: false },
        { purpose: 'report_organisation', granted: false },
        { purpose: 'contact_institutions', granted: false },
        { purpose: 'wallet', granted: false },
      ],
    });
    expect(api.callsTo('post', `${V1}/transactions/process`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Read the notice again' }));
    expect(await screen.findByRole('button', { name: 'I agree' })).toBeInTheDocument();
  });
});
