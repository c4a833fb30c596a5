import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.js';

/**
 * Resolves once `n` other sessions of this PostgreSQL database wait on a lock (a row or advisory lock):
 * how a race test knows its second write has started and now waits for the first, before it lets the
 * first one commit. PostgreSQL only (PGlite has one connection).
 */
export async function lockWaiters(orm: Orm, n = 1, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = (await orm.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as { rows: { n: number }[] };
    if (Number(result.rows[0]?.n ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`no session waited on a lock within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise and the function that resolves it: one side of a test's interleaving waits on it. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
