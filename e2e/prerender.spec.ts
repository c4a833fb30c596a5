import type { Page } from '@playwright/test';
import {
  apiLogin,
  expect,
  hydrated,
  startedDemoTransaction,
  test,
  uniqueMobile,
  useSession,
} from './fixtures';

/** Sums the page's layout shifts as CLS does: shifts right after the user's own input do not count. */
async function trackLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const holder = window as unknown as { layoutShift: number };
    holder.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) holder.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

const PUBLIC_PAGES = [
  { path: '/login', heading: /sign in|welcome|mobile/i },
  { path: '/faq', heading: /FAQ/i },
  { path: '/instructions', heading: /instructions/i },
  { path: '/terms', heading: /terms/i },
  { path: '/privacy-policy', heading: /privacy/i },
  { path: '/error', heading: /./ },
] as const;

test.describe('pages drawn from HTML before any script runs (issue 10 §1)', () => {
  test('a form link opened signed out fetches no signed-in screen early', async ({ page }) => {
    await page.goto('/ekyc/demo-form/00000000-0000-4000-8000-000000000000?orgId=demo-university');
    await expect(page).toHaveURL(/\/login/);
    await hydrated(page.getByRole('button', { name: 'Get OTP' }));
    await expect(page.locator('head link[rel="modulepreload"][data-boot="form"]')).toHaveCount(0);
  });

  test('/login holds the sign-in form with scripts off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByLabel('Mobile Number')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'SMS' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeVisible();
    await expect(page).toHaveTitle(/Veridocs/);
    await context.close();
  });

  test('every public page and the signed-in shell have their content in the HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('#root[data-prerendered="public"]'), path).toBeAttached();
      expect((await page.locator('#root').innerText()).length, path).toBeGreaterThan(20);
    }
    await page.goto('/');
    await expect(page.locator('#root[data-prerendered="shell"]')).toBeAttached();
    await expect(page.getByRole('banner')).toBeVisible();
    await context.close();
  });

  /** Holds the sign-in chunk until `release`: the page stays as the HTML drew it. */
  async function holdScript(page: Page, pattern = '**/assets/sign-in-*.js') {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('/login is hydrated, not redrawn: the same input gets React, without a layout shift', async ({
    page,
  }) => {
    const release = await holdScript(page);
    await trackLayoutShifts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const input = page.getByLabel('Mobile Number');
    await expect(input).toBeVisible();
    await input.evaluate((element) => ((element as unknown as { marked: boolean }).marked = true));
    release();
    await hydrated(input);
    expect(await layoutShift(page)).toBe(0);
    // Typing a valid number enables "Get OTP": React's handlers run on the pre-rendered input.
    await input.fill('9876543210');
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
    expect(await input.evaluate((element) => (element as unknown as { marked?: boolean }).marked)).toBe(true);
  });

  test('digits typed (and Enter) before the script arrives count once /login is hydrated', async ({
    page,
  }) => {
    const release = await holdScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const input = page.getByLabel('Mobile Number');
    // A candidate on a slow network types before the script arrives, and presses Enter.
    await input.fill('9876543210');
    await input.press('Enter');
    // The pre-rendered form is not submitted natively (a GET reload would lose the digits): its submit
    // button is disabled in the HTML, which blocks the browser's implicit submission.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    await expect(input).toHaveValue('9876543210');
    release();
    await hydrated(input);
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
    await input.fill('98765');
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
  });

  test('every public page hydrates without a mismatch or a layout shift', async ({ page }) => {
    await trackLayoutShifts(page);
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      // A hydrated page's root element carries React's container marker; a mismatch logs an error,
      // which fails the test (fixtures.ts).
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page), path).toBe(0);
    }
  });

  test('in Hindi too, a reloaded form home asks for its first data once (the early answers match)', async ({
    page,
    request,
    baseURL,
  }) => {
    const { txnId, orgId } = await startedDemoTransaction(page, request);
    await page.goto(`/ekyc/demo-form/${txnId}?orgId=${orgId}`);
    await page.getByRole('button', { name: 'View Verification' }).click();
    await expect(page.getByTestId('steps-percent')).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('veridocs-language', 'hi'));
    await page.context().addCookies([{ name: 'veridocs-language', value: 'hi', url: baseURL! }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('steps-percent')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    for (const path of [
      `/api/verification/v1/transactions/info?orgId=${orgId}&txnId=${txnId}`,
      `/api/verification/v1/verifier/${orgId}`,
      '/api/web-wallet/profile',
    ])
      expect(loaded.filter((name) => name.endsWith(path))).toHaveLength(1);
  });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`a reloaded form home has its heading in the HTML, and the app keeps it in place at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const { txnId, orgId } = await startedDemoTransaction(page, request);
      const link = `/ekyc/demo-form/${txnId}?orgId=${orgId}`;
      const heading = page.getByRole('heading', {
        name: 'Demo University is requesting the following verifications',
      });
      // A new tab shows the init screen first: its HTML is the plain shell.
      const first = await page.goto(link);
      expect(await first?.text()).not.toContain('is requesting the following verifications');
      await page.getByRole('button', { name: 'View Verification' }).click();
      await expect(page.getByTestId('steps-percent')).toBeVisible();

      // Reloaded, the page the server sends draws the heading before any script runs.
      await trackLayoutShifts(page);
      const release = await holdScript(page, '**/assets/*.js');
      const reloaded = page.reload({ waitUntil: 'commit' });
      await expect(heading).toBeVisible();
      await expect(
        page.getByText('Demo verification form', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      const before = await heading.boundingBox();
      release();
      expect(await (await reloaded)?.text()).toContain(
        'Demo University is requesting the following verifications',
      );
      await expect(page.getByTestId('steps-percent')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The app drew the same heading where the HTML had it.
      expect(await heading.boundingBox()).toEqual(before);
      expect(await layoutShift(page)).toBe(0);
      // The boot script fetched the layout's, the screen's and its answer schemas' chunks beside the
      // app's (issue 31 §2): each was fetched once (the app's own import did not fetch it again).
      const preloads = page.locator('head link[rel="modulepreload"][data-boot="form"]');
      expect(await preloads.count()).toBeGreaterThan(0);
      const preloaded = await preloads.evaluateAll((links) =>
        links.map((link) => (link as HTMLLinkElement).href),
      );
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => entry.name),
      );
      for (const href of preloaded) expect(loaded.filter((name) => name === href)).toHaveLength(1);
      // It sent the screen's first GETs too, and the app took their answers instead of asking again:
      // each was sent once, and none is left untaken.
      for (const path of [
        `/api/verification/v1/transactions/info?orgId=${orgId}&txnId=${txnId}`,
        `/api/verification/v1/verifier/${orgId}`,
        '/api/web-wallet/profile',
      ])
        expect(loaded.filter((name) => name.endsWith(path))).toHaveLength(1);
      expect(
        await page.evaluate(
          () => (window as unknown as { __veridocsEarlyRequests?: unknown[] }).__veridocsEarlyRequests,
        ),
      ).toEqual([]);
    });

    test(`the signed-in app draws over its shell without a layout shift at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await useSession(page, await apiLogin(request, uniqueMobile()));
      await trackLayoutShifts(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /^Hello/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBe(0);
    });
  }
});
