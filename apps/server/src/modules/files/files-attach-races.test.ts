import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbScope } from '../../db/client.js';
import { candidateWithRequest } from '../../test/candidate.js';
import { TEST_DATABASE_URL } from '../../test/database.js';
import { gate, lockWaiters } from '../../test/lock-wait.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { createFilesRepository } from './files-repository.js';

/**
 * `attach` while another write links the same file (ADR 0009 "Linking under concurrency"): a candidate's write
 * links it under the transaction row's lock, and an institution's responder attaches without that
 * lock. The second attach must judge the file as the first one's commit left it. PostgreSQL only:
 * PGlite has one connection, so nothing there runs concurrently.
 */
describe.runIf(TEST_DATABASE_URL)('attaching a file while another write links it (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', NOTIFICATION_JOBS: 'off' } });
  });
  afterAll(() => t?.close());

  /** Runs `first` in a database transaction held open until the second attach waits on it. */
  async function race(
    first: (tx: DbScope) => Promise<unknown>,
    second: () => Promise<string[] | null>,
  ): Promise<string[] | null> {
    const held = gate();
    const wrote = gate();
    const firstDone = t.db.orm.transaction(async (tx) => {
      await first(tx);
      wrote.open();
      await held.opened;
    });
    await wrote.opened;
    const answer = second();
    await lockWaiters(t.db.orm);
    held.open();
    await firstDone;
    return answer;
  }

  it('a file the other write just linked to the same transaction is accepted, not refused', async () => {
    const c = await candidateWithRequest(t);
    const file = await uploadDocument(t, c.h);
    const repo = createFilesRepository(t.db.orm);
    const answer = await race(
      (tx) => repo.attach(c.profileId, c.txnId, [file.fileId], tx),
      () => repo.attach(c.profileId, c.txnId, [file.fileId]),
    );
    // Already this transaction's: nothing more to link, and no refusal.
    expect(answer).toEqual([]);
    const rows = (await t.db.orm.execute(sql`select txn_id from files where id = ${file.fileId}`)) as {
      rows: { txn_id: string }[];
    };
    expect(rows.rows).toEqual([{ txn_id: c.txnId }]);
  });

  it('a file the other write just linked to another transaction is refused', async () => {
    const c = await candidateWithRequest(t);
    const other = await candidateWithRequest(t);
    const file = await uploadDocument(t, c.h);
    const repo = createFilesRepository(t.db.orm);
    const otherTxn = other.txnId;
    const answer = await race(
      (tx) => tx.execute(sql`update files set txn_id = ${otherTxn} where id = ${file.fileId}`),
      () => repo.attach(c.profileId, c.txnId, [file.fileId]),
    );
    expect(answer).toBeNull();
  });
});
