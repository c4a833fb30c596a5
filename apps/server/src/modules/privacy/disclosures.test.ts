import {
  PRIVACY_ACCESS_PATHS,
  disclosureListSchema,
  privacyAccessSchema,
  type DisclosureRecord,
} from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureProfile, disclosureRows } from '../../test/disclosures.js';
import { submittedCandidate, type SubmittedCandidate } from '../../test/submitted-candidate.js';
import { bearer, createTestApp, expectCode, signUp, wallet, type TestApp } from '../../test/test-app.js';
import { createPrivacyRepository } from './privacy-repository.js';
import { createPrivacyService, decodeCursor, encodeCursor, type PrivacyService } from './privacy-service.js';

describe("the candidate's right of access and the disclosures (ADR 0049)", () => {
  let t: TestApp;
  let privacy: PrivacyService;
  let asha: SubmittedCandidate;
  let ashaId: string;

  const record = (over: Partial<DisclosureRecord> = {}): DisclosureRecord => ({
    profileId: ashaId,
    txnId: asha.txnId,
    recipientKind: 'institution',
    recipientName: 'Indian Institute of Testing',
    what: 'request',
    detail: 'Degree; 1 document',
    at: t.clock.now(),
    ...over,
  });
  const getAccess = async (h: Record<string, string>) =>
    privacyAccessSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: wallet(PRIVACY_ACCESS_PATHS.access), headers: h }),
        0,
        200,
      ),
    );
  const getDisclosures = async (h: Record<string, string>, query = '') =>
    disclosureListSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: wallet(PRIVACY_ACCESS_PATHS.disclosures) + query, headers: h }),
        0,
        200,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    privacy = createPrivacyService({ repo: createPrivacyRepository(t.db.orm), now: () => t.clock.now() });
    asha = await submittedCandidate(t, { name: 'Asha Rao' });
    const [row] = await disclosureProfile(t, asha.txnId);
    ashaId = row!.profile_id;
  }, 180_000);
  afterAll(() => t?.close());

  it('lists what the product holds by category, with each purpose, and never a full Aadhaar number', async () => {
    const access = await getAccess(asha.h);
    expect(access.profile).toMatchObject({ name: 'Asha Rao', mobile: asha.mobile });
    expect(access.identity.aadhaarLast4).toMatch(/^\d{4}$/);
    expect(JSON.stringify(access)).not.toMatch(/\d{12}/);
    expect(access.categories.map((c) => c.key)).toEqual([
      'profile',
      'identity',
      'requests',
      'documents',
      'payments',
      'notifications',
      'chat',
      'credentials',
      'consents',
    ]);
    const category = (key: string) => access.categories.find((c) => c.key === key)!;
    expect(category('requests')).toMatchObject({ count: 1, usedFor: expect.arrayContaining(['verify']) });
    expect(category('documents').count).toBeGreaterThanOrEqual(1);
    expect(category('credentials').usedFor).toEqual(['wallet']);
    expect(access.requests).toHaveLength(1);
    const [request] = access.requests;
    expect(request).toMatchObject({ txnId: asha.txnId, state: 'SUBMITTED' });
    expect(request!.verifications.map((v) => v.name)).toContain('bgv-degree');
    expect(request!.documents.length).toBeGreaterThanOrEqual(1);
  });

  it('writes a disclosure with its act: a rolled-back act leaves none', async () => {
    await expect(
      t.db.orm.transaction(async (tx) => {
        await privacy.disclose(tx, record({ detail: 'rolled back' }));
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect((await disclosureRows(t, { profileId: ashaId })).map((r) => r.detail)).not.toContain(
      'rolled back',
    );

    await t.db.orm.transaction((tx) => privacy.disclose(tx, record()));
    expect(await disclosureRows(t, { profileId: ashaId })).toContainEqual(
      expect.objectContaining({
        recipient_kind: 'institution',
        what: 'request',
        detail: 'Degree; 1 document',
      }),
    );
  });

  it('lists them newest first, a page at a time; another candidate sees none of them', async () => {
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60);
      await t.db.orm.transaction((tx) =>
        privacy.disclose(
          tx,
          record({ recipientKind: 'partner', recipientName: `Partner ${i}`, what: 'report' }),
        ),
      );
    }
    const first = await getDisclosures(asha.h, '?limit=3');
    expect(first.items.map((d) => d.recipientName)).toEqual(['Partner 3', 'Partner 2', 'Partner 1']);
    expect(first.nextCursor).not.toBeNull();
    const rest = await getDisclosures(asha.h, `?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items.map((d) => d.recipientName)).toContain('Partner 0');
    expect(rest.items.every((d) => !first.items.some((f) => f.id === d.id))).toBe(true);
    expect(rest.nextCursor).toBeNull();

    const other = bearer((await signUp(t, undefined, 'Ravi Kumar')).accessToken);
    expect((await getDisclosures(other)).items).toEqual([]);
    expect((await getAccess(other)).requests).toEqual([]);
  });

  it('refuses a cursor it did not make (346) and an anonymous caller', async () => {
    expectCode(
      await t.request({
        method: 'GET',
        url: `${wallet(PRIVACY_ACCESS_PATHS.disclosures)}?cursor=not-a-cursor`,
        headers: asha.h,
      }),
      346,
      400,
    );
    const anonymous = await t.request({ method: 'GET', url: wallet(PRIVACY_ACCESS_PATHS.access) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('its cursor round-trips and rejects anything else', () => {
    const at = new Date('2030-01-15T10:00:00.000Z');
    const id = '11111111-1111-4111-8111-111111111111';
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
    expect(decodeCursor('')).toBeNull();
    expect(decodeCursor(Buffer.from(`nonsense|${id}`).toString('base64url'))).toBeNull();
  });
});
