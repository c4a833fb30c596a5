import {
  DEFAULT_PARTNER_ORG_ID,
  PRIVACY_OPS_PATHS,
  breachDetailSchema,
  breachListSchema,
  breachNotifyResponseSchema,
  type BreachDetail,
  type BreachVersionInput,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCode, outbox, staffSignIn, type TestApp } from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const ORG = 'demo-university';
const FORM = 'demo-form';

/** Three candidates of the demo form (one reads Hindi), two of another organisation's form. */
const CANDIDATES = [
  { n: 1, mobile: '7300000001', language: 'en', org: ORG, form: FORM, created: '2030-01-05T00:00:00Z' },
  { n: 2, mobile: '7300000002', language: 'hi', org: ORG, form: FORM, created: '2030-01-06T00:00:00Z' },
  { n: 3, mobile: '7300000003', language: null, org: ORG, form: FORM, created: '2030-01-12T00:00:00Z' },
  {
    n: 4,
    mobile: '7300000004',
    language: 'en',
    org: DEFAULT_PARTNER_ORG_ID,
    form: 'demo-profile-form',
    created: '2030-01-05T00:00:00Z',
  },
  {
    n: 5,
    mobile: '7300000005',
    language: 'en',
    org: DEFAULT_PARTNER_ORG_ID,
    form: 'demo-profile-form',
    created: '2030-01-05T00:00:00Z',
  },
] as const;

const input = (over: Partial<BreachVersionInput> = {}): BreachVersionInput => ({
  title: 'Exported case list left on a shared drive',
  foundAt: '2030-01-14T09:30:00Z',
  occurredFrom: '2030-01-10T00:00:00Z',
  occurredTo: '2030-01-13T00:00:00Z',
  dataClasses: ['identity', 'contact'],
  affected: { kind: 'transactions', orgId: ORG, formId: FORM, createdFrom: null, createdTo: null },
  notice: {
    en: {
      whatHappened: 'A list with your name and mobile number could be read on a shared drive.',
      consequences: 'Someone may call you pretending to be us.',
      actionsTaken: 'We removed the file and changed who can open the drive.',
      whatTheyCanDo: 'Do not share an OTP with anyone who calls you.',
    },
    hi: {
      whatHappened: 'आपके नाम और मोबाइल नंबर वाली एक सूची साझा ड्राइव पर पढ़ी जा सकती थी।',
      consequences: 'कोई हमारे नाम से आपको फ़ोन कर सकता है।',
      actionsTaken: 'हमने फ़ाइल हटा दी।',
      whatTheyCanDo: 'फ़ोन करने वाले किसी को OTP न बताएँ।',
    },
  },
  boardNotifiedAt: null,
  ...over,
});

