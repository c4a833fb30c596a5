import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  opsSignIn,
  uniqueMobile,
  useSession,
} from './fixtures';

// Issue 29: before a form starts the candidate reads the privacy notice in their language and
// consents per purpose; a refusal means the form does not start. This spec walks the notice itself,
// so it does not consent automatically.
test.use({ autoConsent: false });

const ORG = 'demo-university';
const FORM = 'demo-form';
const BASE = '/api/verification/v1';
const link = `/ekyc/${FORM}?orgId=${ORG}`;

async function signedIn(page: Page, request: APIRequestContext) {
  const session = await apiLogin(request, uniqueMobile(), 'Kavya Nair');
  await useSession(page, session);
  return { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
}

async function ledgerEntries(request: APIRequestContext) {
  const headers = await opsSignIn(request, 'admin');
  const body = await (await request.post('/api/ops/privacy/ledger-check', { headers })).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(body.data.ok).toBe(true);
  return body.data.entries as number;
}

for (const size of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the notice in English and Hindi at ${size.width} px; refuse → cannot start; agree → form home`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const headers = await signedIn(page, request);
    const before = await ledgerEntries(request);

    await page.goto(link);
    await page.getByRole('button', { name: 'Start Verification' }).click();
    const notice = page.getByRole('region', { name: /^Privacy notice:/ });
    await expect(notice.getByRole('heading', { name: 'What we will collect' })).toBeVisible();
    await expect(notice.getByText('If you do not agree to these, the form does not start.')).toBeVisible();
    await expect(
      notice.getByRole('checkbox', { name: /credentials in your Veridocs wallet/ }),
    ).not.toBeChecked();
    await expectNoSidewaysScroll(page, `notice at ${size.width} px`);
    await expectNoSeriousA11yViolations(page);

    // Refusing: the form does not start, and the screen says how to come back.
    await notice.getByRole('button', { name: 'I do not agree' }).click();
    await expect(page.getByRole('heading', { name: 'Your form cannot start' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const txnId = /\/ekyc\/[^/]+\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    expect(txnId).toBeTruthy();
    const refused = await (
      await request.post(`${BASE}/transactions/process`, { headers, data: { orgId: ORG, txnId } })
    ).json();
    expect(refused.code).toBe(340);

    // In Hindi: the notice's own text comes from the server in Hindi.
    await page.getByRole('button', { name: 'Read the notice again' }).click();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
    const hindi = page.getByRole('region', { name: /^गोपनीयता सूचना:/ });
    await expect(hindi.getByRole('heading', { name: 'हम क्या लेंगे' })).toBeVisible();
    await expect(hindi.getByText('यदि आप इनसे सहमत नहीं हैं, तो फ़ॉर्म शुरू नहीं होगा।')).toBeVisible();
    await expectNoSidewaysScroll(page, `Hindi notice at ${size.width} px`);
    await expectNoSeriousA11yViolations(page);

    // Agreeing: the start goes on (the questionnaire of the demo form), then the form home.
    await hindi.getByRole('button', { name: 'मैं सहमत हूँ' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The refusal and the consent are in the chain (other tests append beside this one) and it holds.
    expect(await ledgerEntries(request)).toBeGreaterThanOrEqual(before + 2);
    // This candidate's request now stands consented; the optional purpose left unticked stands refused.
    const consents = await (await request.get('/api/web-wallet/privacy/consents', { headers })).json();
    expect(consents.code, JSON.stringify(consents)).toBe(0);
    const mine = (
      consents.data.requests as { txnId: string; purposes: { purpose: string; granted: boolean }[] }[]
    ).find((r) => r.txnId === txnId);
    const granted = (purpose: string) => mine?.purposes.find((p) => p.purpose === purpose)?.granted;
    expect([granted('verify'), granted('report_organisation'), granted('wallet')]).toEqual([
      true,
      true,
      false,
    ]);
  });
}
