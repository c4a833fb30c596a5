import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const PARTNER_HEADERS = { 'partner-org-id': 'veridocs' };
const WALLET = '/api/web-wallet';

/** A fresh, valid Indian mobile number per test so tests never share OTP counters. */
export function uniqueMobile(): string {
  return `9${String(Date.now() % 1e6).padStart(6, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** The newest OTP the dev outbox holds for a number (the outbox is the embedded SMS/WhatsApp provider). */
export async function latestOtp(
  request: APIRequestContext,
  mobile: string,
): Promise<{ otp: string; channel: string }> {
  let last: unknown;
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/outbox?to=${mobile}`);
    const body = await res.json();
    last = body;
    const message = body?.data?.list?.[0];
    if (message?.otp) return { otp: message.otp, channel: message.channel };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP in the outbox for ${mobile}: ${JSON.stringify(last)}`);
}

type Session = { accessToken: string; refreshToken: string; refreshTokenExpiresIn: number };

/** Signs a number in through the API (creating the wallet when new): for tests that start logged in. */
export async function apiLogin(
  request: APIRequestContext,
  mobile: string,
  name = 'Asha Verma',
): Promise<Session> {
  const login = await request.post(`${WALLET}/profile/login`, {
    data: { mobile, channel: 'sms' },
    headers: PARTNER_HEADERS,
  });
  expect(login.ok()).toBeTruthy();
  const { txnId } = (await login.json()).data;
  const { otp } = await latestOtp(request, mobile);
  const verify = await request.put(`${WALLET}/profile/otp/${txnId}/verify`, {
    data: { otp },
    headers: PARTNER_HEADERS,
  });
  const verified = (await verify.json()).data;
  if (!verified.newUser) return verified;
  const created = await request.post(`${WALLET}/profile`, {
    data: { mobile, name, txnId },
    headers: PARTNER_HEADERS,
  });
  expect(created.ok()).toBeTruthy();
  return (await created.json()).data;
}

/** Puts a session where the app keeps it (spec §3: local storage) before any page script runs. */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript((s) => {
    if (!window.sessionStorage.getItem('e2e-session-set')) {
      window.localStorage.setItem('accessToken', s.accessToken);
      window.localStorage.setItem('refreshToken', s.refreshToken);
      window.localStorage.setItem('refreshTokenExpiresIn', String(s.refreshTokenExpiresIn));
      window.sessionStorage.setItem('e2e-session-set', '1');
    }
  }, session);
}

/** axe-core: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * The candidate's consent to a transaction's privacy notice, through the API (issue 29): reads the
 * notice and grants every purpose it asks, so the form may start.
 */
export async function consentThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  orgId: string,
  txnId: string,
) {
  const base = '/api/verification/v1';
  const notice = await request.get(`${base}/privacy/notice?${new URLSearchParams({ orgId, txnId })}`, {
    headers,
  });
  const body = await notice.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  const answered = await request.post(`${base}/privacy/consent`, {
    headers,
    data: {
      orgId,
      txnId,
      noticeHash: body.data.hash,
      purposes: (body.data.purposes as { purpose: string }[]).map((p) => ({
        purpose: p.purpose,
        granted: true,
      })),
    },
  });
  const answer = await answered.json();
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data as { consented: boolean; recorded: boolean };
}

/**
 * Fails the test on any console error or uncaught page error. `autoConsent` (on unless a spec turns it
 * off): a transaction the page creates (`created: true`) is consented to through the API as soon as it exists, so the
 * privacy notice (issue 29, tested in privacy-notice.spec.ts) lets the journey go straight on.
 */
export const test = base.extend<{ failOnConsoleError: void; autoConsent: boolean; consentHook: void }>({
  autoConsent: [true, { option: true }],
  consentHook: [
    async ({ page, autoConsent }, use) => {
      if (autoConsent)
        await page.route(/\/api\/verification\/v1\/transactions$/, async (route) => {
          const request = route.request();
          if (request.method() !== 'POST') return route.fallback();
          const response = await route.fetch();
          const body = await response.json().catch(() => null);
          // Only a transaction this page created: one made through the API consents there (or not).
          const txnId = body?.data?.created ? (body.data.transactionId as string) : undefined;
          const orgId = (request.postDataJSON() as { orgId?: string } | null)?.orgId;
          if (txnId && orgId) {
            const headers = await request.allHeaders();
            await consentThroughApi(
              page.request,
              {
                authorization: headers.authorization ?? '',
                'partner-org-id': headers['partner-org-id'] ?? '',
              },
              orgId,
              txnId,
            );
          }
          await route.fulfill({ response });
        });
      await use();
    },
    { auto: true },
  ],
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // The browser's own "Failed to load resource" line for an expected 4xx is not an app error.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** A signed-in candidate (session put in the page) with a started transaction on the demo form. */
export async function startedDemoTransaction(page: Page, request: APIRequestContext, name = 'Asha Verma') {
  const session = await apiLogin(request, uniqueMobile(), name);
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const base = '/api/verification/v1';
  const orgId = 'demo-university';
  const created = await request.post(`${base}/transactions`, {
    headers,
    data: { orgId, eKycFormId: 'demo-form' },
  });
  const txnId = (await created.json()).data.transactionId as string;
  const answers = [
    { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
    { questionId: 'demo-q-source', answer: 'EMPLOYER' },
  ];
  await request.patch(`${base}/transactions/user-response`, {
    headers,
    data: { orgId, txnId, data: answers },
  });
  await consentThroughApi(request, headers, orgId, txnId);
  const processed = await request.post(`${base}/transactions/process`, { headers, data: { orgId, txnId } });
  expect((await processed.json()).code).toBe(0);
  return { session, headers, txnId, orgId };
}

/** A text PDF marksheet of `pages` semesters, at least 40 KB (padded with a PDF comment after %%EOF). */
export async function marksheetPdf(name: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842]);
    const title = pages === 1 ? 'STATEMENT OF MARKS' : `STATEMENT OF MARKS - SEMESTER ${p}`;
    page.drawText(title, { x: 50, y: 790, size: 16, font });
    page.drawText(`Name: ${name}`, { x: 50, y: 760, size: 12, font });
    for (let i = 0; i < 40; i++)
      page.drawText(`Subject ${i + 1}   Marks ${60 + ((i * 7) % 40)} / 100   Passed`, {
        x: 50,
        y: 730 - i * 16,
        size: 10,
        font,
      });
  }
  const bytes = Buffer.from(await doc.save());
  return bytes.length >= 45_000
    ? bytes
    : Buffer.concat([bytes, Buffer.from(`\n%${' '.repeat(45_000 - bytes.length)}\n`)]);
}

/**
 * Waits until React owns `element` (it keeps its props on the DOM nodes it renders). A pre-rendered
 * page shows its controls before its script runs: a click or an Enter before hydration does nothing, or
 * submits the HTML form.
 */
export async function hydrated(element: Locator) {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith('__reactProps')) ? resolve() : setTimeout(check, 20);
        check();
      }),
  );
}

/** The page does not scroll sideways; the message names the first elements that stick out. */
export async function expectNoSidewaysScroll(page: Page, label = page.url()) {
  const { by, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      by: document.documentElement.scrollWidth - width,
      wide: Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map(
          (e) => `${e.tagName}.${String(e.className).slice(0, 60)} "${e.textContent?.slice(0, 30) ?? ''}"`,
        ),
    };
  });
  expect(by, `${label} scrolls sideways by ${by} px: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
}

