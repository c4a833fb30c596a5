import type { Page } from '@playwright/test';
import { test, expect, startedDemoTransaction, expectNoSidewaysScroll } from './fixtures';

// Issue 10 §4: the screens in Hindi, at a small phone and a desktop size, written to e2e/screenshots/
// for people to review. The language is the one kept in local storage, as the language menu keeps it;
// the pages pre-rendered in Hindi (the language cookie) are hydrated, the others drawn in Hindi.
const SIZES = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1440, height: 900 },
];
const ORG = 'demo-university';

// Chromium's synthetic camera (playwright.config.ts) and a position in Bengaluru.
test.use({
  permissions: ['camera', 'geolocation'],
  geolocation: { latitude: 12.9716, longitude: 77.5946, accuracy: 25 },
});

/** apps/web/src/i18n/i18n.ts LANGUAGE_STORAGE_KEY (also the cookie's name). */
const LANGUAGE_STORAGE_KEY = 'veridocs-language';

/** The pre-rendered page has React: a click before that does nothing. */
async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}

for (const size of SIZES) {
  test(`Hindi screens at ${size.name} size (${size.width}x${size.height})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_STORAGE_KEY);
    // The cookie picks the Hindi pre-render, which is hydrated: a mismatch fails on its console error.
    await page.context().addCookies([{ name: LANGUAGE_STORAGE_KEY, value: 'hi', url: baseURL! }]);
    const shot = (name: string, fullPage = true) =>
      page.screenshot({ path: `e2e/screenshots/hi-${name}-${size.name}.png`, fullPage });

    await page.goto('/instructions');
    await expect(page.locator('#root')).toHaveAttribute('data-language', 'hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { name: 'सत्यापित प्रोफ़ाइल तक पहुँचने के चरण' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot('instructions');

    await page.goto('/faq');
    await hydrated(page);
    // A click the busy CI machine lost (the answer stayed folded) is made again.
    const question = page.getByRole('button', { name: 'मैं कितनी बार OTP माँग सकता/सकती हूँ?' });
    const answer = page.getByText(/ज़्यादा से ज़्यादा 3 बार OTP माँग सकते हैं/);
    await expect(async () => {
      if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
      await expect(answer).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await shot('faq');

    await page.goto('/terms');
    await expect(page.getByText('अंतिम बदलाव: 19 फ़रवरी 2024')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot('terms');

    await page.goto('/privacy-policy');
    await expect(page.getByText('अंतिम अपडेट: 14 नवंबर 2022')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot('privacy-policy');

    const { txnId } = await startedDemoTransaction(page, request);
    await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=bgv-degree`);
    await expect(page.getByText('फ़ाइल अपलोड करने के लिए क्लिक करें (40KB - 25MB)').first()).toBeVisible();
    await page.getByRole('button', { name: 'जमा करें' }).click();
    await expect(page.getByText(/कृपया लाल रंग से दिखाए गए \d+ फ़ील्ड ठीक करें।/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot('verification-degree');

    // The camera: its buttons in the sticky bar, the place found for the photo.
    await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=dl`);
    await page.getByRole('button', { name: 'फ़ोटो लें' }).click();
    const camera = page.getByRole('dialog');
    await camera.getByRole('button', { name: 'फ़ोटो लें' }).click();
    await expect(camera.getByRole('button', { name: 'दोबारा लें' })).toBeVisible();
    await expect(camera.getByText(/सटीकता: ±25 मीटर/)).toBeVisible({ timeout: 20_000 });
    await shot('camera', false);
  });
}
