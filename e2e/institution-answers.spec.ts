import type { APIRequestContext, Page } from '@playwright/test';
import {
  OPS_ACCOUNTS,
  consoleSignIn,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  latestOtp,
  marksheetPdf,
  opsSignIn,
  startedDemoTransaction,
  test,
} from './fixtures';

// Issue 27 "Done means": a verifier sends a request to the University of Delhi's registrar; the
// registrar, in a browser of their own, reads the link and the code from the e-mails (the dev outbox),
// confirms three facts and corrects one; the case shows the difference; the verifier completes with a
// note; the candidate sees the degree confirmed by the institution, and the credential names the
// registrar. Reminders and escalation run on a simulated clock in institution-mail.test.ts.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const UNIVERSITY = 'University of Delhi';
const SKIPPED = [
  'bgv-twelfth',
  'bgv-tenth',
  'passport',
  'dl',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
];

type Headers = Record<string, string>;
type OutboxMessage = { body: string; otp: string | null };

/** The newest e-mail to an address whose text matches, from the dev outbox (the job sends on its own time). */
async function mailTo(
  request: APIRequestContext,
  to: string,
  matching: RegExp | ((message: OutboxMessage) => boolean),
): Promise<OutboxMessage> {
  const fits = typeof matching === 'function' ? matching : (m: OutboxMessage) => matching.test(m.body);
  let last: unknown;
  for (let i = 0; i < 100; i++) {
    const body = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
    last = body;
    const found = (body?.data?.list as OutboxMessage[] | undefined)?.find(fits);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no e-mail to ${to} matching ${matching}: ${JSON.stringify(last)}`);
}

/** The demo form with a degree of the University of Delhi, Aadhaar by OTP, the rest skipped; submitted with the consent. */
async function submittedCase(page: Page, request: APIRequestContext): Promise<string> {
  const { headers, txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
  const file = await (
    await request.post('/api/utility/files', {
      headers,
      multipart: {
        fileCategory: 'marksheet',
        file: { name: 'degree.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
      },
    })
  ).json();
  expect(file.code, JSON.stringify(file)).toBe(0);
  // Submit with the consent words shown beside the button (the web sends contactConsent: true).
  const degree = await (
    await request.post(`${BASE}/bgv`, {
      headers,
      data: {
        orgId: ORG,
        txnId,
        verificationName: 'bgv-degree',
        contactConsent: true,
        data: {
          institute: { value: 'university-of-delhi' },
          degreeName: 'Bachelor of Science',
          passingYear: '2022',
          instituteId: 'DU-2019-0042',
          degreeStatus: 'DEGREE_AND_MARKSHEET',
          marksheet: { fileId: file.data.fileId },
        },
      },
    })
  ).json();
  expect(degree.code, JSON.stringify(degree)).toBe(0);
  await aadhaarVerified(request, headers, txnId);
  const skipped = await (
    await request.post(`${BASE}/transactions/process/mark-as-skip`, {
      headers,
      data: { orgId: ORG, txnId, verificationNameList: SKIPPED },
    })
  ).json();
  expect(skipped.code, JSON.stringify(skipped)).toBe(0);
  const submitted = await (
    await request.post(`${BASE}/transactions/submit`, { headers, data: { orgId: ORG, txnId } })
  ).json();
  expect(submitted.code, JSON.stringify(submitted)).toBe(0);
  return txnId;
}

async function aadhaarVerified(request: APIRequestContext, headers: Headers, txnId: string) {
  const started = await (
    await request.post(`${BASE}/verifications/otp/aadhaar`, {
      headers,
      data: { orgId: ORG, txnId, aadhaarNumber: '345678901238' },
    })
  ).json();
  expect(started.code, JSON.stringify(started)).toBe(0);
  const { otp } = await latestOtp(request, 'aadhaar-1238');
  const verified = await (
    await request.post(`${BASE}/transactions/verify/identification`, {
      headers,
      data: { orgId: ORG, txnId, requestId: started.data.requestId, otp },
    })
  ).json();
  expect(verified.code, JSON.stringify(verified)).toBe(0);
}

/** The university in the directory with a contact of its own (an address no other test uses). */
async function directoryEntry(request: APIRequestContext, email: string): Promise<string> {
  const admin = await opsSignIn(request, 'admin');
  const added = await (
    await request.post('/api/ops/institutions', {
      headers: admin,
      data: { kind: 'institute', refValue: 'university-of-delhi' },
    })
  ).json();
  expect(added.code, JSON.stringify(added)).toBe(0);
  const id = added.data.id as string;
  const contact = await (
    await request.post(`/api/ops/institutions/${id}/contacts`, {
      headers: admin,
      data: { email, batchDaily: false },
    })
  ).json();
  expect(contact.code, JSON.stringify(contact)).toBe(0);
  return id;
}

test('a registrar confirms three facts and corrects one; the verifier completes; the candidate sees it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const registrarEmail = `registrar.${Date.now()}.${Math.floor(Math.random() * 1e6)}@du.example.edu`;
  const candidate = await browser.newContext();
  const candidatePage = await candidate.newPage();
  const txnId = await submittedCase(candidatePage, request);
  await directoryEntry(request, registrarEmail);

  // The registrar's own browser: the address is confirmed from its e-mail, by a button (not on load).
  const registrar = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const desk = await registrar.newPage();
  const confirmation = await mailTo(request, registrarEmail, /\/respond\/confirm\?t=/);
  const confirmLink = /https?:\/\/\S+\/respond\/confirm\?t=[\w-]+/.exec(confirmation.body)![0];
  await desk.goto(new URL(confirmLink).pathname + new URL(confirmLink).search);
  await desk.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(desk.getByText(`Thank you, ${registrarEmail} is confirmed for ${UNIVERSITY}.`)).toBeVisible();

  // The verifier starts the degree and sends the request from the case.
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleSignIn(page, OPS_ACCOUNTS.verifier.email, OPS_ACCOUNTS.verifier.password);
  await page.goto(`/ops/cases/${encodeURIComponent(txnId)}`);
  await expect(page.getByRole('heading', { name: 'Asha Verma', level: 1 })).toBeVisible({ timeout: 30_000 });
  const card = page.locator('[data-verification="bgv-degree"]');
  await card.getByRole('button', { name: 'Start', exact: true }).click();
  const start = page.getByRole('dialog', { name: 'Start working on Degree?' });
  await start.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(start).toBeHidden({ timeout: 30_000 });

  const section = page.getByRole('region', { name: 'Institutions' });
  const group = section.getByRole('region', { name: UNIVERSITY });
  await expect(group).toBeVisible({ timeout: 30_000 });
  await expect(section).toContainText('The candidate agreed to the institutions being contacted');
  await group.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: new RegExp(registrarEmail.replace(/\./g, '\\.')) }).click();
  await group.getByRole('button', { name: 'Send request' }).click();
  await expect(section.getByText(`Request sent to ${registrarEmail}.`)).toBeVisible({ timeout: 30_000 });

  // The registrar opens the e-mailed link, asks for the code, reads it from the second e-mail.
  const mail = await mailTo(request, registrarEmail, /\/respond\?t=/);
  const link = new URL(/https?:\/\/\S+\/respond\?t=[\w-]+/.exec(mail.body)![0]);
  expect(mail.body).toContain('Asha Verma');
  await desk.goto(link.pathname + link.search);
  await expect(desk.getByRole('heading', { name: 'A verification request from Veridocs' })).toBeVisible();
  await desk.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    desk.getByText(/We sent a code to r\*+\d@du\.example\.edu for University of Delhi/),
  ).toBeVisible();
  // The code e-mail carries the code apart (the dev outbox shows it beside the text).
  const code = await mailTo(request, registrarEmail, (m) => Boolean(m.otp));
  expect(code.otp).toMatch(/^\d{6}$/);
  await desk.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await desk.keyboard.type(code.otp!);
  await desk.getByRole('button', { name: 'Open the request' }).click();

  await expect(desk.getByText(/asks about Asha Verma/)).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(desk);
  await expectNoSidewaysScroll(desk, 'the responder page at 360 px');
  const facts: [string, string][] = [
    ['Name', 'Asha Verma'],
    ['Roll or registration number', 'DU-2019-0042'],
    ['Programme', 'Bachelor of Science'],
  ];
  for (const [label, claimed] of facts)
    await desk
      .getByRole('radiogroup', { name: `${label}: ${claimed}` })
      .getByRole('radio', { name: 'Confirmed' })
      .check();
  const years = desk.getByRole('radiogroup', { name: 'Years: 2022' });
  await years.getByRole('radio', { name: 'Differs' }).check();
  await desk.getByRole('textbox', { name: /Value on record/ }).fill('2021');
  await desk.getByRole('textbox', { name: /Your name/ }).fill('R. K. Sharma');
  await desk.getByRole('textbox', { name: /Your designation/ }).fill('Registrar');
  await desk.getByRole('checkbox', { name: /I declare that I am authorised/ }).check();
  await desk.getByRole('button', { name: 'Submit the answer' }).click();
  await expect(desk.getByText('Your answer is submitted. Thank you.')).toBeVisible({ timeout: 30_000 });
  await expect(desk.getByText(/Submitted on .* by R\. K\. Sharma, Registrar/)).toBeVisible();
  await desk.screenshot({ path: 'e2e/screenshots/institution-answer-phone.png', fullPage: true });
  await registrar.close();

  // The case shows the answer against the claim, the difference in words; the verifier completes with a note.
  await page.reload();
  const answers = section.getByRole('region', { name: 'Answers about Degree' });
  await expect(answers).toBeVisible({ timeout: 30_000 });
  await expect(answers).toContainText('1 fact differs from the claim');
  await expect(answers).toContainText(/R\. K\. Sharma, Registrar/);
  await expect(answers).toContainText(registrarEmail);
  const yearsRow = answers.getByRole('rowheader', { name: 'Years' }).locator('xpath=..');
  await expect(yearsRow).toContainText(/2022.*Differs.*2021/);
  await expectNoSidewaysScroll(page, 'the case with the answer');
  await page.screenshot({ path: 'e2e/screenshots/institution-answer-case.png', fullPage: true });
  await answers.getByRole('button', { name: 'Complete from this answer' }).click();
  const note = page.getByRole('dialog', { name: 'Complete Degree despite the difference?' });
  await note
    .getByRole('textbox', { name: /Why the difference does not matter/ })
    .fill('The degree was awarded in the 2021 convocation for the 2022 batch');
  await note.getByRole('button', { name: 'Complete' }).click();
  await expect(note).toBeHidden({ timeout: 30_000 });
  await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Confirmed by the issuing institution')).toBeVisible();

  // The candidate: the degree reads confirmed by the institution, and its credential names the registrar.
  await candidatePage.goto('/wallet');
  const credential = candidatePage.getByRole('link', { name: 'View credential: Degree' });
  await expect(credential).toBeVisible({ timeout: 45_000 });
  await credential.click();
  await expect(candidatePage.getByText(`Confirmed by the Registrar, ${UNIVERSITY}, on`)).toBeVisible();
  await candidate.close();
});
