import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  consoleSignIn,
  expect,
  expectNoSidewaysScroll,
  marksheetPdf,
  opsSignIn,
  test,
  uniqueMobile,
} from './fixtures';

// Issue 14 "Done means", end to end: an organisation creates a transaction through the integration API;
// the candidate opens the link (sso), validates the evaluation partner, completes the paid demo form
// and pays at the sandbox; a verifier signs in to the console, asks for one more document; the
// candidate answers; the verifier completes every verification; the candidate sees "Congratulations!"
// and to whom the report went; the partner's receiver (the dev inbox) got it, signed.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
/** The paid demo form: the journey pays, as the issue asks once payments landed. */
const FORM = 'demo-paid-form';
const DESKTOP = { width: 1280, height: 900 };
/** A WES sandbox reference no other spec uses: its e-mail OTP is this test's alone. */
const REFERENCE = '4098765';
const REFERENCE_EMAIL = 'rahul.singh@example.org';
const REASON = 'The marksheet for semester 5 is missing';
const DOCUMENT = 'Semester 5 marksheet';

const shots = process.env.E2E_SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** axe on the console's content (its main region and open dialogs), as console-admin.spec does. */
async function expectMainA11yClean(page: Page) {
  // A colour still fading in (MUI's 250 ms button transitions, e.g. "Clear filters" becoming enabled as
  // the search applies) would be measured half-way: let the finite transitions end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).include('main').include('[role="dialog"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(', ')})`),
  ).toEqual([]);
}

/** The newest e-mailed OTP for `to` sent at or after `since` (ms). */
async function mailedOtp(request: APIRequestContext, to: string, since: number): Promise<string> {
  let otp = '';
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
        const mail = body.data.list[0];
        if (mail?.otp && Date.parse(mail.createdAt) >= since - 1000) otp = mail.otp;
        return otp;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return otp;
}

interface OrgEvent {
  type: string;
  data: { transactionId: string; verificationName: string | null; from: string | null; to: string };
}

/**
 * The organisation's own webhook receiver, in this process: it keeps the events whose signature
 * (`t=<unix>,v1=<hex HMAC-SHA256(secret, "t.body")>`, ADR 0025) checks out with the endpoint's secret.
 */
