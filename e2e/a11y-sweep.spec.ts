import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { PATHS } from '../apps/web/src/app/paths';
import { PATHS as CONSOLE_PATHS } from '../apps/console/src/app/paths';
import {
  test,
  expect,
  latestOtp,
  marksheetPdf,
  opsSignIn,
  consoleSignIn,
  OPS_ACCOUNTS,
  startedDemoTransaction,
  uniqueMobile,
} from './fixtures';
import { readyToPay } from './paid-form';

// Issue 24 "Done means": every candidate and console screen, at 360×740 and 1280×800, has no axe
// violation (WCAG 2.0 A/AA, 2.1 AA, any impact) and is no wider than its viewport at 360 px. Each
// screen is reached with its state made through the API, not by walking the journey, so the sweep
// stays fast. The screens come from the route tables: a new route without an entry here fails the
// first test, so no screen is forgotten.

const BASE = '/api/verification/v1';
const WALLET = '/api/web-wallet';
const ORG = 'demo-university';
const FORM = 'demo-form';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
/** A link token of the right shape that no institution request has. */
const UNKNOWN_LINK = 'unknown-link-token-0000000000000000';

/** The candidate app's routes (apps/web/src/app/paths.ts). */
const CANDIDATE_ROUTES: string[] = Object.values(PATHS);

/** The console's routes: its paths (apps/console/src/app/paths.ts) and the admin route table. */
function consoleRoutes(): string[] {
  const own = Object.values(CONSOLE_PATHS).filter((path) => typeof path === 'string');
  // admin-routes.tsx holds React components (not loadable here): its paths are read from the source.
  const source = readFileSync(
    new URL('../apps/console/src/features/admin/admin-routes.tsx', import.meta.url),
    'utf8',
  );
  const table = source.slice(source.indexOf('ADMIN_ROUTES'));
  const admin = [...table.matchAll(/\{\s*path:\s*'([^']*)'/g)].map(([, path]) =>
    path ? `${CONSOLE_PATHS.admin}/${path}` : CONSOLE_PATHS.admin,
  );
  expect(admin.length, 'admin routes read from admin-routes.tsx').toBeGreaterThan(3);
  return [...new Set([...own, ...admin])];
}

/** Which part of the sweep visits each route (the tests below), so that none is left out. */
const CANDIDATE_SWEEP: Record<string, 'signed-in' | 'payments' | 'signed-out'> = {
  [PATHS.home]: 'signed-in',
  [PATHS.login]: 'signed-out',
  [PATHS.formEntry]: 'signed-in',
  [PATHS.payment]: 'payments',
  [PATHS.paymentRedirect]: 'payments',
  [PATHS.faq]: 'signed-out',
  [PATHS.instructions]: 'signed-out',
  [PATHS.error]: 'signed-out',
  [PATHS.terms]: 'signed-out',
  [PATHS.privacyPolicy]: 'signed-out',
  [PATHS.profileMode]: 'signed-in',
  [PATHS.basicDetails]: 'signed-in',
  [PATHS.notifications]: 'signed-in',
  [PATHS.verification]: 'signed-in',
  [PATHS.verificationInfo]: 'signed-in',
  [PATHS.verificationInsufficiency]: 'signed-in',
  [PATHS.profile]: 'signed-in',
  [PATHS.transactionHistory]: 'payments',
  [PATHS.choosePaymentRegion]: 'payments',
  [PATHS.formPayments]: 'payments',
  [PATHS.selectMode]: 'payments',
  [PATHS.contactDetails]: 'signed-in',
  [PATHS.submitted]: 'signed-in',
  [PATHS.formTxns]: 'signed-in',
  [PATHS.selectEvaluationPartner]: 'signed-in',
  // Its steps (consent, documents, result) are swept in digilocker.spec.ts, on an open transaction.
  [PATHS.digilocker]: 'signed-in',
  [PATHS.wallet]: 'signed-in',
  [PATHS.walletCredential]: 'signed-in',
  // The rights pages (issue 29): consents by request, what we hold and who received it, erasure (the
  // explanation before any request); a candidate with a consented request, so their sections show.
  [PATHS.privacy]: 'signed-in',
  [PATHS.credentialVerify]: 'signed-out',
  // The institution's pages (issue 27), with a token no request has: what a forwarded or stale link shows.
  [PATHS.respond]: 'signed-out',
  [PATHS.respondConfirm]: 'signed-out',
};

