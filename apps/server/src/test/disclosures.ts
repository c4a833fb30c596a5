import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from './test-app.js';

export interface DisclosureRow {
  profile_id: string;
  txn_id: string | null;
  recipient_kind: string;
  recipient_name: string;
  what: string;
  detail: string;
}

/** The disclosures rows of a candidate (or of a request), oldest first: what the senders wrote (ADR 0049). */
export async function disclosureRows(
  t: TestApp,
  where: { profileId?: string; txnId?: string },
): Promise<DisclosureRow[]> {
  const execute = (query: SQL): Promise<unknown> => t.db.orm.execute(query);
  const { rows } = (await execute(
    sql`select profile_id, txn_id, recipient_kind, recipient_name, what, detail from disclosures
        where (${where.profileId ?? null}::uuid is null or profile_id = ${where.profileId ?? null}::uuid)
          and (${where.txnId ?? null}::uuid is null or txn_id = ${where.txnId ?? null}::uuid)
        order by at, id`,
  )) as { rows: DisclosureRow[] };
  return rows;
}

/** The candidate (profile id) of a request: whom its disclosures are about. */
export async function disclosureProfile(t: TestApp, txnId: string): Promise<{ profile_id: string }[]> {
  const execute = (query: SQL): Promise<unknown> => t.db.orm.execute(query);
  const { rows } = (await execute(sql`select profile_id from transactions where id = ${txnId}`)) as {
    rows: { profile_id: string }[];
  };
  return rows;
}
