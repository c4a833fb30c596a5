import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { consoleSignIn, expect, expectNoSidewaysScroll, test } from './fixtures';

const shots = process.env.E2E_SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/**
 * axe on the admin screens' content (the main region and open dialogs): the console shell's navigation
 * is console-app's to check.
 */
async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').include('[role="dialog"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

test.use({ viewport: { width: 1280, height: 900 } });
test.setTimeout(180_000);

test('an admin creates an organisation, a form, an API key and a verifier; a verifier cannot open admin', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const orgName = `Acme Hiring ${suffix}`;
  await consoleSignIn(page, 'admin@veridocs.test', 'dev-admin-password');

  // Organisations.
  await page.goto('/ops/admin');
  await expect(page.getByRole('heading', { name: 'Organisations' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Organisations' })).toContainText('Demo University');
  await shoot(page, 'admin-orgs');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'New organisation' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(orgName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(orgName) });
  await expect(row).toBeVisible();

  // A form for it.
  await row.getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByText('This organisation has no forms yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New form' }).click();
  await page.getByLabel('Name').first().fill('Graduate hiring');
  await page.getByRole('checkbox', { name: /^Degree/ }).check();
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question').fill('Purpose of verification');
  await page.getByLabel('Options (one per line)').fill('Employment\nHigher education');
  await shoot(page, 'admin-form-editor');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create' }).click();
  // Created: the editor now edits the stored form, at its own address.
  await expect(page).toHaveURL(/\/ops\/admin\/forms\/graduate-hiring-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Graduate hiring' })).toBeVisible();
  await expect(page.getByLabel('Question')).toHaveValue('Purpose of verification');

  // An API key, shown once.
  await page.goto('/ops/admin');
  await page
    .getByRole('row', { name: new RegExp(orgName) })
    .getByRole('link', { name: 'Integration' })
    .click();
  await page.getByLabel('Key name').fill('ATS');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByTestId('shown-once-secret');
  await expect(secret).toHaveText(/^vdk_/);
  await shoot(page, 'admin-integration-key');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'API keys' })).toContainText('ATS');
  await expect(page.getByText(/^vdk_[A-Za-z0-9_-]{20,}/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // A verifier account with a generated password, shown once.
  const email = `verifier.${suffix}@example.com`;
  await page.goto('/ops/admin/staff');
  await page.getByRole('button', { name: 'New account' }).click();
  const staffDialog = page.getByRole('dialog');
  await staffDialog.getByLabel('Name').fill('Nia Verifier');
  await staffDialog.getByLabel('E-mail').fill(email);
  await staffDialog.getByRole('button', { name: 'Create' }).click();
  const password = (await page.getByTestId('shown-once-secret').textContent())!.trim();
  expect(password).toHaveLength(24);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Staff' })).toContainText(email);
  await shoot(page, 'admin-staff');
  await expectNoSeriousA11yViolations(page);

  // The new verifier signs in and cannot open the admin pages.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const verifier = await context.newPage();
  await consoleSignIn(verifier, email, password);
  await verifier.goto('/ops/admin/staff');
  await expect(verifier.getByText('Only admins can open this page.')).toBeVisible();
  await expect(verifier.getByRole('table', { name: 'Staff' })).toHaveCount(0);
  await context.close();
});
