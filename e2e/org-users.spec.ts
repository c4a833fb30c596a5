import {
  consoleSignIn,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  OPS_ACCOUNTS,
  opsSignIn,
  test,
} from './fixtures';
import { acceptAndSignIn, invitationLink } from './org-portal';

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
  // The portal opens on the candidates' dashboard.
  await expect(other.getByRole('heading', { name: 'Candidates' })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('combobox', { name: 'Role of Manoj Manager' })).toHaveText('Manager');
  await expect(phone.getByText('No open invitations.')).toBeVisible();
});

test('a manager invites 50 candidates from a file: 3 refused with reasons, 47 sent, on the dashboard', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const owner = `owner.${suffix}@demo-university.example`;
  const manager = `manager.${suffix}@demo-university.example`;
  const admin = await opsSignIn(page.request, 'admin');
  // The platform admin invites the demo organisation's owner, who invites a manager (the API here;
  // the screens are the test above).
  const invited = await page.request.post('/api/ops/orgs/demo-university/owner', {
    headers: admin,
    data: { email: owner, name: 'Olivia Owner' },
  });
  expect((await invited.json()).code).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await acceptAndSignIn(page, await invitationLink(page.request, owner), owner, 'olivia-long-password');
  await page.goto('/org/users');
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Manoj Manager');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(manager);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(manager);
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await acceptAndSignIn(page, await invitationLink(page.request, manager), manager, 'manoj-long-password');

  // 50 rows: 47 new candidates, a malformed mobile, an unknown form and a mobile twice in the file.
  const base = 6_000_000_000 + (Date.now() % 1_000_000) * 1000;
  // Names are letters only (the shared name rule): "Candidate Aa", "Candidate Ba"...
  const nameOf = (i: number) =>
    `Candidate ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
  const rows = Array.from({ length: 47 }, (_, i) => `${nameOf(i)},${base + i},,demo-form,en`);
  rows.push('Bad Mobile,12345,,demo-form,en');
  rows.push(`Unknown Form,${base + 100},,no-such-form,en`);
  rows.push(`Twice In File,${base + 3},,demo-form,en`);
  const csv = ['name,mobile,email,form,language', ...rows].join('\n');
  await page.goto('/org/invite');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'candidates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('50 rows: 47 valid, 3 refused.', { exact: true })).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveCount(4);
  await expect(refused).toContainText('Bad Mobile');
  await expect(refused).toContainText('Unknown Form');
  await expect(refused).toContainText('Twice In File');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send 47 invitations' }).click();
  await expect(page.getByText('Done: 47 sent, 0 failed.', { exact: true })).toBeVisible({ timeout: 90_000 });
  // The progress survives a reload (the upload is in the address).
  await page.reload();
  await expect(page.getByText('Done: 47 sent, 0 failed.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the result' })).toBeVisible();

  // Each candidate received the link by SMS.
  const sms = await (await page.request.get(`/api/dev/outbox?to=${base + 46}`)).json();
  expect(JSON.stringify(sms.data.list)).toContain('demo-form');

  // The dashboard lists them as invited.
  await page.goto('/org/dashboard?form=demo-form');
  await page.getByRole('searchbox', { name: 'Search by name or mobile' }).fill(String(base + 46));
  await expect(page.getByRole('link', { name: `Open ${nameOf(46)}` })).toBeVisible();
});
