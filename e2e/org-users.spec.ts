import { type APIRequestContext, type Page } from '@playwright/test';
import {
  consoleSignIn,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  latestOtp,
  OPS_ACCOUNTS,
  opsSignIn,
  test,
} from './fixtures';

/** The invitation link e-mailed to `email` (the dev outbox), relative to the server. */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let body = '';
  for (let i = 0; i < 50; i++) {
    const res = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    body = res?.data?.list?.[0]?.body ?? '';
    if (body.includes('token=')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /https?:\/\/\S+\/org\/invitation\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
  if (!url) throw new Error(`no invitation link for ${email}: ${body}`);
  return new URL(url).pathname + new URL(url).search;
}

/** Opens the link, sets the password twice, then signs in with it and the e-mailed code. */
async function acceptAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the sign-in code' })).toBeVisible();
  const { otp } = await latestOtp(page.request, email);
  await page.getByLabel('6-digit code').fill(otp);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

test.setTimeout(180_000);

test('the platform admin invites an owner from the console; the owner joins, invites a manager who joins', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const orgName = `Acme Admissions ${suffix}`;
  const orgId = `acme-admissions-${suffix}`;
  const owner = `owner.${suffix}@acme.example`;
  const manager = `manager.${suffix}@acme.example`;
  const admin = await opsSignIn(page.request, 'admin');
  expect(
    (
      await (
        await page.request.post('/api/ops/admin/orgs', {
          headers: admin,
          data: { id: orgId, name: orgName, partnerOrgId: null },
        })
      ).json()
    ).code,
  ).toBe(0);

  // The console: "Invite owner" on the organisation's row.
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleSignIn(page, OPS_ACCOUNTS.admin.email, OPS_ACCOUNTS.admin.password);
  await page.goto('/ops/admin');
  await page.getByRole('button', { name: `Invite owner: ${orgName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Olivia Owner');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(owner);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${owner}.`)).toBeVisible();

  // The owner, on a phone: the invitation page, then sign-in, then Users.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await phone.goto(await invitationLink(phone.request, owner));
  await expect(phone.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  await acceptAndSignIn(phone, await invitationLink(phone.request, owner), owner, 'olivia-long-password');
  await phone.goto('/org/users');
  await expect(phone.getByRole('list', { name: 'Users' })).toContainText('Olivia Owner');
  await phone.getByRole('button', { name: 'Invite a user' }).click();
  const invite = phone.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByRole('textbox', { name: 'Name' }).fill('Manoj Manager');
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(manager);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(phone.getByRole('list', { name: 'Open invitations' })).toContainText(manager);
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);

  // The manager joins; the owner's list shows them as a manager, the invitation gone.
  const other = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await acceptAndSignIn(other, await invitationLink(other.request, manager), manager, 'manoj-long-password');
  await expect(other.getByRole('heading', { name: `Welcome, ${orgName}` })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('combobox', { name: 'Role of Manoj Manager' })).toHaveText('Manager');
  await expect(phone.getByText('No open invitations.')).toBeVisible();
});
