import type { Page } from '@playwright/test';
import {
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  hydrated,
  latestOtp,
  uniqueMobile,
  useSession,
  expectNoSidewaysScroll,
} from './fixtures';

// Issue 10 §4: the journey in Hindi. Screenshots go to e2e/screenshots/ (hindi-*.png) for review.
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `e2e/screenshots/hindi-${name}.png`, fullPage });

async function chooseHindi(page: Page) {
  const button = page.getByRole('button', { name: 'Language: English' });
  // /login is pre-rendered: a click before React has hydrated the button would open nothing.
  await hydrated(button);
  await button.click();
  await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
}

test('the journey in Hindi at 360 px: login, form home, one tile; the choice survives a reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign up / Login' })).toBeVisible();
  const fontsInEnglish = await page.evaluate(() => {
    const families: string[] = [];
    document.fonts.forEach((face) => families.push(face.family));
    return families;
  });
  expect(fontsInEnglish.join()).not.toContain('Devanagari');
  await chooseHindi(page);
  await expect(page.getByRole('heading', { name: 'साइन अप / लॉग इन' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page).toHaveTitle('साइन अप / लॉग इन | Veridocs');
  // The Devanagari font is there once Hindi is chosen (and not before: see the English check above).
  const devanagari = await page.evaluate(async () =>
    (await document.fonts.load('16px "Noto Sans Devanagari"', 'साइन')).map((face) => face.family),
  );
  expect(devanagari).toContain('Noto Sans Devanagari');
  await shot(page, 'login-phone');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Kept across a reload, before the first paint of the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'साइन अप / लॉग इन' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'भाषा: हिन्दी' })).toBeVisible();

  const mobile = uniqueMobile();
  await page.getByLabel('मोबाइल नंबर').fill(mobile);
  await page.getByRole('button', { name: 'OTP पाएँ' }).click();
  await expect(page.getByLabel('OTP का अंक 1, कुल 6 में से')).toBeVisible();
  await shot(page, 'login-otp-phone');
  // The server wrote the SMS in Hindi (Accept-Language: hi).
  const outbox = await (await request.get(`/api/dev/outbox?to=${mobile}`)).json();
  expect(outbox.data.list[0].body).toMatch(/आपका Veridocs सत्यापन कोड है/);
  const { otp } = await latestOtp(request, mobile);
  // A wrong code first: the server's message in Hindi.
  const wrong = String((Number(otp) + 1) % 1e6).padStart(6, '0');
  await page.getByLabel('OTP का अंक 1, कुल 6 में से').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'OTP सत्यापित करें' }).click();
  await expect(page.getByRole('alert')).toContainText('OTP सही नहीं है');
  // Backspace from the last block clears the code (each block goes back to the one before).
  await page.getByLabel('OTP का अंक 6, कुल 6 में से').click();
  for (let i = 0; i < 12; i++) await page.keyboard.press('Backspace');
  await page.getByLabel('OTP का अंक 1, कुल 6 में से').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'OTP सत्यापित करें' }).click();

  await expect(page.getByRole('heading', { name: 'अपना वॉलेट बनाएँ' })).toBeVisible();
  await page.getByLabel('पूरा नाम').fill('Asha Verma');
  await shot(page, 'login-name-phone');
  await page.getByRole('button', { name: 'वॉलेट बनाएँ' }).click();

  await expect(page.getByRole('heading', { name: 'नमस्ते, Asha Verma' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपके सत्यापन' })).toBeVisible();
  await shot(page, 'home-phone');
  await expectNoSidewaysScroll(page);

  // The form: init screen, questionnaire, form home.
  await page.goto('/ekyc/demo-form?orgId=demo-university');
  await expect(page.getByRole('button', { name: 'सत्यापन शुरू करें' })).toBeVisible();
  await expect(page.getByText('सभी प्रमाणपत्रों के सत्यापन का एक ही प्लेटफ़ॉर्म')).toBeVisible();
  await shot(page, 'init-phone');
  await page.getByRole('button', { name: 'सत्यापन शुरू करें' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'शुरू करने से पहले' })).toBeVisible();
  // The demo questionnaire is in the candidate's language too (issue 24).
  await dialog.getByLabel('नौकरी', { exact: true }).check();
  await dialog.getByLabel('मेरा नियोक्ता').check();
  await shot(page, 'questionnaire-phone', false);
  await dialog.getByRole('button', { name: 'शुरू करें' }).click();

  await expect(page.getByText(/ने आपसे ये सत्यापन माँगे हैं/)).toBeVisible();
  await expect(page.getByText('पूरे हुए चरण', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'शिक्षा की जाँच' })).toBeVisible();
  await expect(page.getByText('आगे बढ़ने के लिए कम से कम एक चरण पूरा करना ज़रूरी है')).toBeVisible();
  await expect(page.getByRole('button', { name: 'आगे बढ़ें' })).toBeVisible();
  await expect(page).toHaveTitle('सत्यापन | Veridocs');
  await shot(page, 'form-home-phone');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Reload: still Hindi, signed in, on the form home.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'शिक्षा की जाँच' })).toBeVisible();

  // One tile.
  // The tile and the form's labels come from the config, shown in Hindi too.
  await page.getByRole('button', { name: /^डिग्री, / }).click();
  await expect(page).toHaveURL(/\/verification\?/);
  await expect(page.getByRole('textbox', { name: 'डिग्री', exact: true })).toBeVisible();
  await shot(page, 'verification-degree-phone');
  await expectNoSidewaysScroll(page);

  // The drawer: navigation in Hindi.
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  const nav = page.getByRole('navigation', { name: 'मुख्य' });
  await expect(nav.getByRole('link', { name: 'होम' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
  await shot(page, 'drawer-phone', false);

  // Logging out keeps the device's language.
  await nav.getByRole('button', { name: 'लॉग आउट' }).click();
  await expect(page.getByRole('heading', { name: 'साइन अप / लॉग इन' })).toBeVisible();

  // Back to English from the menu.
  await page.getByRole('button', { name: 'भाषा: हिन्दी' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up / Login' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Hindi at desktop size: login, home, form home', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await chooseHindi(page);
  await expect(page.getByText('सभी प्रमाणपत्रों के सत्यापन का एक ही प्लेटफ़ॉर्म')).toBeVisible();
  await shot(page, 'login-desktop');

  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  await useSession(page, session);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'नमस्ते, Asha Verma' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'मुख्य' });
  await expect(nav.getByRole('link', { name: 'प्रोफ़ाइल' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'सूचनाएँ' })).toBeVisible();
  await shot(page, 'home-desktop');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/ekyc/demo-form?orgId=demo-university');
  await page.getByRole('button', { name: 'सत्यापन शुरू करें' }).click();
  await page.getByRole('dialog').getByLabel('नौकरी', { exact: true }).check();
  await page.getByRole('dialog').getByLabel('मेरा नियोक्ता').check();
  await page.getByRole('dialog').getByRole('button', { name: 'शुरू करें' }).click();
  await expect(page.getByRole('heading', { name: 'शिक्षा की जाँच' })).toBeVisible();
  await shot(page, 'form-home-desktop');

  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'नाम बदलें' })).toBeVisible();
  await shot(page, 'profile-desktop');
});
