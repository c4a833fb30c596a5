import type { APIRequestContext, Download, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, latestOtp } from './fixtures';

/** The invitation link e-mailed to `email` (the dev outbox), relative to the server. */
export async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
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
export async function acceptAndSignIn(page: Page, link: string, email: string, password: string) {
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

/** The bearer header of the portal session the page's tab holds (apps/org keeps it in sessionStorage). */
export async function orgHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(
    () => JSON.parse(window.sessionStorage.getItem('veridocs-org-session') ?? '{}').accessToken as string,
  );
  expect(token, 'a portal session in the tab').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** A download's bytes. */
export async function downloaded(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** The text of every page of a PDF (pdfjs, as the server's document analysis reads them). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}
