import { act, screen, waitFor, within } from '@testing-library/react';
import type { TransactionInfo } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setSearchedQuery, setStartButtonClicked } from '../../app/store/slices/misc-slice';
import { setLanguage } from '../../i18n';
import { fail, makeProfile, makeSession, ok, storeSession, makeNotice } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
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
  makeVerification,
} from './journey-fixtures';

let api: MockApi;
const route = `/ekyc/${FORM_ID}/${TXN_ID}?orgId=${ORG_ID}`;
const INFO = `${V1}/transactions/info`;
const header = 'Acme Corp is requesting the following verifications';

function startMock(profileName = 'Asha Verma') {
  api = mockApi();
  // The privacy notice of a request not started yet stands consented here (issue 29).
  api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice({ consented: true })) });
  api.on('get', '/api/web-wallet/profile', {
    status: 200,
    body: ok(makeProfile({ profileDetails: { name: profileName } })),
  });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
}

beforeEach(() => {
  startMock();
  storeSession(makeSession());
});
afterEach(() => api.restore());

/** The form home of an opened form (showInitScreen false, the same form link saved). */
async function openFormHome(
  info: TransactionInfo | TransactionInfo[],
  options: { startClicked?: boolean } = {},
) {
  const infos = Array.isArray(info) ? info : [info];
  infos.slice(0, -1).forEach((i) => api.on('get', INFO, { status: 200, body: ok(i) }, { once: true }));
  api.on('get', INFO, { status: 200, body: ok(infos[infos.length - 1]) });
  const app = createTestApp();
  app.store.dispatch(
    setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
  );
  app.store.dispatch(setShowInitScreen(false));
  if (options.startClicked) app.store.dispatch(setStartButtonClicked(true));
  const rendered = renderApp({ app, route });
  await screen.findByRole('heading', { name: header });
  await waitFor(() => expect(app.store.getState().profile.profileDetails).toBeDefined());
  return rendered;
}

const groupTitles = () =>
  screen.getAllByTestId('tile-group').map((g) => within(g).getByRole('heading').textContent);

const journey = [
  makeVerification('bgv-degree', { state: 'COMPLETED' }),
  makeVerification('bgv-tenth'),
  makeVerification('bgv-twelfth'),
  makeVerification('aadhaar', { state: 'DATA_SAVED', skipAllowed: false }),
  makeVerification('bgv-employment', {
    state: 'INSUFFICIENT_DATA',
    insufficiency: {
      reason: 'The relieving letter is unreadable',
      raisedAt: '2026-11-21T10:00:00.000Z',
      documents: [],
    },
  }),
];