const CONSOLE_SWEEP = [
  CONSOLE_PATHS.signIn,
  CONSOLE_PATHS.queues,
  CONSOLE_PATHS.caseRoute,
  CONSOLE_PATHS.support,
  CONSOLE_PATHS.supportConversationRoute,
  CONSOLE_PATHS.institutions,
  CONSOLE_PATHS.institutionRequests,
  '/admin',
  '/admin/forms',
  '/admin/forms/:formId',
  '/admin/staff',
  '/admin/integration',
  '/admin/refunds',
  '/admin/breaches',
  '/admin/breaches/:breachId',
  '/admin/privacy-requests',
  '/admin/privacy-requests/:requestId',
];

/** From a started request's first screen to its form home (the tiles, Continue). */
async function openFormHome(page: Page) {
  const heading = page.getByText(/is requesting the following verifications/);
  const init = page.getByRole('button', { name: 'View Verification' });
  // Once opened, the request goes straight to its form home.
  await expect(heading.or(init).first()).toBeVisible();
  if (await init.isVisible()) await init.click();
  await expect(heading.first()).toBeVisible();
  await settled(page);
}

/** The number the sign-in's OTP step was last asked for (a reload brings that step back). */
let loginMobile = '';

/** Asks a sign-in code for a new number: the sign-in's OTP step. */
async function loginOtpStep(page: Page) {
  loginMobile = uniqueMobile();
  await page.getByLabel('Mobile Number').fill(loginMobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByLabel('OTP digit 1 of 6')).toBeVisible();
}

/** Lazy screens and their first requests are done: no loader left, no transition half-way. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: /^Loading/ })).toHaveCount(0);
  await finishedAnimations(page);
}

/** A colour still fading in would be measured half-way: let the finite transitions end first. */
async function finishedAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe's WCAG 2.0 A/AA and 2.1 AA rules and heading order, any impact; soft: the sweep lists them all. */
async function expectAxeClean(page: Page, label: string) {
  // Heading order is one of axe's best practices (no WCAG tag), and issue 24 names it: enabled beside
  // the tags in the same run (a rule enabled by name runs whatever runOnly's tags say).
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'heading-order': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(TAGS)
    .analyze();
  expect
    .soft(
      results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
      `axe on ${label}`,
    )
    .toEqual([]);
}