describe('the breach register: versions, notices once per candidate (ADR 0049)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let verifier: Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers = admin) =>
    t.request({ method, url, headers, ...(body === undefined ? {} : { body: body as object }) });
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await t.db.orm.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  }
  const registerState = async () => ({
    breaches: await rows(sql`select * from breaches order by id`),
    versions: await rows(sql`select breach_id, version from breach_versions order by breach_id, version`),
    notices: await rows(sql`select id from breach_notices order by id`),
  });
  const create = async (over: Partial<BreachVersionInput> = {}) =>
    breachDetailSchema.parse(expectCode(await call('POST', PRIVACY_OPS_PATHS.breaches, input(over)), 0, 200));

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        GRIEVANCE_OFFICER_NAME: 'Asha Rao',
        GRIEVANCE_OFFICER_EMAIL: 'grievance@veridocs.example',
        GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
      },
    });
    admin = await staffSignIn(t, ADMIN);
    verifier = await staffSignIn(t, VERIFIER);
    for (const c of CANDIDATES) {
      await t.db.orm.execute(sql`insert into profiles (id, mobile, name, language)
        values (md5(${`breach-p${c.n}`})::uuid, ${c.mobile}, ${`Candidate ${c.n}`}, ${c.language})`);
      await t.db.orm
        .execute(sql`insert into transactions (id, profile_id, org_id, form_id, created_at, updated_at)
        values (md5(${`breach-t${c.n}`})::uuid, md5(${`breach-p${c.n}`})::uuid, ${c.org}, ${c.form},
          ${c.created}::timestamptz, ${c.created}::timestamptz)`);
    }
  });
  afterAll(() => t?.close());

  it('is for admins only: a verifier gets 403 on every route, and nothing is written', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', PRIVACY_OPS_PATHS.breaches, undefined],
      ['POST', PRIVACY_OPS_PATHS.breaches, input()],
      ['GET', PRIVACY_OPS_PATHS.breach(id), undefined],
      ['POST', PRIVACY_OPS_PATHS.breachVersions(id), input()],
      ['POST', PRIVACY_OPS_PATHS.breachBoardNotified(id), { notifiedAt: '2030-01-14T10:00:00Z' }],
      ['POST', PRIVACY_OPS_PATHS.breachNotify(id), { version: 1 }],
    ] as const)
      expectCode(await call(method, url, body, verifier), 103, 403);
    expect((await registerState()).breaches).toHaveLength(0);
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const refused = async (body: unknown, message: RegExp) => {
      const res = await call('POST', PRIVACY_OPS_PATHS.breaches, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await refused(input({ dataClasses: [] }), /at least one kind of data/);
    await refused({ ...input(), dataClasses: ['identity', 'passwords'] }, /dataClasses/);
    await refused(
      input({ occurredFrom: '2030-01-13T00:00:00Z', occurredTo: '2030-01-10T00:00:00Z' }),
      /ends before it starts/,
    );
    await refused(
      input({
        affected: { kind: 'transactions', orgId: null, formId: null, createdFrom: null, createdTo: null },
      }),
      /Name an organisation, a form or a time window/,
    );
    await refused(
      input({
        affected: {
          kind: 'transactions',
          orgId: 'no-such-org',
          formId: null,
          createdFrom: null,
          createdTo: null,
        },
      }),
      /No organisation has the id no-such-org/,
    );
    await refused(
      input({
        affected: {
          kind: 'transactions',
          orgId: DEFAULT_PARTNER_ORG_ID,
          formId: FORM,
          createdFrom: null,
          createdTo: null,
        },
      }),
      /is not .*'s/,
    );
    await refused(input({ foundAt: '2031-01-01T00:00:00Z' }), /found in the future/);
    await refused(
      { ...input(), notice: { en: { ...input().notice.en, whatHappened: '' }, hi: null } },
      /what happened/,
    );
    expect(await registerState()).toEqual({ breaches: [], versions: [], notices: [] });
  });

  let breach: BreachDetail;
  it('records an entry with the count its selector matched, and lists it newest first', async () => {
    breach = await create();
    expect(breach.current).toMatchObject({ version: 1, affectedCount: 3, boardNotifiedAt: null });
    expect(breach.current.authorName).toBe(ADMIN.name);
    expect(breach.versions).toHaveLength(1);
    expect(breach.matchingNow).toBe(3);
    t.clock.advance(60);
    // A window of transaction creation across organisations: candidates 1, 4 and 5.
    const windowed = await create({
      title: 'Second',
      affected: {
        kind: 'transactions',
        orgId: null,
        formId: null,
        createdFrom: '2030-01-05T00:00:00Z',
        createdTo: '2030-01-05T23:59:59Z',
      },
    });
    expect(windowed.current.affectedCount).toBe(3);
    t.clock.advance(60);
    const everyone = await create({ title: 'Third', affected: { kind: 'all' } });
    expect(everyone.current.affectedCount).toBeGreaterThanOrEqual(5);
    const list = breachListSchema.parse(expectCode(await call('GET', PRIVACY_OPS_PATHS.breaches), 0, 200));
    expect(list.list.map((b) => b.current.title)).toEqual(['Third', 'Second', breach.current.title]);
    const audit = await rows<{ action: string; target_id: string }>(
      sql`select action, target_id from ops_audit where target_type = 'breach' order by id`,
    );
    expect(audit.filter((a) => a.action === 'privacy.breach-create')).toHaveLength(3);
  });

  it('corrects an entry by a new version, never by overwriting; marks the Board told as a version', async () => {
    const corrected = breachDetailSchema.parse(
      expectCode(
        await call(
          'POST',
          PRIVACY_OPS_PATHS.breachVersions(breach.id),
          input({
            title: 'Case list on a shared drive (corrected)',
            dataClasses: ['identity', 'contact', 'documents'],
          }),
        ),
        0,
        200,
      ),
    );
    expect(corrected.current).toMatchObject({ version: 2, title: 'Case list on a shared drive (corrected)' });
    expect(corrected.versions.map((v) => [v.version, v.title])).toEqual([
      [2, 'Case list on a shared drive (corrected)'],
      [1, 'Exported case list left on a shared drive'],
    ]);
    const told = breachDetailSchema.parse(
      expectCode(
        await call('POST', PRIVACY_OPS_PATHS.breachBoardNotified(breach.id), {
          notifiedAt: '2030-01-15T08:00:00Z',
        }),
        0,
        200,
      ),
    );
    expect(told.current).toMatchObject({
      version: 3,
      title: 'Case list on a shared drive (corrected)',
      boardNotifiedAt: '2030-01-15T08:00:00.000Z',
      dataClasses: ['identity', 'contact', 'documents'],
    });
    // Before the breach was found, or in the future: refused, no version added.
    for (const notifiedAt of ['2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z'])
      expectCode(
        await call('POST', PRIVACY_OPS_PATHS.breachBoardNotified(breach.id), { notifiedAt }),
        100,
        400,
      );
    expectCode(
      await call('POST', PRIVACY_OPS_PATHS.breachVersions(breach.id), input({ dataClasses: [] })),
      100,
      400,
    );
    breach = breachDetailSchema.parse(
      expectCode(await call('GET', PRIVACY_OPS_PATHS.breach(breach.id)), 0, 200),
    );
    expect(breach.versions).toHaveLength(3);
    // The database itself refuses to rewrite or remove a version.
    for (const query of [
      sql`update breach_versions set title = 'rewritten' where breach_id = ${breach.id}::uuid`,
      sql`delete from breach_versions where breach_id = ${breach.id}::uuid`,
      sql`delete from breaches where id = ${breach.id}::uuid`,
    ])
      await expect(t.db.orm.execute(query)).rejects.toSatisfy(
        (e: { message: string; cause?: { message: string } }) =>
          /append-only/.test(e.cause?.message ?? e.message),
      );
    expectCode(await call('GET', PRIVACY_OPS_PATHS.breach('00000000-0000-4000-8000-000000000000')), 101, 404);
  });

  it('notifies each person affected once, in their language, naming the grievance officer', async () => {
    // The version the admin read must be the current one.
    expectCode(await call('POST', PRIVACY_OPS_PATHS.breachNotify(breach.id), { version: 2 }), 115, 409);
    const first = breachNotifyResponseSchema.parse(
      expectCode(await call('POST', PRIVACY_OPS_PATHS.breachNotify(breach.id), { version: 3 }), 0, 200),
    );
    expect(first).toEqual({ version: 3, queued: 3, already: 0 });
    // A retry (a second click, a lost answer) queues nothing more.
    const retry = breachNotifyResponseSchema.parse(
      expectCode(await call('POST', PRIVACY_OPS_PATHS.breachNotify(breach.id), { version: 3 }), 0, 200),
    );
    expect(retry).toEqual({ version: 3, queued: 0, already: 3 });
    while (await t.app.breachJobs.deliverOnce());
    // The app's own loop may hold some notices a moment (it claimed them first): they are sent by it.
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from breach_notices where status <> 'sent'`,
            )
          )[0]!.n,
        { timeout: 20_000 },
      )
      .toBe(0);
    expect(await t.app.breachJobs.deliverOnce()).toBe(false);

    const [english] = await outbox(t, '7300000001');
    expect(await outbox(t, '7300000001')).toHaveLength(1);
    expect(english!.body).toContain(
      'A list with your name and mobile number could be read on a shared drive.',
    );
    expect(english!.body).toContain('What you can do: Do not share an OTP');
    expect(english!.body).toContain(
      'from 10 January 2030 to 13 January 2030; we found it on 14 January 2030',
    );
    expect(english!.body).toContain('Asha Rao, grievance@veridocs.example, +91 80 4000 1234');
    const hindi = await outbox(t, '7300000002');
    expect(hindi).toHaveLength(1);
    expect(hindi[0]!.body).toContain('आप क्या कर सकते हैं: फ़ोन करने वाले किसी को OTP न बताएँ।');
    expect(hindi[0]!.body).toContain('Asha Rao');
    // No language recorded: English.
    expect((await outbox(t, '7300000003'))[0]!.body).toContain('What happened:');
    // Not affected: nothing.
    expect(await outbox(t, '7300000004')).toHaveLength(0);

    const detail = breachDetailSchema.parse(
      expectCode(await call('GET', PRIVACY_OPS_PATHS.breach(breach.id)), 0, 200),
    );
    expect(detail.sends).toEqual([{ version: 3, queued: 0, sent: 3, failed: 0 }]);
    const list = breachListSchema.parse(expectCode(await call('GET', PRIVACY_OPS_PATHS.breaches), 0, 200));
    expect(list.list.find((b) => b.id === breach.id)!.sent).toBe(3);
    // Another notify after the sends still sends nothing twice.
    expect(
      breachNotifyResponseSchema.parse(
        expectCode(await call('POST', PRIVACY_OPS_PATHS.breachNotify(breach.id), { version: 3 }), 0, 200),
      ).queued,
    ).toBe(0);
    expect(await t.app.breachJobs.deliverOnce()).toBe(false);
    expect(await outbox(t, '7300000001')).toHaveLength(1);
    const audit = await rows<{ detail: { queued: number } }>(
      sql`select detail from ops_audit where action = 'privacy.breach-notify' and target_id = ${breach.id} order by id`,
    );
    expect(audit.map((a) => a.detail.queued)).toEqual([3, 0, 0]);
  });
});

describe('access logs: not changed, not deleted by staff; the purge removes rows past a year (ADR 0049)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  const refusal = async (query: ReturnType<typeof sql>) => {
    const error = (await t.db.orm.execute(query).then(
      () => null,
      (e: unknown) => e,
    )) as { message: string; cause?: { message: string } } | null;
    return error?.cause?.message ?? error?.message ?? 'accepted';
  };
  async function countOf(table: 'ops_audit' | 'org_audit', action: string): Promise<number> {
    const result = (await t.db.orm.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where action = ${action}`,
    )) as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  }

  for (const table of ['ops_audit', 'org_audit'] as const) {
    it(`${table}: UPDATE, DELETE and TRUNCATE are refused; an old row goes only in a purge transaction`, async () => {
      const id = sql.identifier(table);
      const org = table === 'org_audit' ? sql`org_id, ` : sql``;
      const orgValue = table === 'org_audit' ? sql`'demo-university', ` : sql``;
      await t.db.orm.execute(sql`insert into ${id} (${org}action, at) values
        (${orgValue}'test.recent', now() - interval '30 days'),
        (${orgValue}'test.old', now() - interval '2 years')`);

      expect(await refusal(sql`update ${id} set action = 'edited' where action = 'test.recent'`)).toMatch(
        /access log/,
      );
      expect(await refusal(sql`delete from ${id} where action = 'test.old'`)).toMatch(/access log/);
      expect(await refusal(sql`truncate ${id}`)).toMatch(/access log/);
      // The purge's setting does not let it change a row, nor remove one younger than a year.
      const purge = async (statement: ReturnType<typeof sql>) =>
        t.db.orm
          .transaction(async (tx) => {
            await tx.execute(sql`select set_config('veridocs.purge', 'on', true)`);
            await tx.execute(statement);
          })
          .then(
            () => 'accepted',
            (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
          );
      expect(await purge(sql`update ${id} set action = 'edited' where action = 'test.old'`)).toMatch(
        /access log/,
      );
      expect(await purge(sql`delete from ${id} where action = 'test.recent'`)).toMatch(/access log/);
      expect(await countOf(table, 'test.recent')).toBe(1);
      expect(await countOf(table, 'test.old')).toBe(1);

      expect(await purge(sql`delete from ${id} where action = 'test.old'`)).toBe('accepted');
      expect(await countOf(table, 'test.old')).toBe(0);
      // The setting was the transaction's own: the next statement is refused again.
      expect(await refusal(sql`delete from ${id} where action = 'test.recent'`)).toMatch(/access log/);
      expect(await countOf(table, 'test.recent')).toBe(1);
    });
  }
});
