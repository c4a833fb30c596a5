import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@veridocs/shared';
import { fail, makeNotice, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setSearchedQuery } from '../../app/store/slices/misc-slice';
import { createTestApp, renderApp } from '../../test/render';
import {
  FORM_ID,
  ORG_ID,
  TXN_ID,
  V1,
  makeCandidateTransaction,
  makeInfo,
  makeOrg,
  makePublicForm,
  makeQuestion,
  makeVerification,
} from './journey-fixtures';

let api: MockApi;
/** What GET verifier/{orgId} answers (a test may brand it). */
let org = makeOrg();
const link = `/ekyc/${FORM_ID}?orgId=${ORG_ID}`;
const linkWithTxn = `/ekyc/${FORM_ID}/${TXN_ID}?orgId=${ORG_ID}`;
const verifications = [makeVerification('bgv-degree'), makeVerification('bgv-tenth')];

beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
  org = makeOrg();
  api.on('get', `${V1}/verifier/${ORG_ID}`, () => ({ status: 200, body: ok(org) }));
  storeSession(makeSession());
  // The privacy notice before a start (issue 29) stands consented here: its own tests are in
  // features/ekyc/consent-notice.test.tsx.
  api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice({ consented: true })) });
});
afterEach(() => api.restore());

function publicForms(form = makePublicForm()) {
  api.on('get', `${V1}/ekyc-forms/public`, { status: 200, body: ok({ list: [form], total: 1 }) });
}
function candidateTransactions(list = [] as ReturnType<typeof makeCandidateTransaction>[]) {
  api.on('get', `${V1}/transactions/candidate-transaction`, {
    status: 200,
    body: ok({ list, total: list.length }),
  });
}
const mainButton = (name: string) => screen.findByRole('button', { name });