/** Seeded by `npm start` with dev tools on (ADR 0019). */
export const OPS_ACCOUNTS = {
  admin: { email: 'admin@veridocs.test', password: 'dev-admin-password' },
  verifier: { email: 'verifier@veridocs.test', password: 'dev-verifier-password' },
} as const;

/**
 * The verification team signs in through the ops API: password, then the e-mailed code from the dev
 * outbox. Tests run in parallel and may sign the same account in at once; the newest code in the
 * outbox can then be the other test's, so a refused code starts a new sign-in.
 */
export async function opsSignIn(
  request: APIRequestContext,
  role: keyof typeof OPS_ACCOUNTS = 'verifier',
): Promise<Record<string, string>> {
  const account = OPS_ACCOUNTS[role];
  let last: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const signIn = await (await request.post('/api/ops/auth/sign-in', { data: account })).json();
    expect(signIn.code, JSON.stringify(signIn)).toBe(0);
    const { otp } = await latestOtp(request, account.email);
    const verified = await (
      await request.post('/api/ops/auth/verify-code', {
        data: { challengeId: signIn.data.challengeId, code: otp },
      })
    ).json();
    if (verified.code === 0) return { authorization: `Bearer ${verified.data.accessToken}` };
    last = verified;
  }
  throw new Error(`ops sign-in failed: ${JSON.stringify(last)}`);
}

/**
 * Signs in through the console's own screens: password, then the e-mailed code from the dev outbox.
 * Other tests may sign the same account in at once and the newest code can be theirs: a refused code
 * starts the sign-in again.
 */
export async function consoleSignIn(page: Page, email: string, password: string) {
  await expect(async () => {
    await page.goto('/ops/sign-in', { timeout: 30_000 });
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the sign-in code' })).toBeVisible();
    const { otp } = await latestOtp(page.request, email);
    await page.getByLabel('6-digit code').fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/sign-in/, { timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
}
