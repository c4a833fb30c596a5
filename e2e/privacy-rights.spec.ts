import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  marksheetPdf,
  uniqueMobile,
  useSession,
} from './fixtures';

// Issue 29, "Done means": a candidate reads the notice, consents, completes part of a form (the 10th
// fetched from DigiLocker, a document uploaded), sees who received their data, withdraws, and asks for
// erasure; after the erasure job every table, the file storage and the server's log written since are
// searched for their mobile, their name and their file: found only where ADR 0049 keeps it.
test.use({ autoConsent: false });

const ORG = 'demo-university';
const FORM = 'demo-form';
const BASE = '/api/verification/v1';
/** The e2e server's log (scripts/e2e-server.mjs keeps a copy of it there). */
const SERVER_LOG = fileURLToPath(new URL('../data/e2e/server.log', import.meta.url));
/** Tables ADR 0049 "Erasure" keeps a trace in: the staff access logs (their own period). */
const KEPT_TABLES = new Set(['ops_audit', 'org_audit']);

/** A word no other spec's candidate carries: DigiLocker's "Asha Verma" matches with a middle name left out. */
function uniqueMiddleName(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'Zy';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

test('notice, consent, part of a form, disclosures, withdrawal, erasure: nothing of the candidate left', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const mobile = uniqueMobile();
  const middle = uniqueMiddleName();
  const session = await apiLogin(request, mobile, `Asha ${middle} Verma`);
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };

  // The notice, then the consent: the form starts (its questionnaire opens).
  await page.goto(`/ekyc/${FORM}?orgId=${ORG}`);
  await page.getByRole('button', { name: 'Start Verification' }).click();
  const notice = page.getByRole('region', { name: /^Privacy notice:/ });
  await expect(notice.getByRole('heading', { name: 'What we will collect' })).toBeVisible();
  await notice.getByRole('checkbox', { name: /credentials in your Veridocs wallet/ }).check();
  await notice.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const txnId = /\/ekyc\/[^/]+\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(txnId).toBeTruthy();
  // The questionnaire's answers and the start through the API (other specs walk them on screen).
  await request.patch(`${BASE}/transactions/user-response`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      data: [
        { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
        { questionId: 'demo-q-source', answer: 'EMPLOYER' },
      ],
    },
  });
  const started = await (
    await request.post(`${BASE}/transactions/process`, { headers, data: { orgId: ORG, txnId } })
  ).json();
  expect(started.code, JSON.stringify(started)).toBe(0);

  // Part of the form: the 10th fetched from DigiLocker (its consent enters the ledger), a document uploaded.
  const q = new URLSearchParams({ orgId: ORG, txnId: txnId!, name: 'bgv-tenth' }).toString();
  await page.goto(`/digilocker?${q}`);
  await page.getByLabel('I agree to share these documents from my DigiLocker').check();
  await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();
  await page.getByLabel(/Mobile/).fill('9000000001');
  await page.getByLabel(/PIN/).fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Allow/ }).click();
  await page.getByRole('button', { name: 'Fetch this document' }).click();
  await expect(
    page.getByRole('heading', { name: 'Verified with the issuer through DigiLocker' }),
  ).toBeVisible();
  const document = await marksheetPdf(`Asha ${middle} Verma`);
  const uploaded = await (
    await request.post('/api/utility/files', {
      headers,
      multipart: { file: { name: `${middle}-marksheet.pdf`, mimeType: 'application/pdf', buffer: document } },
    })
  ).json();
  expect(uploaded.code, JSON.stringify(uploaded)).toBe(0);

  // Who received their data: the issuer the DigiLocker pull asked.
  await page.goto('/privacy/access');
  await expect(page.getByRole('heading', { name: 'Who received your data' })).toBeVisible();
  await expect(page.getByText('Document fetched from the issuer').first()).toBeVisible();
  await expect(page.getByText('Your data has not been given to anyone outside our team.')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'access at 360 px');
  await expectNoSeriousA11yViolations(page);

  // Withdrawing the purpose the request needs: it stops.
  await page.goto('/privacy');
  await page.getByRole('button', { name: 'Withdraw: Verify your data and documents' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw consent?' });
  await expect(confirm.getByText(/stops\. Verifications still open are closed/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(/^Consent withdrawn/)).toBeVisible();
  await expect(page.getByText(/^Withdrawn on /).first()).toBeVisible();

  // The erasure request: what goes, what stays and why; then its status.
  await page.goto('/privacy/erasure');
  await expect(page.getByRole('heading', { name: 'What we keep, and why' })).toBeVisible();
  await page.getByRole('button', { name: 'Request erasure' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(
    page.getByText(/^Your request was received on .+\. Your data will be erased on /),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 'erasure at 360 px');
  await expectNoSeriousA11yViolations(page);

  // Before: the search finds the candidate (a check of the search itself).
  const search = async () => {
    const body = await (
      await request.post('/api/dev/privacy/search', {
        data: { needles: [mobile, middle], bytes: [document.toString('base64')] },
      })
    ).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data.hits as { needle: string; table?: string; objectKey?: string }[];
  };
  const before = await search();
  expect(before.some((h) => h.table === 'profiles' && h.needle === middle)).toBe(true);
  expect(before.some((h) => h.objectKey && h.needle === 'bytes[0]')).toBe(true);

  // The erasure job (a week later in real life; now through the dev tools).
  const logFrom = statSync(SERVER_LOG).size;
  const erased = await (await request.post('/api/dev/privacy/erase-now', { data: { mobile } })).json();
  expect(erased.code, JSON.stringify(erased)).toBe(0);
  expect(erased.data.status).toBe('done');

  // Nowhere but the access logs (kept for their period): no row, no file, no log line (the e2e server
  // logs warnings only; erasure.test.ts reads the same erasure's log at trace level).
  const after = await search();
  expect(after.filter((h) => !h.table || !KEPT_TABLES.has(h.table))).toEqual([]);
  const logSince = readFileSync(SERVER_LOG).subarray(logFrom).toString('utf8');
  expect(logSince).not.toContain(mobile);
  expect(logSince).not.toContain(middle);

  // The account cannot be used again: the old session is gone.
  const me = await request.get('/api/web-wallet/privacy/erasure', { headers });
  expect(me.status()).toBe(401);
});
