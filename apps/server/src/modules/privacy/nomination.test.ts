import {
  PRIVACY_NOMINATION_PATHS,
  SERVICE_BASES,
  nominationResponseSchema,
  opsNomineeResponseSchema,
  type NominationResponse,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPersonalData } from '../../test/personal-data-search.js';
import {
  bearer,
  createTestApp,
  expectCode,
  signUp,
  staffSignIn,
  uniqueMobile,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

/** Nomination (issue 29, DPDP Act s. 14): one nominee, every change kept; the team reads the current one. */
const N = PRIVACY_NOMINATION_PATHS;
const url = `${SERVICE_BASES.webWallet}${N.nomination}`;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
});
afterAll(() => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.db.orm.execute(query);
  return (result as { rows: T[] }).rows;
}
const get = (h: Headers) => t.request({ method: 'GET', url, headers: h });
const put = (h: Headers, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url, headers: h, body });
const remove = (h: Headers) => t.request({ method: 'DELETE', url, headers: h });
const ok = (res: Awaited<ReturnType<typeof get>>) =>
  nominationResponseSchema.parse(expectCode<NominationResponse>(res, 0, 200));

async function candidate() {
  const session = await signUp(t);
  const [row] = await rows<{ id: string }>(sql`select id from profiles where mobile = ${session.mobile}`);
  return { h: bearer(session.accessToken), mobile: session.mobile, profileId: row!.id };
}

const NOMINEE = {
  name: 'Meera Nair',
  relationship: 'sibling',
  mobile: '9812345670',
  email: 'meera@example.in',
};

describe('nomination (DPDP Act s. 14)', () => {
  it('names, changes and removes the nominee, keeping every change with its time', async () => {
    const c = await candidate();
    expect(ok(await get(c.h))).toEqual({ nominee: null, history: [] });

    const named = ok(await put(c.h, NOMINEE));
    expect(named.nominee).toMatchObject({ ...NOMINEE });
    expect(named.history.map((e) => e.action)).toEqual(['named']);

    // The same again (a retry, a double click): nothing new is recorded.
    expect(ok(await put(c.h, NOMINEE)).history).toHaveLength(1);

    t.clock.advance(60);
    const changed = ok(await put(c.h, { ...NOMINEE, name: 'Arjun Nair', relationship: 'spouse', email: '' }));
    expect(changed.nominee).toMatchObject({ name: 'Arjun Nair', relationship: 'spouse', email: null });
    expect(changed.history.map((e) => [e.action, e.name])).toEqual([
      ['changed', 'Arjun Nair'],
      ['named', 'Meera Nair'],
    ]);
    expect(changed.history[0]!.at > changed.history[1]!.at).toBe(true);

    t.clock.advance(60);
    const removed = ok(await remove(c.h));
    expect(removed.nominee).toBeNull();
    expect(removed.history.map((e) => e.action)).toEqual(['removed', 'changed', 'named']);
    // Removing none records nothing.
    expect(ok(await remove(c.h)).history).toHaveLength(3);
  });

  it('refuses bad input with the field and its message, and changes nothing', async () => {
    const c = await candidate();
    for (const [body, path] of [
      [{ ...NOMINEE, mobile: '12345' }, 'mobile'],
      [{ ...NOMINEE, name: '' }, 'name'],
      [{ ...NOMINEE, relationship: 'boss' }, 'relationship'],
      [{ ...NOMINEE, email: 'not-an-email' }, 'email'],
    ] as const) {
      const issues = expectCode<{ path: string; message: string }[]>(await put(c.h, body), 100, 400);
      expect(issues.map((i) => i.path)).toContain(path);
    }
    // The candidate cannot name themself.
    expectCode(await put(c.h, { ...NOMINEE, mobile: c.mobile }), 358, 400);
    expect(ok(await get(c.h))).toEqual({ nominee: null, history: [] });
  });

  it('a candidate sees and changes only their own nomination; signed out is refused', async () => {
    const a = await candidate();
    const b = await candidate();
    ok(await put(a.h, NOMINEE));
    expect(ok(await get(b.h))).toEqual({ nominee: null, history: [] });
    ok(await remove(b.h));
    expect(ok(await get(a.h)).nominee).toMatchObject({ name: 'Meera Nair' });
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the team reads the current nominee (audited); a candidate cannot', async () => {
    const c = await candidate();
    ok(await put(c.h, { ...NOMINEE, mobile: uniqueMobile() }));
    const verifier = await staffSignIn(t, VERIFIER);
    const answer = opsNomineeResponseSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: N.opsNominee(c.profileId), headers: verifier }),
        0,
        200,
      ),
    );
    expect(answer).toMatchObject({
      profileId: c.profileId,
      nominee: { name: 'Meera Nair', relationship: 'sibling' },
    });
    const audits = await rows(
      sql`select action from ops_audit where target_id = ${c.profileId} and action = 'privacy.nominee-read'`,
    );
    expect(audits).toHaveLength(1);
    // Unknown candidate: 359; not a uuid: 100; a candidate's token: refused.
    expectCode(
      await t.request({
        method: 'GET',
        url: N.opsNominee('00000000-0000-4000-8000-000000000000'),
        headers: verifier,
      }),
      359,
      404,
    );
    expectCode(await t.request({ method: 'GET', url: N.opsNominee('nope'), headers: verifier }), 100, 400);
    expect(
      (await t.request({ method: 'GET', url: N.opsNominee(c.profileId), headers: c.h })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });

  it('erasure removes every nomination of the candidate', async () => {
    const c = await candidate();
    ok(await put(c.h, { ...NOMINEE, name: 'Zubin Quasar', mobile: '9898989801' }));
    ok(await put(c.h, { ...NOMINEE, name: 'Yamini Quasar', mobile: '9898989802' }));
    const needles = ['Zubin Quasar', 'Yamini Quasar', '9898989801', '9898989802'];
    expect((await searchPersonalData(t.db, needles)).map((h) => h.table)).toContain('nominations');
    await t.app.erasureJobs.erasure.request(c.profileId);
    t.clock.advance(8 * 86_400);
    for (let i = 0; i < 20; i++) {
      await t.app.erasureJobs.runOnce();
      if ((await t.app.erasureJobs.erasure.status(c.profileId))?.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await t.app.erasureJobs.erasure.status(c.profileId))?.status).toBe('done');
    const hits = await searchPersonalData(t.db, needles);
    expect(hits.filter((h) => h.table !== 'ops_audit' && h.table !== 'org_audit')).toEqual([]);
  });
});
