import { PRIVACY_OPS_PATHS, ledgerCheckResponseSchema, type PurposeChoice } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCode, staffSignIn, type TestApp } from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { createPrivacyRepository } from './privacy-repository.js';
import { createPrivacyService, type PrivacyService } from './privacy-service.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const PROFILE = '11111111-1111-4111-8111-111111111111';
const NOTICE = 'a'.repeat(64);
const REQUIRED: PurposeChoice[] = [
  { purpose: 'verify', granted: true },
  { purpose: 'report_organisation', granted: true },
];

describe('the consent ledger: appended in one line, append-only, checked (ADR 0049)', () => {
  let t: TestApp;
  let privacy: PrivacyService;
  let admin: Record<string, string>;
  const entry = (over: Partial<Parameters<PrivacyService['record']>[0]> = {}) =>
    privacy.record({
      profileId: PROFILE,
      orgId: 'demo-university',
      formId: 'demo-form',
      txnId: null,
      noticeHash: NOTICE,
      action: 'consent',
      purposes: REQUIRED,
      channel: 'web',
      ...over,
    });
  const check = async (who = admin) =>
    ledgerCheckResponseSchema.parse(
      expectCode(
        await t.request({ method: 'POST', url: PRIVACY_OPS_PATHS.ledgerCheck, headers: who }),
        0,
        200,
      ),
    );
  const execute = (query: ReturnType<typeof sql>) => t.db.orm.execute(query);

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    privacy = createPrivacyService({
      repo: createPrivacyRepository(t.db.orm),
      now: () => t.clock.now(),
      checkBatch: 3,
    });
    admin = await staffSignIn(t, ADMIN);
  });
  afterAll(() => t?.close());

  it('an empty ledger holds; only an admin may check it', async () => {
    expect(await check()).toMatchObject({ ok: true, entries: 0, headHash: null, firstBadSeq: null });
    expectCode(
      await t.request({
        method: 'POST',
        url: PRIVACY_OPS_PATHS.ledgerCheck,
        headers: await staffSignIn(t, VERIFIER),
      }),
      103,
      403,
    );
  });

  it('refuses entries that say nothing or contradict themselves, and keeps nothing of them', async () => {
    await expect(entry({ purposes: [] })).rejects.toMatchObject({ code: 100 });
    await expect(entry({ purposes: [{ purpose: 'verify', granted: true }] })).rejects.toThrow(
      /required purposes: report_organisation/,
    );
    await expect(entry({ purposes: [...REQUIRED, { purpose: 'verify', granted: false }] })).rejects.toThrow(
      /named twice/,
    );
    await expect(
      entry({ action: 'withdraw', purposes: [{ purpose: 'wallet', granted: true }] }),
    ).rejects.toThrow(/A withdrawal grants nothing/);
    expect((await check()).entries).toBe(0);
  });

  it('appends concurrent entries as one gap-free chain, across batches of the check', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        entry({
          purposes: [...REQUIRED, { purpose: 'wallet', granted: i % 2 === 0 }],
          channel: i % 3 ? 'web' : 'api',
        }),
      ),
    );
    expect(made.map((e) => e.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await entry({ action: 'withdraw', purposes: [{ purpose: 'wallet', granted: false }] });
    const result = await check();
    expect(result).toMatchObject({ ok: true, entries: 9, firstBadSeq: null, problem: null });
    const { rows } = (await execute(sql`select hash from consent_ledger where seq = 9`)) as {
      rows: { hash: string }[];
    };
    expect(result.headHash).toBe(rows[0]!.hash);
  });

  it('the database refuses to change or remove an entry, whoever asks', async () => {
    // The driver's error wraps the database's (its `cause`).
    const refusal = async (query: ReturnType<typeof sql>) => {
      const error = (await execute(query).then(
        () => null,
        (e: unknown) => e,
      )) as { message: string; cause?: { message: string } } | null;
      return error?.cause?.message ?? error?.message ?? 'accepted';
    };
    expect(await refusal(sql`update consent_ledger set org_id = 'edited' where seq = 2`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`delete from consent_ledger where seq = 9`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate consent_ledger`)).toMatch(/append-only/);
    expect((await check()).ok).toBe(true);
  });

  it('detects an edited entry, and a whole tail rewritten with fresh hashes still breaks at its link', async () => {
    // Someone with the power to lift the trigger edits entry 4's organisation.
    await execute(sql`alter table consent_ledger disable trigger consent_ledger_no_change`);
    try {
      await execute(sql`update consent_ledger set org_id = 'another-org' where seq = 4`);
      expect(await check()).toMatchObject({
        ok: false,
        entries: 3,
        firstBadSeq: 4,
        problem: 'hash',
        headHash: null,
      });
      // ... and recomputes entry 4's own hash: entry 5 no longer links to it.
      const { rows } = (await execute(sql`select * from consent_ledger where seq = 4`)) as {
        rows: Record<string, unknown>[];
      };
      const row = rows[0]!;
      const { entryHash } = await import('./ledger-fns.js');
      const forged = entryHash({
        seq: 4,
        prevHash: row.prev_hash as string,
        profileId: row.profile_id as string,
        orgId: row.org_id as string,
        formId: row.form_id as string,
        txnId: (row.txn_id as string | null) ?? null,
        noticeHash: row.notice_hash as string,
        action: row.action as 'consent',
        purposes: row.purposes as PurposeChoice[],
        channel: row.channel as 'web',
        at: new Date(row.at as string),
      });
      await execute(sql`update consent_ledger set hash = ${forged} where seq = 4`);
      expect(await check()).toMatchObject({ ok: false, firstBadSeq: 5, problem: 'link' });
      // A removed entry is a gap.
      await execute(sql`delete from consent_ledger where seq = 4`);
      expect(await check()).toMatchObject({ ok: false, firstBadSeq: 5, problem: 'gap' });
    } finally {
      await execute(sql`alter table consent_ledger enable trigger consent_ledger_no_change`);
    }
  });
});
