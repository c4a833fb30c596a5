import { OPS_API_PATHS } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCode, staffSignIn, type TestApp } from '../../test/test-app.js';
import { institutionsKit } from '../institutions/institutions-test-kit.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;

/**
 * The organisation portal's bucket (ADR 0047), written by refreshQueue with every change: a case walked
 * through the candidate's and the team's real routes shows the buckets in order, and `since` moves only
 * when the bucket does.
 */
async function rowsOf<T>(t: TestApp, query: Parameters<TestApp['db']['orm']['execute']>[0]): Promise<T[]> {
  const result: unknown = await t.db.orm.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('org buckets follow the real state changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('invited → started → submitted → in_progress → verified, since moving with the bucket', async () => {
    const seen: { bucket: string; since: string; at: string }[] = [];
    const bucketOf = async (txnId: string) => {
      const [row] = await rowsOf<{ bucket: string; since: string | Date }>(
        t,
        sql`select org_bucket as bucket, org_bucket_since as since from transactions where id = ${txnId}::uuid`,
      );
      if (!row) throw new Error('no such transaction');
      return { bucket: row.bucket, since: new Date(row.since).toISOString() };
    };
    let txnId: string | undefined;
    // Every request of the walk moves the clock a minute, then notes the case's bucket.
    const watched: TestApp = {
      ...({} as TestApp),
      get app() {
        return t.app;
      },
      get db() {
        return t.db;
      },
      get config() {
        return t.config;
      },
      get clock() {
        return t.clock;
      },
      close: () => t.close(),
      request: async (options) => {
        t.clock.advance(60);
        const at = t.clock.now().toISOString();
        const res = await t.request(options);
        const body: { data?: { transactionId?: string } } = res.json();
        txnId ??= body.data?.transactionId;
        if (txnId) seen.push({ ...(await bucketOf(txnId)), at });
        return res;
      },
    };
    const kit = institutionsKit(() => watched);
    const verifier = await staffSignIn(t, VERIFIER);
    const { txnId: id } = await kit.submittedCase(verifier);
    expect(id).toBe(txnId);
    for (const verificationName of ['bgv-twelfth', 'bgv-degree']) {
      expectCode(
        await watched.request({
          method: 'POST',
          url: OPS_API_PATHS.decisions(id),
          body: { verificationName, state: 'COMPLETED' },
          headers: verifier,
        }),
        0,
        200,
      );
    }
    const runs = seen.filter((s, i) => i === 0 || seen[i - 1]!.bucket !== s.bucket);
    expect(runs.map((r) => r.bucket)).toEqual(['invited', 'started', 'submitted', 'in_progress', 'verified']);
    // Each bucket's `since` is the time of the request that moved it there, kept until the next move.
    for (const run of runs) expect(run.since).toBe(run.at);
    for (const [i, s] of seen.entries())
      if (i > 0 && seen[i - 1]!.bucket === s.bucket) expect(s.since).toBe(seen[i - 1]!.since);
    // The rule is the backfill's: recomputing it by migration 0031's CASE agrees.
    const [check] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from transactions where org_bucket <> case
        when state = 'NOT_INITIALIZED' then 'invited' when state = 'DATA_SAVED' then 'started'
        when queue = 'action_required' then 'action_required' when state = 'SUBMITTED' then 'submitted'
        when state in ('IN_PROGRESS', 'INSUFFICIENT_DATA') then 'in_progress'
        when state = 'COMPLETED' then 'verified' else 'closed' end`,
    );
    expect(check!.n).toBe(0);
  }, 60_000);

  it('the counts per form and bucket (migration 0036) always equal a count of the transactions', async () => {
    const mismatches = () =>
      rowsOf<Record<string, unknown>>(
        t,
        sql`select coalesce(c.org_id, a.org_id) as org_id, coalesce(c.form_id, a.form_id) as form_id,
            coalesce(c.bucket, a.bucket) as bucket, c.n as kept, a.n as actual
          from org_bucket_counts c
          full join (select org_id, form_id, org_bucket as bucket, count(*) as n from transactions
            group by 1, 2, 3) a using (org_id, form_id, bucket)
          where coalesce(c.n, 0) <> coalesce(a.n, 0)`,
      );
    const kept = async (bucket: string) =>
      Number(
        (
          await rowsOf<{ n: number }>(
            t,
            sql`select coalesce(sum(n), 0)::int as n from org_bucket_counts where bucket = ${bucket}`,
          )
        )[0]!.n,
      );
    // After the walk above (inserts and single moves through the real routes).
    expect(await kept('verified')).toBeGreaterThan(0);
    expect(await mismatches()).toEqual([]);
    // A statement moving many rows at once, one that changes nothing, and a delete.
    const before = await kept('closed');
    await t.db.orm.execute(sql`update transactions set org_bucket = 'closed' where org_bucket = 'verified'`);
    expect(await kept('verified')).toBe(0);
    expect(await kept('closed')).toBeGreaterThan(before);
    await t.db.orm.execute(sql`update transactions set updated_at = updated_at`);
    expect(await mismatches()).toEqual([]);
    await t.db.orm.execute(
      sql`delete from transactions where id = (select id from transactions where org_bucket = 'closed' limit 1)`,
    );
    expect(await mismatches()).toEqual([]);
  });
});
