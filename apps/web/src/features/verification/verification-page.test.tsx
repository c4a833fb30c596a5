import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { CONTACT_CONSENT_TEXT, type DynamicInputField, type VerificationInfo } from '@veridocs/shared';
import { fail, makeSession, makeVerificationInfo, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
import { createTestApp, renderWithProviders } from '../../test/render';
import { setInfo } from '../../app/store/slices/verification-slice';
import { AUTOSAVE_DELAY_MS } from './use-autosave';
import { setLanguage } from '../../i18n';
import VerificationPage from './verification-page';

const INFO_PATH = '/api/verification/v1/transactions/bgv-tenth/info';
const ORG_PATH = '/api/verification/v1/verifier/org-1';
const ORG = { orgId: 'org-1', name: 'acme', displayName: 'Acme Corp', imageUrl: null, additionalDetail: {} };
const BGV_PATH = '/api/verification/v1/bgv';
const ROUTE = '/verification?orgId=org-1&txnId=txn-1&name=bgv-tenth';

const inputs: DynamicInputField[] = [
  {
    fieldName: 'candidateName',
    label: 'Name as on marksheet',
    inputType: 'text',
    readOnly: true,
    required: true,
  },
  { fieldName: 'rollNumber', label: 'Roll number', inputType: 'text', required: true, maxLength: 30 },
  { fieldName: 'schoolName', label: 'School name', inputType: 'text' },
];

function makeInfo(overrides: Partial<VerificationInfo> = {}): VerificationInfo {
  return {
    ...makeVerificationInfo({
      name: 'bgv-tenth',
      label: '10th Marksheet',
      configLabel: '10th',
      optionLabel: 'Enter details',
      pageTitle: '10th details',
      inputs,
    }),
    data: { schoolName: 'DPS' },
    ...overrides,
  };
}

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

function renderPage(route = ROUTE) {
  return renderWithProviders(<VerificationPage />, { route });
}

describe('/verification', () => {
  it('loads the verification, resumes the saved input and autosaves changes (debounced)', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('put', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    const analytics = recordAnalytics();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: '10th Marksheet' })).toBeInTheDocument();
    const info = api.callsTo('get', INFO_PATH)[0];
    expect(info?.url).toBe(`${INFO_PATH}?orgId=org-1&txnId=txn-1`);
    expect(screen.getByRole('heading', { name: '10th details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name as on marksheet')).toHaveValue('Asha Verma');
    expect(screen.getByLabelText('Name as on marksheet')).toBeDisabled();
    expect(screen.getByLabelText('School name (Optional)')).toHaveValue('DPS');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/ekyc/form-1/txn-1?orgId=org-1',
    );

    await user.type(screen.getByLabelText('Roll number'), ' 12AB34');
    expect(api.callsTo('put', BGV_PATH)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('put', BGV_PATH)).toHaveLength(1), { timeout: 3000 });
    expect(api.callsTo('put', BGV_PATH)[0]?.body).toEqual({
      orgId: 'org-1',
      txnId: 'txn-1',
      verificationName: 'bgv-tenth',
      // The name is the server's to fill from the profile: never sent.
      data: { schoolName: 'DPS', rollNumber: '12AB34' },
    });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    // One save, one event: which verification, never what was typed.
    expect(analytics.events).toEqual([
      { name: 'form.verification_saved', props: { verification: 'bgv-tenth', category: 'Education' } },
    ]);
    expect(analytics.values()).not.toContain('12AB34');
  });

  it('"Requested by {organisation}" in a new tab (empty store): the organisation is fetched', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('get', ORG_PATH, { status: 200, body: ok(ORG) });
    renderPage();
    expect(await screen.findByText('Requested by Acme Corp')).toBeInTheDocument();
  });

  it('"Requested by" comes from the store when it holds this transaction', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    // The organisation's own answer fails (the branding header asks it for the colour): the line
    // still shows, from the store.
    api.on('get', ORG_PATH, { status: 500, body: fail(100, 'Unavailable') });
    const app = createTestApp();
    app.store.dispatch(setInfo({ txnId: 'txn-1', org: { name: 'Acme Corp', imageUrl: null } }));
    renderWithProviders(<VerificationPage />, { route: ROUTE, app });
    expect(await screen.findByText('Requested by Acme Corp')).toBeInTheDocument();
  });

  it('"Requested by" of another transaction held in the store is not shown: it is fetched', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('get', ORG_PATH, { status: 200, body: ok(ORG) });
    const other = createTestApp();
    other.store.dispatch(setInfo({ txnId: 'txn-9', org: { name: 'Other Org', imageUrl: null } }));
    renderWithProviders(<VerificationPage />, { route: ROUTE, app: other });
    expect(await screen.findByText('Requested by Acme Corp')).toBeInTheDocument();
    expect(screen.queryByText(/Other Org/)).not.toBeInTheDocument();
  });

  it('saves at once when the page is hidden, and offers Retry when saving fails', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('put', BGV_PATH, { networkError: 'Network Error' }, { once: true });
    api.on('put', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    const analytics = recordAnalytics();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Roll number'), '77');
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    } finally {
      if (visibility) Object.defineProperty(document, 'visibilityState', visibility);
      else Reflect.deleteProperty(document, 'visibilityState');
    }
    // Well before the 800 ms debounce.
    await waitFor(() => expect(api.callsTo('put', BGV_PATH)).toHaveLength(1), { timeout: 300 });
    expect(await screen.findByText('Your latest changes could not be saved.')).toBeInTheDocument();
    // A failed save is not a saved one.
    expect(analytics.names()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(api.callsTo('put', BGV_PATH)[1]?.body).toMatchObject({ data: { rollNumber: '77' } });
    expect(analytics.names()).toEqual(['form.verification_saved']);
  });

  it('submits: client checks first, then the server field errors on the fields, then back to the form home', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('put', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    api.on(
      'post',
      BGV_PATH,
      {
        status: 400,
        body: fail(100, 'Invalid request', [
          { path: 'data.rollNumber', message: 'Roll number is not on record' },
        ]),
      },
      { once: true },
    );
    api.on('post', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    const analytics = recordAnalytics();
    const { user, probe } = renderPage();
    // The consent to contact the institutions is the line above Submit, and describes it (issue 27).
    expect(await screen.findByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      CONTACT_CONSENT_TEXT,
    );
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Roll number')).toHaveAccessibleDescription('Required');
    expect(api.callsTo('post', BGV_PATH)).toHaveLength(0);

    await user.type(screen.getByLabelText('Roll number'), '999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Roll number')).toHaveAccessibleDescription(
        'Roll number is not on record',
      ),
    );
    expect(api.callsTo('post', BGV_PATH)[0]?.body).toEqual({
      orgId: 'org-1',
      txnId: 'txn-1',
      verificationName: 'bgv-tenth',
      data: { schoolName: 'DPS', rollNumber: '999' },
      // Pressed beside the consent line: the server records the consent (issue 27).
      contactConsent: true,
    });

    await user.clear(screen.getByLabelText('Roll number'));
    await user.type(screen.getByLabelText('Roll number'), '1000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/ekyc/form-1/txn-1'));
    expect(probe.current?.search).toBe('?orgId=org-1');
    // No save was left to land after the submit: a leftover one would go AUTOSAVE_DELAY_MS later.
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 200)));
    const lastPut = api.calls.map((c) => c.method).lastIndexOf('put');
    const lastPost = api.calls.map((c) => c.method).lastIndexOf('post');
    expect(lastPut).toBeLessThan(lastPost);
    // Submitted once (the refused submit is not counted).
    expect(analytics.of('form.verification_submitted')).toEqual([
      { name: 'form.verification_submitted', props: { verification: 'bgv-tenth', category: 'Education' } },
    ]);
  });

  it('offers the auth options when there are several and sends the chosen one as subType', async () => {
    const info = makeInfo();
    info.config.authOptions.push({
      type: 'digilocker-id',
      label: 'Use a registration number',
      page: {
        config: [{ inputs: [{ fieldName: 'registrationNumber', inputType: 'text', required: true }] }],
      },
    });
    api.on('get', INFO_PATH, { status: 200, body: ok(info) });
    api.on('put', BGV_PATH, { status: 200, body: ok(info) });
    const { user } = renderPage();
    const group = await screen.findByRole('group', { name: 'How do you want to verify?' });
    expect(within(group).getByRole('button', { name: 'Enter details' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.type(screen.getByLabelText('Roll number'), '55');
    await user.click(within(group).getByRole('button', { name: 'Use a registration number' }));
    expect(screen.queryByLabelText('Roll number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Registration Number'), 'R-1');
    await waitFor(() => expect(api.callsTo('put', BGV_PATH).length).toBeGreaterThan(0), { timeout: 3000 });
    await waitFor(() =>
      expect(api.callsTo('put', BGV_PATH).at(-1)?.body).toMatchObject({
        subType: 'digilocker-id',
        // Only the chosen option's fields: the server refuses the others (the first option's roll number
        // stays in the form, should the candidate switch back).
        data: { registrationNumber: 'R-1' },
      }),
    );
    expect(api.callsTo('put', BGV_PATH).at(-1)?.body).not.toHaveProperty('data.rollNumber');
  });

  it('an expired form is read-only with a note', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo({ formExpired: true })) });
    renderPage();
    expect(await screen.findByText(/This form has expired/)).toBeInTheDocument();
    expect(screen.getByLabelText('Roll number')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('a verification past READY_TO_SUBMIT is read-only', async () => {
    const info = makeInfo();
    info.verification.state = 'IN_PROGRESS';
    api.on('get', INFO_PATH, { status: 200, body: ok(info) });
    renderPage();
    expect(await screen.findByText(/This verification has been submitted/)).toBeInTheDocument();
    expect(screen.getByLabelText('School name (Optional)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('after a DigiLocker pull: "Verified with the issuer" and the issuer\'s result, read-only', async () => {
    const info = makeInfo({ data: { schoolName: 'Navjyoti Public School', rollNumber: '1100040' } });
    info.verification.state = 'COMPLETED';
    info.verification.verifiedAtSource = {
      channel: 'digilocker',
      issuer: 'Central Board of Secondary Education',
      at: '2030-01-15T10:00:00.000Z',
      result: 'PASS, CGPA 9.4/10',
    };
    api.on('get', INFO_PATH, { status: 200, body: ok(info) });
    renderPage();
    const verified = await screen.findByRole('alert');
    expect(verified).toHaveTextContent('Verified with the issuer through DigiLocker');
    expect(within(verified).getByText('Result, as the issuer records it: PASS, CGPA 9.4/10')).toBeVisible();
    expect(screen.getByLabelText('Roll number')).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: /Result/ })).not.toBeInTheDocument();
  });

  it('says so when the link lacks its query parameters', async () => {
    renderPage('/verification?orgId=org-1');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a load failure with Go Back', async () => {
    api.on('get', INFO_PATH, { status: 403, body: fail(122, 'Access not allowed') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Access not allowed');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});

describe('/verification in Hindi', () => {
  afterEach(async () => {
    await act(() => setLanguage('en', { persist: false }));
  });

  it("says the issuer's result after a DigiLocker pull in Hindi, the result as the issuer wrote it", async () => {
    await act(() => setLanguage('hi', { persist: false }));
    const info = makeInfo();
    info.verification.state = 'COMPLETED';
    info.verification.verifiedAtSource = {
      channel: 'digilocker',
      issuer: 'Central Board of Secondary Education',
      at: '2030-01-15T10:00:00.000Z',
      result: 'PASS, CGPA 9.4/10',
    };
    api.on('get', INFO_PATH, { status: 200, body: ok(info) });
    api.on('get', ORG_PATH, { status: 200, body: ok(ORG) });
    renderPage();
    expect(
      await screen.findByText('परिणाम, जैसा जारीकर्ता के रिकॉर्ड में है: PASS, CGPA 9.4/10'),
    ).toBeInTheDocument();
    expect(screen.getByText(/डिजीलॉकर के ज़रिए जारीकर्ता से सत्यापित/)).toBeInTheDocument();
  });

  it('says its own texts, the config’s and the server’s shared messages in Hindi', async () => {
    await act(() => setLanguage('hi', { persist: false }));
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('get', ORG_PATH, { status: 200, body: ok(ORG) });
    api.on('put', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', BGV_PATH, {
      status: 400,
      body: fail(100, 'Invalid request', [
        { path: 'data.rollNumber', message: 'Roll number must be at most 30 characters' },
        { path: 'data.other', message: 'Enter digits only' },
      ]),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Acme Corp द्वारा माँगा गया')).toBeInTheDocument();
    await user.type(screen.getByLabelText('रोल नंबर'), '999');
    await user.click(screen.getByRole('button', { name: 'जमा करें' }));
    await waitFor(() =>
      expect(screen.getByLabelText('रोल नंबर')).toHaveAccessibleDescription(
        'रोल नंबर में ज़्यादा से ज़्यादा 30 अक्षर हो सकते हैं',
      ),
    );
    expect(screen.getByText('केवल अंक दर्ज करें')).toBeInTheDocument();
    // The consent line is in the candidate's language; the server keeps the English it stands for.
    expect(
      screen.getByText(
        'मैं सहमत हूँ कि सत्यापन टीम मेरे दस्तावेज़ों में नामित संस्थानों और नियोक्ताओं से उनकी पुष्टि के लिए संपर्क करे।',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('post', BGV_PATH)[0]?.body).toMatchObject({ contactConsent: true });
  });
});