describe('init screen (spec §2): organisation, platform line and one button', () => {
  it('"Start Verification" for a form the candidate has not started; Go Back to Home goes to /', async () => {
    publicForms();
    candidateTransactions();
    const { user, probe } = renderApp({ route: link });
    expect(await screen.findByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(screen.getByText('All-in-one certificate verification platform')).toBeInTheDocument();
    expect(await mainButton('Start Verification')).toBeEnabled();
    const listCall = api.callsTo('get', `${V1}/transactions/candidate-transaction`)[0];
    expect(listCall?.url).toContain('seed=0');
    expect(listCall?.url).toContain('count=100');
    await user.click(screen.getByRole('link', { name: 'Go Back to Home' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/'));
  });

  it("shows the organisation's branding: its display name, and its colour on the button", async () => {
    org = makeOrg({ displayName: 'Acme Admissions', primaryColor: '#0f6e63' });
    publicForms();
    candidateTransactions();
    renderApp({ route: link });
    expect(await screen.findByRole('heading', { name: 'Acme Admissions' })).toBeInTheDocument();
    expect(await mainButton('Start Verification')).toHaveStyle({ backgroundColor: 'rgb(15, 110, 99)' });
  });

  it('keeps the theme colour when the organisation chose none', async () => {
    publicForms();
    candidateTransactions();
    renderApp({ route: link });
    expect(await mainButton('Start Verification')).not.toHaveStyle({ backgroundColor: 'rgb(15, 110, 99)' });
    expect(document.querySelector('[data-brand]')).toBeNull();
  });

  it('"View Verification" for a started transaction found in the candidate’s list; it opens the form home', async () => {
    publicForms();
    candidateTransactions([makeCandidateTransaction({ state: 'DATA_SAVED' })]);
    api.on('get', `${V1}/transactions/info`, { status: 200, body: ok(makeInfo(verifications)) });
    const { user, probe, app } = renderApp({ route: link });
    await user.click(await mainButton('View Verification'));
    expect(
      await screen.findByRole('heading', { name: 'Acme Corp is requesting the following verifications' }),
    ).toBeInTheDocument();
    expect(probe.current?.pathname).toBe(`/ekyc/${FORM_ID}/${TXN_ID}`);
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}`);
    expect(app.store.getState().formData.showInitScreen).toBe(false);
    // The form entry keeps the new URL as the searched query (the back actions of later screens).
    expect(app.store.getState().misc.searchedQuery).toEqual({
      pathname: `/ekyc/${FORM_ID}/${TXN_ID}`,
      search: `?orgId=${ORG_ID}`,
    });
  });

  it('"Form Expired" (disabled) for an expired form not started, with a note', async () => {
    publicForms(makePublicForm({ isExpired: true, expiry: 1_700_000_000 }));
    candidateTransactions();
    renderApp({ route: link });
    expect(await mainButton('Form Expired')).toBeDisabled();
    expect(screen.getByText(/This form has expired/)).toBeInTheDocument();
  });

  it('an unknown (or foreign) transaction, 122: /error with the message, not the init screen (issue 24)', async () => {
    publicForms();
    api.on('get', `${V1}/transactions/info`, { status: 403, body: fail(122, 'Access not allowed') });
    const { probe } = renderApp({ route: linkWithTxn });
    await waitFor(() => expect(probe.current?.pathname).toBe('/error'));
    expect(probe.current?.state).toEqual({ message: 'Access not allowed' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access not allowed');
    expect(screen.queryByRole('button', { name: 'Access not allowed' })).not.toBeInTheDocument();
  });

  it('"Access not allowed" (disabled) for the candidate\'s own transaction of another form', async () => {
    publicForms();
    api.on('get', `${V1}/transactions/info`, {
      status: 200,
      body: ok({ ...makeInfo(verifications), formId: 'another-form' }),
    });
    renderApp({ route: linkWithTxn });
    expect(await mainButton('Access not allowed')).toBeDisabled();
    expect(screen.getByText(/This link cannot be opened with this account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('another transaction info failure goes to /error with the message (spec §8)', async () => {
    publicForms();
    api.on('get', `${V1}/transactions/info`, {
      status: 503,
      body: fail(503, ERROR_CODES.SERVICE_UNAVAILABLE.message),
    });
    const { probe } = renderApp({ route: linkWithTxn });
    await waitFor(() => expect(probe.current?.pathname).toBe('/error'));
    expect(probe.current?.state).toEqual({ message: ERROR_CODES.SERVICE_UNAVAILABLE.message });
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_CODES.SERVICE_UNAVAILABLE.message);
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('an unknown form id shows "This verification form does not exist"', async () => {
    publicForms(makePublicForm({ formId: 'another-form' }));
    candidateTransactions();
    renderApp({ route: link });
    expect(
      await screen.findByRole('heading', { name: 'This verification form does not exist' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('an unknown organisation (120) shows a clear screen', async () => {
    api.on('get', `${V1}/verifier/nobody`, {
      status: 404,
      body: fail(120, 'This organisation does not exist'),
    });
    api.on('get', `${V1}/ekyc-forms/public`, {
      status: 404,
      body: fail(120, 'This organisation does not exist'),
    });
    renderApp({ route: `/ekyc/${FORM_ID}?orgId=nobody` });
    expect(
      await screen.findByRole('heading', { name: 'This organisation does not exist' }),
    ).toBeInTheDocument();
  });

  it('a newly opened form link shows its init screen even after another form was viewed', async () => {
    publicForms();
    api.on('get', `${V1}/transactions/info`, { status: 200, body: ok(makeInfo(verifications)) });
    const app = createTestApp();
    app.store.dispatch(setSearchedQuery({ pathname: '/ekyc/other-form/t9', search: `?orgId=${ORG_ID}` }));
    app.store.dispatch(setShowInitScreen(false));
    renderApp({ app, route: linkWithTxn });
    expect(await mainButton('View Verification')).toBeEnabled();
    expect(app.store.getState().formData.showInitScreen).toBe(true);
    expect(app.store.getState().misc.searchedQuery).toEqual({
      pathname: `/ekyc/${FORM_ID}/${TXN_ID}`,
      search: `?orgId=${ORG_ID}`,
    });
  });

  it('a link without orgId is reported as incomplete', async () => {
    renderApp({ route: `/ekyc/${FORM_ID}` });
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
  });
});

describe('Start (spec §4): transaction, questionnaire, process, form home', () => {
  it('asks every pre-start question ("{question} should not be empty"), saves the answers, processes and shows the form home', async () => {
    publicForms(makePublicForm({ questionnaire: { isRequired: true } }));
    candidateTransactions();
    api.on('post', `${V1}/transactions`, {
      status: 200,
      body: ok({ transactionId: TXN_ID, state: 'NOT_INITIALIZED', created: true }),
    });
    api.on(
      'get',
      `${V1}/transactions/info`,
      {
        status: 200,
        body: ok(
          makeInfo(verifications, {
            state: 'NOT_INITIALIZED',
            questionnaire: { isRequired: true, answered: false },
          }),
        ),
      },
      { once: true },
    );
    api.on('get', `${V1}/transactions/info`, { status: 200, body: ok(makeInfo(verifications)) });
    api.on('get', `${V1}/purposes/user`, {
      status: 200,
      body: ok({
        list: [makeQuestion('q1', 'Are you a fresher'), makeQuestion('q2', 'Have you studied abroad')],
        total: 2,
      }),
    });
    api.on('patch', `${V1}/transactions/user-response`, { status: 200, body: ok({ list: [], total: 0 }) });
    api.on('post', `${V1}/transactions/process`, {
      status: 200,
      body: ok(makeInfo([], { state: 'DATA_SAVED' })),
    });

    const { user, probe } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    expect(api.callsTo('post', `${V1}/transactions`)[0]?.body).toEqual({
      orgId: ORG_ID,
      eKycFormId: FORM_ID,
    });
    await waitFor(() => expect(probe.current?.pathname).toBe(`/ekyc/${FORM_ID}/${TXN_ID}`));
    const purposes = api.callsTo('get', `${V1}/purposes/user`)[0]?.url ?? '';
    for (const part of [`formId=${FORM_ID}`, `orgId=${ORG_ID}`, `id=${TXN_ID}`, 'seed=0', 'count=1000'])
      expect(purposes).toContain(part);

    await within(dialog).findByRole('radiogroup', { name: /Are you a fresher/ });
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(within(dialog).getByText('Are you a fresher should not be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Have you studied abroad should not be empty')).toBeInTheDocument();
    expect(api.callsTo('patch', `${V1}/transactions/user-response`)).toHaveLength(0);

    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: /Are you a fresher/ })).getByLabelText('Yes'),
    );
    expect(within(dialog).queryByText('Are you a fresher should not be empty')).not.toBeInTheDocument();
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: /Have you studied abroad/ })).getByLabelText(
        'No',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));

    expect(
      await screen.findByRole('heading', { name: 'Acme Corp is requesting the following verifications' }),
    ).toBeInTheDocument();
    expect(api.callsTo('patch', `${V1}/transactions/user-response`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
      data: [
        { questionId: 'q1', answer: 'yes' },
        { questionId: 'q2', answer: 'no' },
      ],
    });
    expect(api.callsTo('post', `${V1}/transactions/process`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
    });
    // The form entry's load: Start and the questionnaire read the name from the store.
    expect(api.callsTo('get', '/api/web-wallet/profile')).toHaveLength(1);
  });

  function questionnaireStart() {
    publicForms(makePublicForm({ questionnaire: { isRequired: true } }));
    candidateTransactions();
    api.on('post', `${V1}/transactions`, {
      status: 200,
      body: ok({ transactionId: TXN_ID, state: 'NOT_INITIALIZED', created: true }),
    });
    api.on('get', `${V1}/transactions/info`, {
      status: 200,
      body: ok(
        makeInfo(verifications, {
          state: 'NOT_INITIALIZED',
          questionnaire: { isRequired: true, answered: false },
        }),
      ),
    });
  }

  it('questions that fail to load are reported once, inside the dialog (no snackbar as well)', async () => {
    questionnaireStart();
    api.on('get', `${V1}/purposes/user`, { status: 400, body: fail(100, 'Questions are unavailable') });
    const { user } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    expect(await within(dialog).findByText('Questions are unavailable')).toBeInTheDocument();
    expect(screen.getAllByText('Questions are unavailable')).toHaveLength(1);
  });

  it('a failing process after the questionnaire is reported once (the snackbar), not again in the dialog', async () => {
    questionnaireStart();
    api.on('get', `${V1}/purposes/user`, {
      status: 200,
      body: ok({ list: [makeQuestion('q1', 'Are you a fresher')], total: 1 }),
    });
    api.on('patch', `${V1}/transactions/user-response`, { status: 200, body: ok({ list: [], total: 0 }) });
    api.on('post', `${V1}/transactions/process`, {
      status: 400,
      body: fail(100, 'Could not start the form'),
    });
    const { user } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    const question = await within(dialog).findByRole('radiogroup', { name: /Are you a fresher/ });
    await user.click(within(question).getByLabelText('Yes'));
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Could not start the form')).toBeInTheDocument();
    expect(screen.getAllByText('Could not start the form')).toHaveLength(1);
    expect(within(dialog).queryByText('Could not start the form')).not.toBeInTheDocument();
  });

  it('a failing save of the answers is shown inside the dialog', async () => {
    questionnaireStart();
    api.on('get', `${V1}/purposes/user`, {
      status: 200,
      body: ok({ list: [makeQuestion('q1', 'Are you a fresher')], total: 1 }),
    });
    api.on('patch', `${V1}/transactions/user-response`, {
      status: 400,
      body: fail(100, 'The answers were not saved'),
    });
    const { user } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    const question = await within(dialog).findByRole('radiogroup', { name: /Are you a fresher/ });
    await user.click(within(question).getByLabelText('Yes'));
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('The answers were not saved')).toBeInTheDocument();
    expect(screen.getAllByText('The answers were not saved')).toHaveLength(1);
    expect(api.callsTo('post', `${V1}/transactions/process`)).toHaveLength(0);
  });

  it('without a questionnaire: "Click Start to start filling the form", then process', async () => {
    publicForms();
    candidateTransactions();
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
    api.on('post', `${V1}/transactions/process`, { status: 200, body: ok(makeInfo(verifications)) });
    const { user } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Start verification' });
    expect(within(dialog).getByText('Click Start to start filling the form')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByRole('heading', { name: 'Acme Corp is requesting the following verifications' }),
    ).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/process`)).toHaveLength(1);
  });

  it('a profile without a name is not processed: Start is marked as clicked instead', async () => {
    // The first matching route wins: start over with a profile without a name.
    api.restore();
    api = mockApi();
    api.on('get', `${V1}/verifier/${ORG_ID}`, { status: 200, body: ok(makeOrg()) });
    api.on('get', '/api/web-wallet/profile', {
      status: 200,
      body: ok(makeProfile({ profileDetails: { name: '' } })),
    });
    publicForms();
    candidateTransactions();
    api.on('post', `${V1}/transactions`, {
      status: 200,
      body: ok({ transactionId: TXN_ID, state: 'NOT_INITIALIZED', created: true }),
    });
    api.on('get', `${V1}/transactions/info`, {
      status: 200,
      body: ok(makeInfo(verifications, { state: 'NOT_INITIALIZED' })),
    });
    api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice({ consented: true })) });
    const { user, app } = renderApp({ route: link });
    await user.click(await mainButton('Start Verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Start verification' });
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByRole('heading', { name: 'Acme Corp is requesting the following verifications' }),
    ).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/process`)).toHaveLength(0);
    expect(app.store.getState().misc.startButtonClicked).toBe(true);
    expect(api.callsTo('get', '/api/web-wallet/profile')).toHaveLength(1);
  });
});