describe('form home (spec §2)', () => {
  it("draws the heading the server's page names while the transaction loads", async () => {
    const meta = document.createElement('meta');
    meta.name = 'veridocs-form';
    meta.content = FORM_ID;
    meta.dataset.org = 'Acme Corp';
    meta.dataset.form = 'Admissions';
    document.head.append(meta);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('get', INFO, async () => {
      await answered;
      return { status: 200, body: ok(makeInfo(journey)) };
    });
    try {
      const app = createTestApp();
      app.store.dispatch(
        setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
      );
      app.store.dispatch(setShowInitScreen(false));
      renderApp({ app, route });
      expect(await screen.findByRole('heading', { name: header })).toBeVisible();
      expect(screen.getByText('Admissions')).toBeVisible();
      expect(screen.getByRole('status', { name: /loading/i })).toBeVisible();
      answer();
      expect(await screen.findByTestId('steps-percent')).toBeVisible();
      expect(screen.getAllByRole('heading', { name: header })).toHaveLength(1);
    } finally {
      meta.remove();
    }
  });

  it("does not take another form's names from the page", async () => {
    const meta = document.createElement('meta');
    meta.name = 'veridocs-form';
    meta.content = 'another-form';
    meta.dataset.org = 'Other Org';
    meta.dataset.form = 'Other form';
    document.head.append(meta);
    api.on('get', INFO, () => new Promise(() => undefined));
    try {
      const app = createTestApp();
      app.store.dispatch(
        setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
      );
      app.store.dispatch(setShowInitScreen(false));
      renderApp({ app, route });
      expect(await screen.findByRole('status', { name: /loading/i })).toBeVisible();
      expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
      expect(screen.queryByText(/Other Org/)).toBeNull();
    } finally {
      meta.remove();
    }
  });

  it('header, Steps Completed ring, groups with insufficient first, subtitles, education note, chips', async () => {
    await openFormHome(makeInfo(journey, { basicDetailsRequired: true, manualProfileRequired: false }));
    expect(screen.getByText('Graduate hiring 2026')).toBeInTheDocument();
    // Done is COMPLETED (spec §4): only the degree; the saved Aadhaar and the insufficient one are not.
    expect(screen.getByRole('progressbar', { name: 'Steps Completed: 1 of 5 (20%)' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(screen.getByTestId('steps-count')).toHaveTextContent('1/5');
    expect(screen.getByTestId('steps-percent')).toHaveTextContent('20%');

    expect(groupTitles()).toEqual(['Employment Check', 'Your Details', 'Education Check', 'Identity Check']);
    const education = screen.getByRole('region', { name: 'Education Check' });
    expect(
      within(education).getByText('You need to complete at least one step to continue'),
    ).toBeInTheDocument();
    expect(within(education).getByText('All institutes across India')).toBeInTheDocument();
    expect(within(education).getAllByText('All state and central boards')).toHaveLength(2);
    // Tiles are buttons named with their status; a blank status has no chip.
    expect(within(education).getByRole('button', { name: 'Degree, Verified' })).toBeInTheDocument();
    expect(within(education).getByRole('button', { name: 'Tenth, Not started' })).toBeInTheDocument();
    const employment = screen.getByRole('region', { name: 'Employment Check' });
    expect(
      within(employment).getByRole('button', { name: 'Employment, Action Required' }),
    ).toBeInTheDocument();
    expect(within(employment).getByText('Action Required')).toBeInTheDocument();
    expect(within(employment).getByText('The relieving letter is unreadable')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Identity Check' })).getByText('Data Saved'),
    ).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Your Details' });
    expect(within(details).getByRole('button', { name: /^Identity/ })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: /^Basic Details/ })).toBeInTheDocument();
    // Skip only on skippable remaining tiles.
    expect(screen.getByRole('button', { name: 'Skip Tenth' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Degree' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Aadhaar' })).not.toBeInTheDocument();
  });

  it('no Identity tile when a manual profile is required; no Basic Details tile unless required', async () => {
    await openFormHome(makeInfo(journey));
    expect(screen.queryByRole('region', { name: 'Your Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Identity/ })).not.toBeInTheDocument();
  });

  it('a tile opens its screen with ?orgId&txnId&name (spec §4 "Tile click")', async () => {
    const { user, probe, app } = await openFormHome(makeInfo(journey));
    const analytics = recordAnalytics();
    await user.click(screen.getByRole('button', { name: 'Tenth, Not started' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/verification'));
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}&txnId=${TXN_ID}&name=bgv-tenth`);
    expect(app.store.getState().misc.currentVerification).toBe('bgv-tenth');
    expect(analytics.events).toEqual([
      {
        name: 'verification.tile_opened',
        props: { verification: 'bgv-tenth', category: expect.any(String), state: 'NOT_INITIALIZED' },
      },
    ]);
  });

  it('an insufficient degree-type tile opens the info screen', async () => {
    const { user, probe } = await openFormHome(makeInfo(journey));
    await user.click(screen.getByRole('button', { name: 'Employment, Action Required' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/verification-info'));
  });

  it('address and EWS tiles in their groups; a completed address opens the info screen', async () => {
    const list = [
      makeVerification('bgv-degree'),
      makeVerification('bgv-address', { state: 'COMPLETED' }),
      makeVerification('bgv-ews', { state: 'DATA_SAVED' }),
      makeVerification('bgv-degree~2', { label: 'Degree 2', state: 'INSUFFICIENT_DATA' }),
    ];
    const { user, probe } = await openFormHome(makeInfo(list));
    expect(groupTitles()).toEqual(expect.arrayContaining(['Address Check', 'Finance Check']));
    await user.click(screen.getByRole('button', { name: 'Address, Verified' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/verification-info'));
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}&txnId=${TXN_ID}&name=bgv-address`);
  });

  it('a failed EWS tile opens the info screen', async () => {
    const failed = await openFormHome(makeInfo([makeVerification('bgv-ews', { state: 'FAILED' })]));
    await failed.user.click(screen.getByRole('button', { name: 'EWS certificate, Failed' }));
    await waitFor(() => expect(failed.probe.current?.pathname).toBe('/verification-info'));
    expect(failed.probe.current?.search).toContain('name=bgv-ews');
  });

  it('Skip asks first, marks the verification skipped and it leaves the ring', async () => {
    const skipped = journey.map((v) =>
      v.name === 'bgv-twelfth' ? { ...v, markedAsSkip: true, proceeded: true } : v,
    );
    api.on('post', `${V1}/transactions/process/mark-as-skip`, { status: 200, body: ok(makeInfo(skipped)) });
    const { user } = await openFormHome([makeInfo(journey), makeInfo(skipped)]);
    const analytics = recordAnalytics();
    expect(screen.getByRole('progressbar', { name: 'Steps Completed: 1 of 5 (20%)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip Twelfth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip Twelfth?' });
    // Asking is not skipping.
    expect(analytics.events).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Steps Completed: 1 of 4 (25%)' }),
    ).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/process/mark-as-skip`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
      verificationNameList: ['bgv-twelfth'],
    });
    expect(screen.getByRole('button', { name: 'Twelfth, Skipped' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Twelfth' })).not.toBeInTheDocument();
    expect(analytics.events).toEqual([{ name: 'form.verification_skipped', props: { count: 1 } }]);
  });

  it('"Add Another Degree" adds the next degree and opens its own screen', async () => {
    const degrees = [
      makeVerification('bgv-degree', { state: 'READY_TO_SUBMIT', acceptMultipleSubmissions: true }),
      makeVerification('bgv-tenth'),
    ];
    api.on('post', `${V1}/bgv/instances`, {
      status: 200,
      body: ok({ name: 'bgv-degree~2', label: 'Degree 2', created: true }),
    });
    const { user, probe, app } = await openFormHome(makeInfo(degrees));
    const education = screen.getByRole('region', { name: 'Education Check' });
    // One button per multi-submission type; none for the others.
    expect(within(education).getAllByRole('button', { name: /^Add / })).toHaveLength(1);
    await user.click(within(education).getByRole('button', { name: 'Add Another Degree' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/verification'));
    expect(new URLSearchParams(probe.current?.search).get('name')).toBe('bgv-degree~2');
    expect(api.callsTo('post', `${V1}/bgv/instances`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
      type: 'bgv-degree',
    });
    expect(app.store.getState().misc.currentVerification).toBe('bgv-degree~2');
  });

  it('each instance is a tile; deleting an added one asks first, then calls DELETE /bgv', async () => {
    const multi = { acceptMultipleSubmissions: true };
    const before = [
      makeVerification('bgv-degree', { state: 'DATA_SAVED', ...multi }),
      makeVerification('bgv-degree~2', { label: 'Degree 2', category: { name: 'Education' }, ...multi }),
      makeVerification('bgv-tenth'),
    ];
    const after = before.filter((v) => v.name !== 'bgv-degree~2');
    let deleted = false;
    api.on('delete', /\/bgv\?/, () => {
      deleted = true;
      return { status: 200, body: ok(makeInfo(after)) };
    });
    api.on('get', INFO, () => ({ status: 200, body: ok(makeInfo(deleted ? after : before)) }));
    const { user } = await openFormHome(makeInfo(before));
    expect(screen.getByRole('button', { name: 'Degree 2, Not started' })).toBeInTheDocument();
    // The started first degree can be cleared; the 10th (one submission) has no delete action.
    expect(screen.getByRole('button', { name: 'Delete Degree' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Tenth' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Degree 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Degree 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('delete', /\/bgv\?/)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Degree 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Degree 2?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Degree 2, Not started' })).not.toBeInTheDocument(),
    );
    const [call] = api.callsTo('delete', /\/bgv\?/);
    expect(call?.url).toContain(`${V1}/bgv?orgId=${ORG_ID}&txnId=${TXN_ID}&type=bgv-degree%7E2`);
  });

  it('122 on the info (a foreign or an unknown transaction) goes to /error with the message', async () => {
    api.on('get', INFO, { status: 403, body: fail(122, 'Access not allowed') });
    const app = createTestApp();
    app.store.dispatch(
      setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
    );
    app.store.dispatch(setShowInitScreen(false));
    const { probe } = renderApp({ app, route });
    await waitFor(() => expect(probe.current?.pathname).toBe('/error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access not allowed');
  });

  it('the candidate\'s own transaction of another form shows "Access not allowed"', async () => {
    api.on('get', INFO, { status: 200, body: ok(makeInfo(journey, { formId: 'another-form' })) });
    const app = createTestApp();
    app.store.dispatch(
      setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
    );
    app.store.dispatch(setShowInitScreen(false));
    renderApp({ app, route });
    expect(await screen.findByRole('heading', { name: 'Access not allowed' })).toBeInTheDocument();
  });

  it('another info failure goes to /error with the message (spec §8)', async () => {
    api.on('get', INFO, { status: 503, body: fail(503, 'Service is unavailable, please try again later') });
    const app = createTestApp();
    app.store.dispatch(
      setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
    );
    app.store.dispatch(setShowInitScreen(false));
    const { probe } = renderApp({ app, route });
    expect(await screen.findByText('Service is unavailable, please try again later')).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/error');
  });

  it('"View Transactions" goes to /form-payments when a payment exists', async () => {
    await openFormHome(
      makeInfo(journey, { paymentDetails: [{ allVerificationsCompleted: false, expressOpt: false }] }),
    );
    expect(screen.getByRole('link', { name: 'View Transactions' })).toHaveAttribute(
      'href',
      `/form-payments?orgId=${ORG_ID}&txId=${TXN_ID}`,
    );
  });

  it('come back from a step (the evaluation partner after an sso link), Start opens the init screen', async () => {
    api.on('get', INFO, {
      status: 200,
      body: ok(makeInfo([makeVerification('bgv-degree')], { state: 'NOT_INITIALIZED' })),
    });
    api.on('get', `${V1}/verifier/${ORG_ID}`, { status: 200, body: ok(makeOrg()) });
    api.on('get', `${V1}/ekyc-forms/public`, {
      status: 200,
      body: ok({ list: [makePublicForm()], total: 1 }),
    });
    api.on('get', `${V1}/transactions/candidate-transaction`, {
      status: 200,
      body: ok({ list: [makeCandidateTransaction({ state: 'NOT_INITIALIZED' })], total: 1 }),
    });
    const app = createTestApp();
    app.store.dispatch(
      setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
    );
    app.store.dispatch(setShowInitScreen(false));
    const { user, probe } = renderApp({
      app,
      route: {
        pathname: `/ekyc/${FORM_ID}/${TXN_ID}`,
        search: `?orgId=${ORG_ID}`,
        state: { formHome: true },
      },
    });
    await screen.findByRole('heading', { name: header });
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText('All-in-one certificate verification platform')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: header })).not.toBeInTheDocument();
    expect(probe.current?.pathname).toBe(`/ekyc/${FORM_ID}/${TXN_ID}`);
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}`);
  });

  it('an expired form not started: Start is disabled with a note', async () => {
    await openFormHome(
      makeInfo([makeVerification('bgv-degree')], {
        state: 'NOT_INITIALIZED',
        isExpired: true,
        form: { name: 'Graduate hiring 2026', isExpired: true, expiry: 1_700_000_000 },
      }),
    );
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeDisabled();
    expect(screen.getByText(/This form has expired/)).toBeInTheDocument();
  });
});

describe('status banners (spec §4)', () => {
  it('the report: whom it was sent to and when (ADR 0028)', async () => {
    await openFormHome(
      makeInfo([makeVerification('bgv-degree', { state: 'COMPLETED' })], {
        state: 'COMPLETED',
        report: {
          status: 'sent',
          sentTo: 'World Education Services (WES)',
          sentAt: '2026-11-27T10:00:00.000Z',
        },
      }),
    );
    expect(screen.getByText('Congratulations!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your verification report was sent to World Education Services (WES) on 27th November 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('the report being prepared names no date', async () => {
    await openFormHome(
      makeInfo([makeVerification('bgv-degree', { state: 'COMPLETED' })], {
        state: 'COMPLETED',
        report: { status: 'preparing', sentTo: null, sentAt: null },
      }),
    );
    expect(screen.getByText('Your verification report is being prepared.')).toBeInTheDocument();
  });

  it('Verified: "Congratulations!"', async () => {
    await openFormHome(
      makeInfo([makeVerification('bgv-degree', { state: 'COMPLETED' })], { state: 'COMPLETED' }),
    );
    expect(screen.getByText('Congratulations!')).toBeInTheDocument();
  });

  it('InProgress with the expected date; a delay apology when late', async () => {
    await openFormHome(
      makeInfo(journey, {
        state: 'IN_PROGRESS',
        expectedCompletionDate: { maxDate: '2099-12-05T10:00:00.000Z' },
      }),
    );
    expect(screen.getByText(/Expected completion by 5th December 2099/)).toBeInTheDocument();
    expect(screen.queryByText(/sorry for the delay/)).not.toBeInTheDocument();
  });

  it('InProgress late: the apology', async () => {
    await openFormHome(
      makeInfo(journey, {
        state: 'IN_PROGRESS',
        expectedCompletionDate: { maxDate: '2020-01-05T10:00:00.000Z' },
      }),
    );
    expect(screen.getByText(/5th January 2020/)).toBeInTheDocument();
    expect(screen.getByText(/sorry for the delay/)).toBeInTheDocument();
  });

  it('after submitting: the in-progress banner with the time and the date; no "complete a step" note', async () => {
    await openFormHome(
      makeInfo(
        [
          makeVerification('bgv-degree', { state: 'SUBMITTED' }),
          makeVerification('bgv-tenth', { markedAsSkip: true }),
        ],
        { state: 'SUBMITTED', expectedCompletionDate: { maxDate: '2099-12-05T10:00:00.000Z' } },
      ),
    );
    const banner = screen.getByText('Verification in progress').closest('[role="status"]');
    expect(banner).toHaveTextContent(
      'Verification takes 5 to 12 working days. Expected completion by 5th December 2099.',
    );
    expect(screen.queryByText('You need to complete at least one step to continue')).not.toBeInTheDocument();
  });

  it('Closed with the date', async () => {
    await openFormHome(makeInfo(journey, { state: 'CLOSED', updatedAt: '2026-03-23T10:00:00.000Z' }));
    expect(screen.getByText(/closed on 23rd March 2026/)).toBeInTheDocument();
  });

  it('a request stopped because the candidate is under 18 says so, with the way home (en, hi)', async () => {
    const stopped = makeInfo(journey, { state: 'CLOSED', closedReason: 'under-18' });
    api.on('get', INFO, { status: 200, body: ok(stopped) });
    const app = createTestApp();
    app.store.dispatch(
      setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
    );
    app.store.dispatch(setShowInitScreen(false));
    renderApp({ app, route });
    expect(await screen.findByText('Your request has stopped')).toBeInTheDocument();
    expect(screen.getByText(/You must be 18 or older/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back to Home' })).toHaveAttribute('href', '/');
    // No tiles, no Continue: nothing left to do on this request.
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('tile-group')).toHaveLength(0);
    await act(async () => {
      await setLanguage('hi');
    });
    expect(await screen.findByText('आपका अनुरोध रोक दिया गया है')).toBeInTheDocument();
    await act(async () => {
      await setLanguage('en');
    });
  });
});

describe('Continue (spec §4)', () => {
  const education = (overrides: Record<string, Partial<ReturnType<typeof makeVerification>>> = {}) =>
    ['bgv-degree', 'bgv-tenth', 'bgv-twelfth'].map((name) => makeVerification(name, overrides[name]));

  it('a profile without a name goes to /profile-mode', async () => {
    api.restore();
    startMock('');
    const { user, probe } = await openFormHome(
      makeInfo(education({ 'bgv-degree': { state: 'DATA_SAVED' } })),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/profile-mode'));
  });

  it('a form asking for the evaluation partner shows its tile, and Continue goes there first', async () => {
    const { user, probe } = await openFormHome(
      makeInfo(education({ 'bgv-degree': { state: 'READY_TO_SUBMIT' } }), {
        evaluationInfo: { provider: null, required: true },
      }),
    );
    const tile = screen.getByRole('button', { name: /^Evaluation partner/ });
    expect(tile).toHaveTextContent('Validate your application reference number by e-mail OTP');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/select-evaluation-partner'));
    expect(Object.fromEntries(new URLSearchParams(probe.current?.search))).toEqual({
      orgId: ORG_ID,
      formId: FORM_ID,
      txnId: TXN_ID,
    });
  });

  it('a validated evaluation partner shows as done and does not stop Continue', async () => {
    await openFormHome(
      makeInfo(education({ 'bgv-degree': { state: 'READY_TO_SUBMIT' } }), {
        evaluationInfo: { provider: 'WES', required: true },
      }),
    );
    expect(screen.getByRole('button', { name: /^Evaluation partner/ })).toHaveTextContent(
      'Reference validated with WES',
    );
  });

  it('basic details required on a transaction not started goes to /basic-details', async () => {
    const { user, probe } = await openFormHome(
      makeInfo(education(), { state: 'NOT_INITIALIZED', basicDetailsRequired: true }),
      { startClicked: true },
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/basic-details'));
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}&txnId=${TXN_ID}`);
  });

  it('no education step started: the pending dialog names the minimum set', async () => {
    const { user } = await openFormHome(makeInfo(education()));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending verifications' });
    expect(within(dialog).getByText(/at least one of these education verifications/)).toBeInTheDocument();
    for (const label of ['Degree', 'Tenth', 'Twelfth'])
      expect(within(dialog).getByText(label)).toBeInTheDocument();
  });

  it('a verification that cannot be skipped blocks: the pending dialog names it', async () => {
    const { user } = await openFormHome(
      makeInfo([
        ...education({ 'bgv-degree': { state: 'DATA_SAVED' } }).slice(0, 1),
        makeVerification('aadhaar', { skipAllowed: false }),
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending verifications' });
    expect(within(dialog).getByText('Aadhaar')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Skip pending' })).not.toBeInTheDocument();
  });

  it('skippable remaining ones: "Skip pending" skips them, then submits and goes to /submitted', async () => {
    const before = education({ 'bgv-degree': { state: 'READY_TO_SUBMIT' } });
    const after = education({
      'bgv-degree': { state: 'READY_TO_SUBMIT' },
      'bgv-tenth': { markedAsSkip: true },
      'bgv-twelfth': { markedAsSkip: true },
    });
    api.on('post', `${V1}/transactions/process/mark-as-skip`, { status: 200, body: ok(makeInfo(after)) });
    api.on('post', `${V1}/transactions/submit`, {
      status: 200,
      body: ok(makeInfo(after, { state: 'SUBMITTED' })),
    });
    const { user, probe } = await openFormHome([makeInfo(before), makeInfo(after)]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending verifications' });
    expect(within(dialog).getByText('Tenth')).toBeInTheDocument();
    expect(within(dialog).getByText('Twelfth')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Skip pending' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/submitted'));
    expect(api.callsTo('post', `${V1}/transactions/process/mark-as-skip`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
      verificationNameList: ['bgv-tenth', 'bgv-twelfth'],
    });
    expect(api.callsTo('post', `${V1}/transactions/submit`)[0]?.body).toEqual({
      orgId: ORG_ID,
      txnId: TXN_ID,
    });
    expect(
      await screen.findByRole('heading', { name: 'Your verification has been submitted' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Verification takes 5 to 12 working days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify Documents', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back to Home' })).toHaveAttribute('href', '/');
  });

  it('issue 24: an auto-saved optional verification keeps its Skip and is offered in "Skip pending"', async () => {
    const before = education({
      'bgv-degree': { state: 'READY_TO_SUBMIT' },
      'bgv-tenth': { markedAsSkip: true },
      'bgv-twelfth': { state: 'DATA_SAVED' },
    });
    const after = education({
      'bgv-degree': { state: 'READY_TO_SUBMIT' },
      'bgv-tenth': { markedAsSkip: true },
      'bgv-twelfth': { state: 'DATA_SAVED', markedAsSkip: true },
    });
    api.on('post', `${V1}/transactions/process/mark-as-skip`, { status: 200, body: ok(makeInfo(after)) });
    api.on('post', `${V1}/transactions/submit`, {
      status: 200,
      body: ok(makeInfo(after, { state: 'SUBMITTED' })),
    });
    const { user, probe } = await openFormHome([makeInfo(before), makeInfo(after)]);
    expect(screen.getByRole('button', { name: 'Skip Twelfth' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending verifications' });
    expect(within(dialog).getByText('Twelfth')).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/submit`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skip pending' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/submitted'));
    expect(api.callsTo('post', `${V1}/transactions/process/mark-as-skip`)[0]?.body).toMatchObject({
      verificationNameList: ['bgv-twelfth'],
    });
  });

  it("issue 24: the server's refusal of submit opens the dialog it names, read on the fresh transaction", async () => {
    const stale = education({
      'bgv-degree': { state: 'READY_TO_SUBMIT' },
      'bgv-tenth': { markedAsSkip: true },
      'bgv-twelfth': { markedAsSkip: true },
    });
    // Meanwhile (another tab) the twelfth was typed in again: saved, its skip mark cleared.
    const fresh = education({
      'bgv-degree': { state: 'READY_TO_SUBMIT' },
      'bgv-tenth': { markedAsSkip: true },
      'bgv-twelfth': { state: 'DATA_SAVED' },
    });
    api.on('post', `${V1}/transactions/submit`, {
      status: 409,
      body: fail(123, 'Complete or skip these verifications first: bgv-twelfth', {
        pending: ['bgv-twelfth'],
      }),
    });
    const { user } = await openFormHome([makeInfo(stale), makeInfo(fresh)]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending verifications' });
    expect(within(dialog).getByText('Twelfth')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip pending' })).toBeInTheDocument();
    // The internal name is never shown.
    expect(screen.queryByText(/bgv-twelfth/)).not.toBeInTheDocument();
  });

  it("issue 24: any other refusal of submit is said beside Continue with the server's message", async () => {
    api.on('post', `${V1}/transactions/submit`, {
      status: 409,
      body: fail(129, 'This file is part of another verification request; upload it again here'),
    });
    const { user, probe } = await openFormHome(
      makeInfo(
        education({
          'bgv-degree': { state: 'READY_TO_SUBMIT' },
          'bgv-tenth': { markedAsSkip: true },
          'bgv-twelfth': { markedAsSkip: true },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = await screen.findByText(
      'This file is part of another verification request; upload it again here',
    );
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(probe.current?.pathname).toBe(`/ekyc/${FORM_ID}/${TXN_ID}`);
  });

  it.each(['SUBMITTED', 'IN_PROGRESS'] as const)(
    'a transaction already %s goes to /submitted without a second submit',
    async (state) => {
      api.on('post', `${V1}/transactions/submit`, {
        status: 409,
        body: fail(123, 'The verification request cannot move from in progress to submitted'),
      });
      const { user, probe } = await openFormHome(
        makeInfo(
          [
            makeVerification('bgv-degree', { state: state === 'SUBMITTED' ? 'SUBMITTED' : 'IN_PROGRESS' }),
            makeVerification('bgv-tenth', { markedAsSkip: true }),
          ],
          { state, expectedCompletionDate: { maxDate: '2099-12-05T10:00:00.000Z' } },
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(probe.current?.pathname).toBe('/submitted'));
      expect(api.callsTo('post', `${V1}/transactions/submit`)).toHaveLength(0);
      expect(screen.queryByText(/cannot move from/)).not.toBeInTheDocument();
    },
  );

  const readyToPay = () =>
    makeInfo(
      education({
        'bgv-degree': { state: 'READY_TO_SUBMIT' },
        'bgv-tenth': { state: 'READY_TO_SUBMIT' },
        'bgv-twelfth': { state: 'READY_TO_SUBMIT' },
      }),
      { paymentRequired: true, userPaymentRequired: true },
    );
  const MODE = `${V1}/transactions/payment-option`;
  const mode = (showWarning: boolean, expressAllowed: boolean) => ({
    status: 200,
    body: ok({
      showWarning,
      expressAllowed,
      expressPrice: { INR: 660_000, USD: 8_000 },
      expressBusinessDays: 5,
    }),
  });

  it('payment required, no fast-track: asks the payment mode, then /choose-payment-region', async () => {
    api.on('get', MODE, mode(false, false));
    const { user, probe } = await openFormHome(readyToPay());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/choose-payment-region'));
    expect(probe.current?.search).toBe(`?orgId=${ORG_ID}&txId=${TXN_ID}`);
    expect(api.callsTo('get', MODE)[0]?.url).toBe(`${MODE}?orgId=${ORG_ID}&txnId=${TXN_ID}`);
  });

  it('fast-track allowed: /select-mode; showWarning: the express warning first', async () => {
    api.on('get', MODE, mode(true, true));
    const { user, probe } = await openFormHome(readyToPay());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fast-track verification' });
    expect(dialog).toHaveTextContent(/fast-tracked ones are still completed within the guaranteed time/);
    expect(probe.current?.pathname).toBe(`/ekyc/${FORM_ID}/${TXN_ID}`);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/select-mode'));
  });
});

describe('form home in Hindi (issue 10 §4)', () => {
  afterEach(async () => {
    await act(() => setLanguage('en', { persist: false }));
  });

  it('re-renders the header, ring, groups, chips, banner date and Continue in Hindi', async () => {
    await openFormHome(
      makeInfo(journey, {
        state: 'IN_PROGRESS',
        expectedCompletionDate: { maxDate: '2099-12-05T10:00:00.000Z' },
        basicDetailsRequired: true,
        manualProfileRequired: false,
      }),
    );
    await act(() => setLanguage('hi', { persist: false }));
    expect(
      await screen.findByRole('heading', { name: 'Acme Corp ने आपसे ये सत्यापन माँगे हैं' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'पूरे हुए चरण: 5 में से 1 (20%)' })).toBeInTheDocument();
    expect(groupTitles()).toEqual(['नौकरी की जाँच', 'आपका विवरण', 'शिक्षा की जाँच', 'पहचान की जाँच']);
    expect(screen.getByText('कार्रवाई ज़रूरी')).toBeInTheDocument();
    expect(screen.getAllByText('सत्यापित').length).toBeGreaterThan(0);
    expect(screen.getByText(/5 दिसंबर 2099 तक पूरा होने की उम्मीद है/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आगे बढ़ें' })).toBeInTheDocument();
  });
});