async function orgReceiver() {
  let secret = '';
  const events: OrgEvent[] = [];
  const badSignatures: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-veridocs-signature'] ?? '');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      const expected = t ? createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') : '';
      if (!v1 || v1 !== expected) badSignatures.push(header);
      else events.push(JSON.parse(body) as OrgEvent);
      res.writeHead(v1 === expected ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/veridocs-webhook`,
    setSecret: (value: string) => (secret = value),
    events,
    badSignatures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface InboxEntry {
  partnerId: string;
  eventId: string;
  code: string;
  transactionId: string;
  signature: string;
}

test.use({ viewport: DESKTOP });

test('an organisation sends a candidate; the team asks for a document, then verifies; the report reaches WES', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, the job loops and a report: a long journey on a busy machine.
  test.setTimeout(240_000);

  // The organisation's system, with an API key an admin made, creates the candidate's transaction.
  const admin = await opsSignIn(request, 'admin');
  const keyRes = await (
    await request.post(`/api/ops/orgs/${ORG}/api-keys`, { headers: admin, data: { name: 'e2e ATS' } })
  ).json();
  expect(keyRes.code, JSON.stringify(keyRes)).toBe(0);
  const apiKey = keyRes.data.key as string;
  // Its webhook receiver: signed state changes of its transactions.
  const receiver = await orgReceiver();
  const hook = await (
    await request.post(`/api/ops/orgs/${ORG}/webhooks`, { headers: admin, data: { url: receiver.url } })
  ).json();
  expect(hook.code, JSON.stringify(hook)).toBe(0);
  receiver.setSecret(hook.data.secret as string);
  try {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    // Names take letters only: the suffix spelled in letters tells this run's candidate apart.
    const tag = suffix.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
    const candidateName = `Meera ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
    const mobile = uniqueMobile();
    const created = await (
      await request.post('/api/integration/v1/transactions', {
        headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': `e2e-console-${suffix}` },
        data: { formId: FORM, candidate: { mobile, name: candidateName } },
      })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe(0);
    const {
      transactionId: txnId,
      link,
      sso,
    } = created.data as { transactionId: string; link: string; sso: string };
    expect(link).toContain(`/ekyc/${FORM}/${txnId}?orgId=${ORG}`);

    // A fresh verifier account (an admin makes it): its sign-in code is this test's alone.
    const verifierEmail = `journey.${suffix}@example.com`;
    const staff = await (
      await request.post('/api/ops/admin/staff', {
        headers: admin,
        data: { email: verifierEmail, name: `Vera ${candidateName.split(' ')[1]}`, role: 'verifier' },
      })
    ).json();
    expect(staff.code, JSON.stringify(staff)).toBe(0);
    const verifierPassword = staff.data.password as string;

    // The candidate opens the link with its sso: the evaluation partner first.
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}&sso=${encodeURIComponent(sso)}`, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/select-evaluation-partner$/, { timeout: 30_000 });
    // A request not started yet: the privacy notice first, before anything reaches the partner (issue 29).
    await page.getByRole('button', { name: 'I agree' }).click({ timeout: 30_000 });
    const partner = page.getByRole('combobox', { name: 'Evaluation partner' });
    await expect(partner).toBeEnabled({ timeout: 30_000 });
    await partner.selectOption('WES');
    await page.getByLabel('Reference number').fill(REFERENCE);
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const mailOtp = await mailedOtp(request, REFERENCE_EMAIL, sentAt);
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(mailOtp);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    const homeHeading = page.getByText('Demo University is requesting the following verifications');
    await expect(homeHeading).toBeVisible({ timeout: 30_000 });
    // From the form home: the init screen, where the candidate starts (this form has no questionnaire: a dialog asks to start).
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await expect(page.getByText('All-in-one certificate verification platform')).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Start Verification' }).click();
    const start = page.getByRole('dialog', { name: 'Start verification' });
    await expect(start.getByText('Click Start to start filling the form')).toBeVisible({ timeout: 30_000 });
    await start.getByRole('button', { name: 'Start' }).click();
    await expect(start).toBeHidden({ timeout: 30_000 });
    await expect(homeHeading).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Start Verification' })).toHaveCount(0);

    // The degree through the API with the candidate's own session (its searchable list and pickers have
    // their own specs); the rest skipped.
    const accessToken = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const headers = { authorization: `Bearer ${accessToken}`, 'partner-org-id': 'veridocs' };
    const upload = await (
      await request.post('/api/utility/files', {
        headers,
        multipart: {
          fileCategory: 'marksheet',
          file: {
            name: 'marksheet.pdf',
            mimeType: 'application/pdf',
            buffer: await marksheetPdf(candidateName),
          },
        },
      })
    ).json();
    expect(upload.code, JSON.stringify(upload)).toBe(0);
    const degree = await (
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
            marksheet: { fileId: upload.data.fileId },
          },
        },
      })
    ).json();
    expect(degree.code, JSON.stringify(degree)).toBe(0);
    const skipped = await (
      await request.post(`${BASE}/transactions/process/mark-as-skip`, {
        headers,
        data: {
          orgId: ORG,
          txnId,
          verificationNameList: ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'],
        },
      })
    ).json();
    expect(skipped.code, JSON.stringify(skipped)).toBe(0);

    // Continue: the standard mode, India, and the fee paid at the sandbox gateway.
    await openFormHome(page, txnId);
    await expect(page.getByRole('button', { name: /^Degree, /i })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const fastTrack = page.getByRole('dialog', { name: 'Fast-track verification' });
    await expect(
      page.getByRole('heading', { name: 'Choose how fast you need the verification' }).or(fastTrack),
    ).toBeVisible({ timeout: 30_000 });
    if (await fastTrack.isVisible()) await fastTrack.getByRole('button', { name: 'Proceed' }).click();
    await expect(page).toHaveURL(/\/select-mode\?/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/choose-payment-region\?/, { timeout: 30_000 });
    await page.getByRole('radio', { name: /India/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const pay = page.getByRole('button', { name: /Continue to Pay|Pay \(/ });
    await expect(pay).toBeVisible({ timeout: 30_000 });
    await pay.click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//, { timeout: 30_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/submitted$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Your verification has been submitted' })).toBeVisible();

    // A verifier signs in to the console in a browser of their own.
    const teamContext = await browser.newContext({ viewport: DESKTOP });
    const console_ = await teamContext.newPage();
    const consoleErrors: string[] = [];
    console_.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        consoleErrors.push(msg.text());
    });
    console_.on('pageerror', (err) => consoleErrors.push(err.message));
    await consoleSignIn(console_, verifierEmail, verifierPassword);
    await expect(console_.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible({
      timeout: 30_000,
    });

    // The New queue holds other tests' cases too: search for this transaction, open it from the keyboard.
    const search = console_.getByRole('searchbox', { name: 'Search' });
    await search.fill(txnId);
    const queue = console_.getByRole('table', { name: 'New' });
    const row = queue.getByRole('row', { name: new RegExp(candidateName) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(queue.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Demo University');
    await expect(row).toContainText('Unassigned');
    await expectNoSidewaysScroll(console_, 'queue at 1280 px');
    await expectMainA11yClean(console_);
    await shoot(console_, 'console-queue');
    await search.blur();
    await console_.keyboard.press('Enter');
    await expect(console_).toHaveURL(new RegExp(`/ops/cases/${txnId}$`), { timeout: 30_000 });
    await expect(console_.getByRole('heading', { level: 1, name: candidateName })).toBeVisible({
      timeout: 30_000,
    });

    // The case shows what the candidate paid.
    const payments = console_.getByRole('region', { name: 'Payments and refunds' });
    await expect(payments).toBeVisible();
    await expect(payments).not.toContainText('No payments.');
    await expect(payments).toContainText('₹');

    // Assigned to oneself; the degree focused with j, started with s, then i asks for one document.
    await console_.getByRole('button', { name: 'Assign to me' }).click();
    await expect(console_.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    await expect(console_.getByText(`Vera ${candidateName.split(' ')[1]}`).first()).toBeVisible();
    const degreeCard = console_.locator('[data-verification="bgv-degree"]');
    await focusVerification(console_, 'bgv-degree');
    await expectNoSidewaysScroll(console_, 'case at 1280 px');
    await expectMainA11yClean(console_);
    // Choices read as the candidate chose them, not as stored ids and codes.
    await expect(degreeCard.getByText('Degree and marksheets available')).toBeVisible();
    await expect(degreeCard.getByText(/^University of Delhi/)).toBeVisible();
    await console_.evaluate(() => window.scrollTo(0, 0));
    await shoot(console_, 'console-case');
    await decideByKey(console_, 's', 'Start working on Degree?', 'Start');
    await expect(degreeCard.getByText('In progress', { exact: true })).toBeVisible();
    await console_.keyboard.press('i');
    const ask = console_.getByRole('dialog', { name: 'Ask for documents for Degree' });
    await expect(ask).toBeVisible();
    await ask.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await ask.getByRole('textbox', { name: 'Document 1' }).fill(DOCUMENT);
    await expectMainA11yClean(console_);
    await shoot(console_, 'console-ask-dialog');
    await ask.getByRole('button', { name: 'Ask the candidate' }).click();
    await expect(ask).toBeHidden({ timeout: 30_000 });
    await expect(degreeCard.getByText('Insufficient data', { exact: true })).toBeVisible();
    await expect(console_.getByText('Queue: Action required', { exact: true })).toBeVisible();

    // The candidate sees it first on the form home, opens it and uploads the document.
    await openFormHome(page, txnId);
    const firstGroup = page.getByTestId('tile-group').first();
    const tile = firstGroup.getByRole('button', { name: /^Degree, Action Required/ });
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await expect(firstGroup.getByText(REASON)).toBeVisible();
    await tile.click();
    await expect(page.getByRole('heading', { name: 'Document Details' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(DOCUMENT).first()).toBeVisible();
    // The console made the document's key from its label.
    await page.locator('input[data-testid="semester_5_marksheet-input"]').setInputFiles({
      name: 'semester-5.pdf',
      mimeType: 'application/pdf',
      buffer: await marksheetPdf(candidateName),
    });
    await expect(page.getByRole('article', { name: 'semester-5.pdf' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await expect(homeHeading).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Degree, Submitted/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Action Required/ })).toHaveCount(0);

    // Back with the team: the answer is in the case; the verifier completes every verification.
    await console_.reload();
    await expect(console_.getByRole('heading', { level: 1, name: candidateName })).toBeVisible({
      timeout: 30_000,
    });
    await expect(degreeCard.getByText(/answered /)).toBeVisible();
    await expect(degreeCard.getByText('semester-5.pdf').first()).toBeVisible();
    const open = await openDecisions(console_);
    expect(open).toContain('bgv-degree');
    for (const name of open) {
      const label = await verificationLabel(console_, name);
      await focusVerification(console_, name);
      const card = console_.locator(`[data-verification="${name}"]`);
      if (await card.getByRole('button', { name: 'Start', exact: true }).isVisible())
        await decideByKey(console_, 's', `Start working on ${label}?`, 'Start');
      await expect(card.getByRole('button', { name: 'Verify', exact: true })).toBeVisible();
      await decideByKey(console_, 'v', `Verify ${label}?`, 'Verify');
      await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    }
    await expect(console_.getByText('Completed', { exact: true }).first()).toBeVisible();
    expect(await openDecisions(console_)).toEqual([]);
    expect(consoleErrors, 'console errors in the console').toEqual([]);
    await teamContext.close();

    // The candidate: "Congratulations!", and the report sent to WES.
    const sentTo = page.getByText(
      /Your verification report was sent to World Education Services \(WES\) on /,
    );
    await expect(async () => {
      await openFormHome(page, txnId);
      await expect(page.getByText('Congratulations!')).toBeVisible();
      await expect(sentTo).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await shoot(page, 'console-journey-candidate-verified');

    // The partner's receiver got the report, signed.
    let received: InboxEntry | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await request.get('/api/dev/partner-inbox')).json()).data.list as InboxEntry[];
          received = list.find((e) => e.transactionId === txnId);
          return received;
        },
        { timeout: 60_000 },
      )
      .toBeTruthy();
    expect(received!.partnerId).toBe('WES');
    expect(received!.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(received!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    // The organisation heard every step of it, signed: submitted, action required, completed.
    const mine = () => receiver.events.filter((e) => e.data.transactionId === txnId);
    await expect
      .poll(() => mine().some((e) => e.type === 'transaction.completed' && e.data.to === 'COMPLETED'), {
        timeout: 60_000,
      })
      .toBe(true);
    // Each event named for what happened (issue 30 §2).
    const transactionStates = mine()
      .filter((e) => e.type.startsWith('transaction.'))
      .map((e) => e.data.to);
    expect(transactionStates).toEqual(
      expect.arrayContaining(['SUBMITTED', 'INSUFFICIENT_DATA', 'COMPLETED']),
    );
    expect(mine().map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'transaction.submitted',
        'transaction.action_required',
        'transaction.completed',
      ]),
    );
    expect(
      mine().some((e) => e.data.verificationName === 'bgv-degree' && e.data.to === 'INSUFFICIENT_DATA'),
    ).toBe(true);
    expect(receiver.badSignatures).toEqual([]);
  } finally {
    // Other tests' transactions of the demo organisation are not this receiver's to hear.
    await request.post(`/api/ops/orgs/${ORG}/webhooks/${hook.data.id}/disable`, { headers: admin });
    await receiver.close();
  }
});

/** The form home of the transaction (a form link opened afresh shows its init screen first). */
async function openFormHome(page: Page, txnId: string) {
  await page.goto(`/ekyc/${FORM}/${txnId}?orgId=${ORG}`, { timeout: 30_000 });
  const view = page.getByRole('button', { name: 'View Verification' });
  const home = page.getByText('Demo University is requesting the following verifications');
  await expect(view.or(home).first()).toBeVisible({ timeout: 30_000 });
  if (await view.isVisible()) await view.click();
  await expect(home).toBeVisible({ timeout: 30_000 });
}

/** Moves the case's j / k cursor onto a verification. */
async function focusVerification(page: Page, name: string) {
  const card = page.locator(`[data-verification="${name}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const names = await page
    .locator('[data-verification]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-verification')));
  const target = names.indexOf(name);
  // Back to the top, then down to it.
  for (let i = 0; i < names.length; i++) await page.keyboard.press('k');
  for (let i = 0; i < target; i++) await page.keyboard.press('j');
  await expect(card).toHaveAttribute('aria-current', 'true');
}

/** A decision by its shortcut key, confirmed in its dialog. */
async function decideByKey(page: Page, key: string, title: string, confirm: string) {
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** The verifications of the case that still take a decision. */
async function openDecisions(page: Page): Promise<string[]> {
  return page
    .locator('[data-verification]')
    .evaluateAll((cards) =>
      cards
        .filter((c) => c.querySelector('[role="group"][aria-label^="Decisions"]'))
        .map((c) => c.getAttribute('data-verification') ?? ''),
    );
}

async function verificationLabel(page: Page, name: string) {
  return (await page.locator(`[data-verification="${name}"] h3`).first().textContent())!.trim();
}