/** The page is no wider than the viewport (soft, like the axe check). */
async function expectFits(page: Page, label: string) {
  const { by, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    return {
      by: document.documentElement.scrollWidth - width,
      wide: Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`),
    };
  });
  expect.soft(by, `${label} is ${by} px wider than the viewport: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
}

/**
 * One screen at both sizes: opened at 360 px (no wider than the viewport, axe), then widened to
 * 1280 px (axe again). `then` runs on the open page before the checks (e.g. a button that shows it).
 */
async function sweep(page: Page, url: string, then?: (page: Page) => Promise<void>) {
  const started = Date.now();
  await page.setViewportSize(PHONE);
  await page.goto(url);
  await settled(page);
  if (then) {
    await then(page);
    await settled(page);
  }
  await expectFits(page, `${url} at 360 px`);
  await expectAxeClean(page, `${url} at 360 px`);
  await page.setViewportSize(DESKTOP);
  await finishedAnimations(page);
  await expectAxeClean(page, `${url} at 1280 px`);
  console.log(`swept ${url} in ${Date.now() - started} ms`);
}

async function uploadFile(request: APIRequestContext, headers: Record<string, string>, category: string) {
  const res = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: category,
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.fileId as string;
}

/** Aadhaar verified by OTP (a credential in the wallet) and the degree saved, through the API. */
async function candidateWithCredential(page: Page, request: APIRequestContext) {
  const started = await startedDemoTransaction(page, request);
  const { headers, txnId } = started;
  const saved = await (
    await request.post(`${BASE}/bgv`, {
      headers,
      data: {
        orgId: ORG,
        txnId,
        verificationName: 'bgv-degree',
        data: {
          institute: { value: 'university-of-delhi' },
          degreeName: 'Bachelor of Science',
          passingYear: '2019',
          instituteId: 'DU-2016-0042',
          degreeStatus: 'DEGREE_AND_MARKSHEET',
          marksheet: { fileId: await uploadFile(request, headers, 'marksheet') },
        },
      },
    })
  ).json();
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  // The sandbox number that asks no captcha; its outbox address is shared with other specs: retried.
  for (let attempt = 1; ; attempt++) {
    const otp = await (
      await request.post(`${BASE}/verifications/otp/aadhaar`, {
        headers,
        data: { orgId: ORG, txnId, aadhaarNumber: '345678901238' },
      })
    ).json();
    expect(otp.code, JSON.stringify(otp)).toBe(0);
    const verified = await (
      await request.post(`${BASE}/transactions/verify/identification`, {
        headers,
        data: {
          orgId: ORG,
          txnId,
          requestId: otp.data.requestId,
          otp: (await latestOtp(request, 'aadhaar-1238')).otp,
        },
      })
    ).json();
    if (verified.code === 0) break;
    // Another sweep read the shared outbox's newest code meanwhile: ask again after a random pause,
    // so two sweeps that started together fall out of step.
    expect(attempt, JSON.stringify(verified)).toBeLessThan(6);
    await new Promise((resolve) => setTimeout(resolve, 3_000 + Math.random() * 3_000));
  }
  let credential: { id: string; shareId: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await request.get(`${WALLET}/credentials`, { headers })).json();
        credential = list.data?.list?.[0];
        return credential?.id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return { ...started, credential: credential! };
}

/** Time enough for a set-up and `screens` sweeps on a busy CI machine (each screen is two axe runs). */
function allowFor(screens: number) {
  test.setTimeout(120_000 + screens * 30_000);
}

// The parts run side by side (two workers): each makes its own state through the API.
test.describe.configure({ mode: 'parallel' });

test('the sweep names every route of the candidate app and the console', () => {
  expect(Object.keys(CANDIDATE_SWEEP).sort(), 'apps/web/src/app/paths.ts').toEqual(
    [...new Set(CANDIDATE_ROUTES)].sort(),
  );
  expect([...CONSOLE_SWEEP].sort(), 'the console route table').toEqual(consoleRoutes().sort());
});

/** The screens of one part of the sweep, each with the route it stands for. */
type Screens = [route: string, url: string, then?: (page: Page) => Promise<void>][];

/** Every route of the part is among the screens it visits. */
function expectPartCovered(part: (typeof CANDIDATE_SWEEP)[string], screens: Screens) {
  const visited = new Set(screens.map(([route]) => route));
  const routes = Object.entries(CANDIDATE_SWEEP).filter(([, p]) => p === part);
  expect(routes.map(([route]) => route).filter((route) => !visited.has(route))).toEqual([]);
}

/** What the signed-in screens need: a candidate with a credential, and a request not consented to. */
interface SignedIn {
  txnId: string;
  credentialId: string;
  unconsented: string;
}

/** About 30 signed-in screens, the rights pages and the notice among them (issue 29). */
function signedInScreens({ txnId, credentialId, unconsented }: SignedIn): Screens {
  const q = `orgId=${ORG}&txnId=${txnId}`;
  const credential = { id: credentialId };
  return [
    [PATHS.home, '/'],
    [PATHS.profile, '/profile'],
    [PATHS.formEntry, `/ekyc/${FORM}/${txnId}?orgId=${ORG}`],
    [PATHS.formEntry, `/ekyc/${FORM}/${txnId}?orgId=${ORG}`, openFormHome],
    // The form home's dialogs: Continue with verifications pending, and a tile's Skip (issue 24).
    [
      PATHS.formEntry,
      `/ekyc/${FORM}/${txnId}?orgId=${ORG}`,
      async (p) => {
        await openFormHome(p);
        await p.getByRole('button', { name: 'Continue' }).click();
        await expect(p.getByRole('dialog', { name: 'Pending verifications' })).toBeVisible();
      },
    ],
    [
      PATHS.formEntry,
      `/ekyc/${FORM}/${txnId}?orgId=${ORG}`,
      async (p) => {
        await openFormHome(p);
        await p
          .getByRole('button', { name: /^Skip / })
          .first()
          .click();
        await expect(p.getByRole('dialog', { name: /^Skip .*\?$/ })).toBeVisible();
      },
    ],
    [
      PATHS.formEntry,
      `/ekyc/demo-profile-form/${unconsented}?orgId=${ORG}`,
      async (p) => {
        await p.getByRole('button', { name: 'Start Verification' }).click();
        await expect(p.getByRole('button', { name: 'I agree' })).toBeVisible();
      },
    ],
    [PATHS.verificationInfo, `/verification-info?${q}&name=bgv-degree`],
    [PATHS.verificationInfo, `/verification-info?${q}&showProfileData=true`],
    [PATHS.verificationInsufficiency, `/verification/insufficiency?${q}&name=bgv-degree`],
    [PATHS.submitted, `/submitted?${q}`],
    [PATHS.formTxns, '/form-txns'],
    [PATHS.profileMode, `/profile-mode?${q}`],
    [PATHS.basicDetails, `/basic-details?${q}`],
    [PATHS.contactDetails, `/contact-details?${q}`],
    [PATHS.notifications, '/notifications'],
    [PATHS.selectEvaluationPartner, `/select-evaluation-partner?${q}`],
    [PATHS.wallet, '/wallet'],
    [PATHS.walletCredential, `/wallet/${credential.id}`],
    [PATHS.privacy, '/privacy'],
    [PATHS.privacy, '/privacy/access'],
    [PATHS.privacy, '/privacy/erasure'],
    [PATHS.privacy, '/privacy/export'],
    [PATHS.privacy, '/privacy/correction'],
    [PATHS.privacy, '/privacy/grievance'],
    [PATHS.privacy, '/privacy/nomination'],
    [PATHS.verification, `/verification?${q}&name=aadhaar`],
    [PATHS.digilocker, '/digilocker'],
  ];
}

/** A candidate with a credential, and a request of another form not consented to yet (its Start shows the notice). */
async function signedInCandidate(page: Page, request: APIRequestContext): Promise<SignedIn> {
  const { txnId, credential, headers } = await candidateWithCredential(page, request);
  const unconsented = (
    await (
      await request.post(`${BASE}/transactions`, {
        headers,
        data: { orgId: ORG, eKycFormId: 'demo-profile-form' },
      })
    ).json()
  ).data.transactionId as string;
  return { txnId, credentialId: credential.id, unconsented };
}

test('the signed-in halves together visit every signed-in route', () => {
  expectPartCovered('signed-in', signedInScreens({ txnId: 't', credentialId: 'c', unconsented: 'u' }));
});

// Two halves, each with its own candidate: side by side on the two workers, each well within its time.
for (const half of [0, 1] as const) {
  test(`candidate screens signed in (${half + 1} of 2): axe clean at 360 and 1280 px, none wider than 360 px`, async ({
    page,
    request,
  }) => {
    // The set-up (sign-up, upload, Aadhaar by OTP) runs within the half's time too.
    allowFor(Math.ceil(signedInScreens({ txnId: '', credentialId: '', unconsented: '' }).length / 2));
    const all = signedInScreens(await signedInCandidate(page, request));
    const middle = Math.ceil(all.length / 2);
    const screens = half === 0 ? all.slice(0, middle) : all.slice(middle);
    for (const [, url, then] of screens) await sweep(page, url, then);
  });
}

test('every verification form: axe clean at 360 and 1280 px, none wider than 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { txnId, headers } = await startedDemoTransaction(page, request);
  const info = await (
    await request.get(`${BASE}/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  // The demo form asks for every verification type: each form, as the candidate first opens it.
  const names = Object.keys(info.data.verificationList);
  expect(names.length).toBeGreaterThan(5);
  allowFor(names.length + 1);
  for (const name of names) await sweep(page, `/verification?orgId=${ORG}&txnId=${txnId}&name=${name}`);
  // Aadhaar's OTP stage (issue 24): the sandbox number that asks no captcha, its code requested.
  await sweep(page, `/verification?orgId=${ORG}&txnId=${txnId}&name=aadhaar`, async (p) => {
    await p.getByRole('group', { name: 'Aadhaar number' }).getByRole('textbox').first().click();
    await p.keyboard.type('345678901238');
    await p.getByRole('button', { name: 'Get OTP' }).click();
    await expect(p.getByRole('group', { name: 'Aadhaar OTP' })).toBeVisible();
  });
});

test('payment screens: axe clean at 360 and 1280 px, none wider than 360 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { txnId, pay, headers } = await readyToPay(page, request);
  const orderId = await pay('fail');
  const q = `orgId=${ORG}&txId=${txnId}`;
  const screens: Screens = [
    [PATHS.selectMode, `/select-mode?${q}`],
    [PATHS.choosePaymentRegion, `/choose-payment-region?${q}`],
    [PATHS.payment, `/payment?${q}&region=IN`],
    [PATHS.payment, `/payment?${q}&order_id=${orderId}`],
    [PATHS.payment, `/payment?${q}&cancelled=true`],
    [PATHS.formPayments, `/form-payments?${q}`],
    [PATHS.transactionHistory, '/transaction-history'],
    [PATHS.paymentRedirect, '/payment-redirect'],
  ];
  expectPartCovered('payments', screens);
  allowFor(screens.length + 1);
  for (const [, url] of screens) await sweep(page, url);
  // Last, as it opens an order: the sandbox gateway's checkout page (issue 24), Pay, Fail and Cancel.
  const attempt = await (
    await request.post(`${BASE}/transactions/payment/init`, {
      headers: { ...headers, 'idempotency-key': `a11y-sweep-${txnId}` },
      data: { orgId: ORG, txnId, region: 'IN', express: false },
    })
  ).json();
  expect(attempt.code, JSON.stringify(attempt)).toBe(0);
  const checkout = new URL(attempt.data.redirectInfo.web as string, 'http://x');
  await sweep(page, `${checkout.pathname}${checkout.search}`, async (p) => {
    await expect(p.getByRole('button', { name: /pay/i }).first()).toBeVisible();
  });
});

test('signed-out screens: axe clean at 360 and 1280 px, none wider than 360 px', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A credential to verify on the public page: a candidate's Aadhaar, in a context of its own.
  const holder = await browser.newContext();
  const { credential } = await candidateWithCredential(await holder.newPage(), request);
  await holder.close();
  const screens: Screens = [
    [PATHS.login, '/login'],
    // The sign-in's OTP step, and the name step a new number gets after its code (issue 24).
    [PATHS.login, '/login', loginOtpStep],
    [
      PATHS.login,
      '/login',
      async (p) => {
        // The OTP step is restored from where the last screen left it; asked again if it is not.
        const otpField = p.getByLabel('OTP digit 1 of 6');
        await expect(otpField.or(p.getByLabel('Mobile Number')).first()).toBeVisible();
        if (!(await otpField.isVisible())) await loginOtpStep(p);
        await otpField.click();
        await p.keyboard.type((await latestOtp(request, loginMobile)).otp);
        await p.getByRole('button', { name: 'Verify OTP' }).click();
        await expect(p.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
      },
    ],
    [PATHS.faq, '/faq'],
    [PATHS.instructions, '/instructions'],
    [PATHS.error, '/error'],
    [PATHS.terms, '/terms'],
    [PATHS.privacyPolicy, '/privacy-policy'],
    [PATHS.payment, '/payment'],
    [PATHS.credentialVerify, `/credentials/verify/${credential.shareId}`],
    [PATHS.respond, `/respond?t=${UNKNOWN_LINK}`],
    [
      PATHS.respond,
      `/respond?t=${UNKNOWN_LINK}`,
      async (p) => {
        await p.getByRole('button', { name: 'Send me a code' }).click();
        await expect(p.getByRole('alert')).toBeVisible();
      },
    ],
    [PATHS.respondConfirm, `/respond/confirm?t=${UNKNOWN_LINK}`],
  ];
  expectPartCovered('signed-out', screens);
  allowFor(screens.length);
  for (const [, url, then] of screens) await sweep(page, url, then);
});

test('console screens: axe clean at 360 and 1280 px, none wider than 360 px', async ({
  browser,
  page,
  request,
}) => {
  // It runs beside the candidates' longer sweep on CI's two cores.
  test.setTimeout(300_000);
  // A case in the queue: Aadhaar verified, the degree saved, the rest skipped, submitted; and a
  // conversation in the support inbox.
  // The candidate's session lives in a context of its own: the console's tab holds only the staff's.
  const candidate = await browser.newContext();
  const { txnId, headers } = await candidateWithCredential(await candidate.newPage(), request);
  await candidate.close();
  const info = await (
    await request.get(`${BASE}/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  const skipped = await (
    await request.post(`${BASE}/transactions/process/mark-as-skip`, {
      headers,
      data: { orgId: ORG, txnId, verificationNameList: info.data.filtered.remaining },
    })
  ).json();
  expect(skipped.code, JSON.stringify(skipped)).toBe(0);
  const submitted = await (
    await request.post(`${BASE}/transactions/submit`, { headers, data: { orgId: ORG, txnId } })
  ).json();
  expect(submitted.code, JSON.stringify(submitted)).toBe(0);
  const message = await (
    await request.post(`${WALLET}/support/chat/messages`, {
      headers,
      data: { body: 'Where do I upload my marksheet?' },
    })
  ).json();
  expect(message.code, JSON.stringify(message)).toBe(0);
  const ops = await opsSignIn(request, 'admin');
  const conversations = await (await request.get('/api/ops/support/conversations', { headers: ops })).json();
  const conversationId = conversations.data.list[0].id as string;
  // A breach in the register (issue 29), for its page.
  const breach = await (
    await request.post('/api/ops/privacy/breaches', {
      headers: ops,
      data: {
        title: 'Sweep: exported list on a shared drive',
        foundAt: new Date(Date.now() - 3_600_000).toISOString(),
        occurredFrom: null,
        occurredTo: null,
        dataClasses: ['identity', 'contact'],
        affected: { kind: 'all' },
        notice: {
          en: {
            whatHappened: 'A list with names and mobile numbers could be read.',
            consequences: 'Someone may call pretending to be us.',
            actionsTaken: 'We removed the file.',
            whatTheyCanDo: 'Share no OTP with a caller.',
          },
          hi: null,
        },
        boardNotifiedAt: null,
      },
    })
  ).json();
  expect(breach.code, JSON.stringify(breach)).toBe(0);

  // A grievance of the candidate (issue 29), for the console's request page.
  const grievance = await (
    await request.post(`${WALLET}/privacy/requests/grievances`, {
      headers,
      data: { subject: 'Sweep grievance', text: 'Nobody answered my question about the report.' },
    })
  ).json();
  expect(grievance.code, JSON.stringify(grievance)).toBe(0);

  // The sign-in screen first, signed out; then the admin signs in (the session lives in the tab).
  await sweep(page, '/ops/sign-in');
  await consoleSignIn(page, OPS_ACCOUNTS.admin.email, OPS_ACCOUNTS.admin.password);
  const urls = [
    '/ops/queues',
    `/ops/cases/${encodeURIComponent(txnId)}`,
    '/ops/support',
    `/ops/support/${encodeURIComponent(conversationId)}`,
    '/ops/institutions',
    '/ops/institution-requests',
    '/ops/admin',
    '/ops/admin/forms',
    `/ops/admin/forms/${FORM}`,
    '/ops/admin/staff',
    '/ops/admin/integration',
    '/ops/admin/refunds',
    '/ops/admin/breaches',
    `/ops/admin/breaches/${encodeURIComponent(breach.data.id as string)}`,
    '/ops/admin/privacy-requests',
    `/ops/admin/privacy-requests/${encodeURIComponent(grievance.data.id as string)}`,
  ];
  expect(urls.length + 1, 'one URL per console route').toBe(CONSOLE_SWEEP.length);
  allowFor(urls.length);
  for (const url of urls) await sweep(page, url);
});
