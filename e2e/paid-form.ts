import type { APIRequestContext, Page } from '@playwright/test';
import { expect, apiLogin, consentThroughApi, marksheetPdf, uniqueMobile, useSession } from './fixtures';

export const BASE = '/api/verification/v1';
export const ORG = 'demo-university';

/**
 * A candidate on the paid demo form with the degree saved (IIT Bombay) and the rest skipped, signed in
 * on `page`. `toPay` asks the server's amount (smallest unit) in India; `pay` walks one checkout of the
 * sandbox through the API (init, then Pay / Fail / Cancel on its page) and answers the order id.
 */
export async function readyToPay(page: Page, request: APIRequestContext) {
  const demo = (await (await request.get('/api/dev/demo')).json()).data;
  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await request.post(`${BASE}/transactions`, {
    headers,
    data: { orgId: ORG, eKycFormId: demo.paidFormId },
  });
  const txnId = (await created.json()).data.transactionId as string;
  await consentThroughApi(request, headers, ORG, txnId);
  const processed = await request.post(`${BASE}/transactions/process`, {
    headers,
    data: { orgId: ORG, txnId },
  });
  expect((await processed.json()).code).toBe(0);
  const upload = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const degree = await request.post(`${BASE}/bgv`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationName: 'bgv-degree',
      data: {
        institute: { value: 'indian-institute-of-technology-bombay' },
        degreeName: 'B.Tech in Computer Science',
        passingYear: '2020',
        instituteId: 'R-2016-0042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
        marksheet: { fileId: (await upload.json()).data.fileId },
      },
    },
  });
  expect((await degree.json()).code).toBe(0);
  const skipped = await request.post(`${BASE}/transactions/process/mark-as-skip`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationNameList: ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'],
    },
  });
  expect((await skipped.json()).code).toBe(0);

  const toPay = async (express: boolean) =>
    (
      await (
        await request.get(
          `${BASE}/transactions/payment/price?orgId=${ORG}&txnId=${txnId}&region=IN&express=${express}`,
          { headers },
        )
      ).json()
    ).data.toPay as number;

  let attempts = 0;
  const pay = async (outcome: 'pay' | 'fail' | 'cancel'): Promise<string> => {
    const started = await request.post(`${BASE}/transactions/payment/init`, {
      headers: { ...headers, 'idempotency-key': `e2e-${txnId}-${++attempts}` },
      data: { orgId: ORG, txnId, region: 'IN', express: false },
    });
    const body = await started.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    const sessionId = (body.data.redirectInfo.web as string).split('/').pop()!;
    const done = await request.post(`/api/payments/sandbox/checkout/${sessionId}/complete`, {
      form: { outcome },
      maxRedirects: 0,
    });
    expect(done.status()).toBe(303);
    return body.data.orderId as string;
  };
  /** The order's status as the candidate's status poll reads it (it asks the gateway). */
  const statusOf = async (orderId: string) =>
    (
      await (
        await request.get(`${BASE}/transactions/payment?orgId=${ORG}&txnId=${txnId}&orderId=${orderId}`, {
          headers,
        })
      ).json()
    ).data.currentStatus as string;
  return { txnId, headers, formId: demo.paidFormId as string, toPay, pay, statusOf };
}
