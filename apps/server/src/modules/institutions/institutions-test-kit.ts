import {
  API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  caseInstitutionRequestsSchema,
  institutionSchema,
  type CaseInstitutionRequests,
  type Institution,
} from '@veridocs/shared';
import { aadhaarByCaptcha } from '../../test/aadhaar.js';
import { bearer, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { createSecretsRepository } from '../secrets/secrets-repository.js';
import { loadServerKeys } from '../secrets/secrets-service.js';
import { linkTokenFor } from './institution-links.js';
import { consentTo } from '../../test/consent.js';

/** Test helpers of the institutions module (issue 27): a submitted case, the directory, links. */
export type Headers = Record<string, string>;
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
export const ORG = 'demo-university';
const FORM = 'demo-form';

export function institutionsKit(t: () => TestApp) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Headers,
  ) =>
    t().request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });

  async function rowsOf<T>(query: Parameters<TestApp['db']['orm']['execute']>[0]): Promise<T[]> {
    const result: unknown = await t().db.orm.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /**
   * A candidate's submitted case: Class XII (CBSE, submitted with the consent unless `consent` is
   * false) and a degree of an institute outside the reference data ("Other"), Aadhaar verified, and with
   * `employer` an employment there too; then the verifier starts checking them.
   */
  async function submittedCase(staff: Headers, consent = true, name = 'Asha Verma', employer?: string) {
    const h = bearer((await signUp(t(), undefined, name)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h),
      0,
      200,
    );
    await consentTo(t(), h, { orgId: ORG, txnId });
    const answers = [
      { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
      { questionId: 'demo-q-source', answer: 'EMPLOYER' },
    ];
    expectCode(await send('PATCH', v1(P.userResponse), { orgId: ORG, txnId, data: answers }, h), 0, 200);
    expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 0, 200);
    const marksheet = (await uploadDocument(t(), h)).fileId;
    const twelfth = {
      board: { value: 'CBSE' },
      rollNumber: '2200451',
      passingYear: '2019',
      state: 'Delhi',
      marksheet: { fileId: marksheet },
    };
    const base = { orgId: ORG, txnId, verificationName: 'bgv-twelfth', data: twelfth };
    // The consent is given with Submit only: a save that carries it is refused.
    expectCode(await send('PUT', v1(P.bgv), { ...base, contactConsent: true }, h), 100, 400);
    expectCode(await send('POST', v1(P.bgv), consent ? { ...base, contactConsent: true } : base, h), 0, 200);
    const degree = {
      institute: { value: 'Other' },
      degreeName: 'B.Tech',
      passingYear: '2023',
      instituteId: 'R-1',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await uploadDocument(t(), h)).fileId },
    };
    expectCode(
      await send('POST', v1(P.bgv), { orgId: ORG, txnId, verificationName: 'bgv-degree', data: degree }, h),
      0,
      200,
    );
    if (employer) {
      const employment = {
        candidateName: name,
        companyName: employer,
        designation: 'Software Engineer',
        employeeId: 'E-1042',
        employmentType: 'FULL_TIME',
        joiningDate: '2021-07-01',
        currentlyWorking: 'no',
        relievingDate: '2024-03-31',
        documentUrl: { fileId: (await uploadDocument(t(), h)).fileId },
        employerEmail: 'hr@acme.example',
      };
      const bgv = { orgId: ORG, txnId, verificationName: 'bgv-employment', data: employment };
      expectCode(await send('POST', v1(P.bgv), bgv, h), 0, 200);
    }
    await aadhaarByCaptcha(t(), h, { orgId: ORG, txnId });
    const skipped = [
      'bgv-tenth',
      'passport',
      'dl',
      'employment-check',
      ...(employer ? [] : ['bgv-employment']),
      'bgv-address',
      'bgv-ews',
    ];
    expectCode(
      await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: skipped }, h),
      0,
      200,
    );
    expectCode(await send('POST', v1(P.submit), { orgId: ORG, txnId }, h), 0, 200);
    for (const verificationName of ['bgv-twelfth', 'bgv-degree', ...(employer ? ['bgv-employment'] : [])])
      expectCode(
        await send('POST', OPS_API_PATHS.decisions(txnId), { verificationName, state: 'IN_PROGRESS' }, staff),
        0,
        200,
      );
    return { h, txnId, marksheet };
  }

  /** The directory's CBSE entry (added once) with a new confirmed contact. */
  async function confirmedContact(
    admin: Headers,
    email: string,
  ): Promise<{ entry: Institution; contactId: string }> {
    institutionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.institutions, { kind: 'board', refValue: 'CBSE' }, admin),
        0,
        200,
      ),
    );
    const added = institutionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.institutionContacts(await cbseId(admin)), { email }, admin),
        0,
        200,
      ),
    );
    const [mail] = await outbox(t(), email);
    const token = /\?t=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expectCode(await send('POST', '/api/institutions/contacts/confirm', { token }), 0, 200);
    const contactId = added.contacts.find((c) => c.email === email)!.id;
    return { entry: added, contactId };
  }

  async function cbseId(staff: Headers): Promise<string> {
    const list = expectCode<{ items: Institution[] }>(
      await send('GET', `${OPS_API_PATHS.institutions}?kind=board&q=central`, undefined, staff),
      0,
      200,
    );
    return list.items.find((i) => i.refValue === 'CBSE')!.id;
  }

  async function caseRequests(txnId: string, staff: Headers): Promise<CaseInstitutionRequests> {
    return caseInstitutionRequestsSchema.parse(
      expectCode(await send('GET', OPS_API_PATHS.institutionRequests(txnId), undefined, staff), 0, 200),
    );
  }

  /** The link a request's e-mail carries (the mail job builds it the same way). */
  async function linkOf(requestId: string, contactId: string): Promise<string> {
    const keys = await loadServerKeys(t().config.jwtSecret, createSecretsRepository(t().db.orm), {
      keepInDatabase: true,
    });
    return linkTokenFor(keys.institutions, requestId, contactId);
  }

  return { send, rowsOf, submittedCase, confirmedContact, cbseId, caseRequests, linkOf };
}
