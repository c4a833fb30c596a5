import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import type { Coverage } from './expected-date-fns.js';

interface RawCoverage {
  verification_name: string;
  sent_at: Date | string | null;
  answered_at: Date | string | null;
  p90_days: number | null;
  median_days: number | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/** What a case's expected date reads of its institution requests (issue 27). */
export function createExpectedDateRepository(orm: Orm) {
  return {
    /**
     * Per verification of the case, its latest request not cancelled: when it went out, the first answer
     * about that verification, and the institution's turnaround figures.
     */
    async coverage(txnId: string): Promise<Coverage[]> {
      const result = await orm.execute(sql`select distinct on (i.verification_name)
          i.verification_name, r.sent_at, inst.p90_days, inst.median_days,
          (select min(a.answered_at) from institution_answers a
            where a.request_id = r.id and a.verification_name = i.verification_name) as answered_at
        from institution_request_items i
        join institution_requests r on r.id = i.request_id
        join institutions inst on inst.id = r.institution_id
        where i.txn_id = ${txnId}::uuid and r.status <> 'cancelled'
        order by i.verification_name, r.created_at desc`);
      return (result as { rows: RawCoverage[] }).rows.map((row) => ({
        verificationName: row.verification_name,
        sentAt: dateOf(row.sent_at),
        answeredAt: dateOf(row.answered_at),
        p90Days: row.p90_days === null ? null : Number(row.p90_days),
        medianDays: row.median_days === null ? null : Number(row.median_days),
      }));
    },
  };
}

export type ExpectedDateRepository = ReturnType<typeof createExpectedDateRepository>;
