import type { Locator, Page } from '@playwright/test';
import { expect, startedDemoTransaction, test } from './fixtures';

// Issue 24, bug 7: at 360 px "Chat with us" floated over Continue (the label read "Continu") and over
// the form's "Please correct the highlighted field." line. Nothing fixed may cover the primary action or
// a message: with the page scrolled to its end, every point across them is theirs, not the button's.

const PHONE = { width: 360, height: 740 };

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Let the scroll settle (smooth scrolling, layout after the alert appears).
  await page.waitForTimeout(200);
}

/** The element itself is what the page shows at its left, middle and right (nothing lies over it). */
async function expectUncovered(target: Locator, label: string) {
  await expect(target).toBeVisible();
  const covered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + 4, box.left + box.width / 2, box.right - 4]
      .map((x) => ({ x, hit: document.elementFromPoint(x, y) }))
      .filter(({ hit }) => !hit || !element.contains(hit))
      .map(
        ({ x, hit }) =>
          `${Math.round(x)}: ${hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName}`,
      );
  });
  expect(covered, `${label} is covered at`).toEqual([]);
}

test('"Chat with us" covers neither Continue nor the form\'s correction message at 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const { txnId } = await startedDemoTransaction(page, request);
  const launcher = page.getByTestId('chat-launcher');

  // The form home: Continue is the page's last control.
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=demo-university`);
  await page.getByRole('button', { name: 'View Verification' }).click();
  await expect(launcher).toBeVisible({ timeout: 30_000 });
  await scrollToEnd(page);
  await expectUncovered(page.getByRole('button', { name: 'Continue', exact: true }), 'Continue');
  await expectUncovered(launcher, 'Chat with us');

  // A verification's form: Submit with a required field empty; its message below the button.
  await page.getByRole('button', { name: /^Address, / }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Address', exact: true })).toBeVisible();
  await expect(launcher).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const correction = page.getByRole('alert').filter({ hasText: /Please correct the .*highlighted field/ });
  await expect(correction).toBeVisible();
  await scrollToEnd(page);
  await expectUncovered(correction, 'The correction message');
  await expectUncovered(page.getByRole('button', { name: 'Submit', exact: true }), 'Submit');

  // Tabbing to Submit from the top keeps it clear of the button too (focus not obscured).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Submit', exact: true }).focus();
  await expectUncovered(page.getByRole('button', { name: 'Submit', exact: true }), 'Submit, once focused');
});
