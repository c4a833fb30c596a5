import { API_PATHS, SERVICE_BASES, type TransactionInfo } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';

describe('POST /transactions/name-change-request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function candidate() {
    const session = await signUp(t);
    const headers = bearer(session.accessToken);
    const created = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(P.transactions),
        headers,
        body: { orgId: ORG, eKycFormId: 'demo-form' },
      }),
      0,
      200,
    );
    return { headers, txnId: created.transactionId };
  }
  const file = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: v1(P.nameChangeRequest), headers, body });
  const info = async (headers: Record<string, string>, txnId: string) =>
    expectCode<TransactionInfo>(
      await t.request({ method: 'GET', url: v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), headers }),
      0,
      200,
    );

  it('files the request once with the proof, and transaction info says it is requested', async () => {
    const { headers, txnId } = await candidate();
    expect((await info(headers, txnId)).nameChangeRequest).toEqual({ requested: false });
    const proof = await uploadDocument(t, headers);
    const body = {
      orgId: ORG,
      txnId,
      verificationName: 'aadhaar',
      documentList: [{ label: 'Gazette notification', url: proof.fileUrl }],
    };
    const first = expectCode<{ id: string; state: string; documentList: unknown }>(
      await file(headers, body),
      0,
      200,
    );
    expect(first).toMatchObject({
      state: 'REQUESTED',
      documentList: [{ label: 'Gazette notification', url: proof.fileUrl }],
    });
    // A retry (a double click, a lost answer) gets the same request back, not a second one.
    const again = expectCode<{ id: string }>(await file(headers, body), 0, 200);
    expect(again.id).toBe(first.id);
    expect((await info(headers, txnId)).nameChangeRequest).toEqual({ requested: true });

    // The candidate's list (/profile shows it) holds the one request; another candidate's holds none.
    const list = await t.request({ method: 'GET', url: v1(P.nameChangeRequest), headers });
    expect(expectCode<{ list: { id: string; state: string }[] }>(list, 0, 200).list).toEqual([
      expect.objectContaining({ id: first.id, state: 'REQUESTED', txnId }),
    ]);
    const other = await candidate();
    const theirs = await t.request({ method: 'GET', url: v1(P.nameChangeRequest), headers: other.headers });
    expect(expectCode<{ list: unknown[] }>(theirs, 0, 200).list).toEqual([]);
    expectCode(await t.request({ method: 'GET', url: v1(P.nameChangeRequest) }), 102, 401);
  });

  it('needs a document: "Upload document proof"; only the caller\'s own uploads count', async () => {
    const { headers, txnId } = await candidate();
    const empty = await file(headers, { orgId: ORG, txnId, verificationName: 'aadhaar', documentList: [] });
    expectCode(empty, 100, 400);
    expect(empty.json().message).toContain('Upload document proof');

    const other = await candidate();
    const theirs = await uploadDocument(t, other.headers);
    const stolen = await file(headers, {
      orgId: ORG,
      txnId,
      verificationName: 'aadhaar',
      documentList: [{ label: 'Proof', url: theirs.fileUrl }],
    });
    expectCode(stolen, 100, 400);
    expect(stolen.json().message).toBe('Upload document proof');
    expectCode(
      await file(headers, {
        orgId: ORG,
        txnId,
        verificationName: 'aadhaar',
        documentList: [{ label: 'Proof', url: 'https://evil.example/x.pdf' }],
      }),
      100,
      400,
    );
    expect((await info(headers, txnId)).nameChangeRequest).toEqual({ requested: false });
  });

  it("refuses another candidate's transaction and a verification the form does not ask for", async () => {
    const mine = await candidate();
    const theirs = await candidate();
    const proof = await uploadDocument(t, mine.headers);
    const doc = [{ label: 'Proof', url: proof.fileUrl }];
    expectCode(
      await file(mine.headers, {
        orgId: ORG,
        txnId: theirs.txnId,
        verificationName: 'aadhaar',
        documentList: doc,
      }),
      122,
      403,
    );
    expectCode(
      await file(mine.headers, {
        orgId: 'other-org',
        txnId: mine.txnId,
        verificationName: 'aadhaar',
        documentList: doc,
      }),
      122,
      403,
    );
    expectCode(
      await file(mine.headers, {
        orgId: ORG,
        txnId: mine.txnId,
        verificationName: 'no-such-check',
        documentList: doc,
      }),
      126,
      400,
    );
    expectCode(
      await t.request({
        method: 'POST',
        url: v1(P.nameChangeRequest),
        body: { orgId: ORG, txnId: mine.txnId, verificationName: 'aadhaar', documentList: doc },
      }),
      102,
      401,
    );
    expect((await info(theirs.headers, theirs.txnId)).nameChangeRequest).toEqual({ requested: false });
  });
});
