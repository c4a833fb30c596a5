import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTION_API_PATHS } from '@veridocs/shared';
import {
  institutionContacts,
  institutionMessages,
  institutionRequests,
  institutions,
  outbox,
} from '../../db/schema/index.js';
import { createOutboxMailer } from '../../providers/mail/outbox-mailer.js';
import { createOutboxRepository } from '../../providers/outbox/outbox-repository.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createTestClock, type TestClock } from '../../test/test-app.js';
import { hashLinkToken, linkTokenFor } from './institution-links.js';
import { createInstitutionMailRepository } from './institution-mail-repository.js';
import { createInstitutionMailService, type CaseNames } from './institution-mail-service.js';

const config = {
  reminderDays: [2, 5, 8],
  escalateAfterDays: 3,
  teamDays: 2,
  holidays: [],
  digestHourIst: 10,
};
const key = randomBytes(32);
const PUBLIC_URL = 'https://veridocs.test';
const log = pino({ level: 'silent' });

/**
 * The institution e-mail job on a simulated clock (issue 27): reminders on working days, escalation,
 * each e-mail once whatever runs the job, the daily digest, the link. The dev outbox counts the e-mails.
 */
describe('institution e-mails: reminders, escalation, digest', () => {
  let database: TestDatabase;
  let clock: TestClock;
  const names = new Map<string, CaseNames>();

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  /** A runner of the job, as one instance would have. */
  function runner() {
    return createInstitutionMailService({
      repo: createInstitutionMailRepository(database.db.orm),
      mailer: createOutboxMailer(createOutboxRepository(database.db.orm), () => clock.now()),
      key,
      publicUrl: PUBLIC_URL,
      config,
      caseNames: async (ids) => new Map(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))),
      now: () => clock.now(),
      log,
    });
  }

  async function institutionWithContact(batchDaily = false) {
    const orm = database.db.orm;
    const name = `Registrar ${randomUUID().slice(0, 8)}`;
    const [inst] = await orm
      .insert(institutions)
      .values({ kind: 'institute', name, nameKey: name.toLowerCase() })
      .returning();
    const email = `registrar-${randomUUID().slice(0, 8)}@college.example`;
    const [contact] = await orm
      .insert(institutionContacts)
      .values({ institutionId: inst!.id, email, batchDaily, confirmedAt: clock.now() })
      .returning();
    return { institution: inst!, contact: contact! };
  }

  /** What the other part does when a verifier sends a request: the row and its first message, due now. */
  async function sendRequest(
    { institution, contact }: Awaited<ReturnType<typeof institutionWithContact>>,
    candidateName: string,
  ) {
    const orm = database.db.orm;
    const txnId = randomUUID();
    const id = randomUUID();
    names.set(txnId, { candidateName, organisation: 'Acme Hiring Pvt Ltd' });
    await orm.insert(institutionRequests).values({
      id,
      institutionId: institution.id,
      contactId: contact.id,
      txnId,
      orgId: 'acme',
      claims: [
        { verificationName: 'bgv-degree', label: 'Degree', facts: [], fileIds: [] },
        { verificationName: 'bgv-twelfth', label: '12th', facts: [], fileIds: [] },
      ],
      consent: { givenAt: clock.now().toISOString(), text: 'I agree' },
      linkTokenHash: hashLinkToken(linkTokenFor(key, id, contact.id)),
      linkExpiresAt: new Date(clock.now().getTime() + 30 * 86_400_000),
      createdAt: clock.now(),
    });
    await orm
      .insert(institutionMessages)
      .values({ requestId: id, contactId: contact.id, kind: 'request', seq: 0, dueAt: clock.now() });
    return { id, txnId };
  }

  const mails = (to: string) =>
    database.db.orm.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
  const request = async (id: string) =>
    (await database.db.orm.select().from(institutionRequests).where(eq(institutionRequests.id, id)))[0]!;
  const messages = (id: string) =>
    database.db.orm
      .select()
      .from(institutionMessages)
      .where(eq(institutionMessages.requestId, id))
      .orderBy(institutionMessages.createdAt, institutionMessages.seq);

  /** Two instances' passes at once, then again (nothing more may go out). */
  async function passes() {
    const [a, b] = [runner(), runner()];
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await a.runOnce();
  }
  const setClock = (iso: string) => {
    clock = createTestClock(new Date(iso));
  };

  it('sends the request, reminds after 2, 5 and 8 working days, escalates 3 later, each once', async () => {
    // Thursday 21 January 2027, 10:00 IST.
    setClock('2027-01-21T04:30:00.000Z');
    const parties = await institutionWithContact();
    const { id } = await sendRequest(parties, 'Asha Verma');
    const to = parties.contact.email;

    await passes();
    let sent = await mails(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/^Verification request for Asha Verma from Acme Hiring Pvt Ltd/);
    expect(sent[0]!.body).toContain('To verify: Degree, 12th');
    expect(sent[0]!.body).toContain('The link works until 20 February 2027');
    // The link carries the request's token: its hash is what the request keeps.
    const link = /Open the request: (\S+)/.exec(sent[0]!.body)![1]!;
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${INSTITUTION_API_PATHS.responderPage}`);
    const row = await request(id);
    expect(hashLinkToken(url.searchParams.get('t')!)).toBe(row.linkTokenHash);
    expect(row.sentAt?.toISOString()).toBe('2027-01-21T04:30:00.000Z');
    // Friday 22, the weekend, Monday 25: the second working day.
    expect(row.nextReminderAt?.toISOString()).toBe('2027-01-25T04:30:00.000Z');

    // The day before: nothing.
    setClock('2027-01-25T04:29:59.000Z');
    await passes();
    expect(await mails(to)).toHaveLength(1);

    setClock('2027-01-25T04:30:00.000Z');
    await passes();
    sent = await mails(to);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatch(/^Reminder 1 of 3: verification request for Asha Verma/);
    expect(sent[1]!.body).toContain(link);
    // Republic Day (Tuesday 26) is no working day: Wednesday 27 is the 3rd, Friday 29 the 5th.
    expect((await request(id)).nextReminderAt?.toISOString()).toBe('2027-01-29T04:30:00.000Z');

    setClock('2027-01-29T09:00:00.000Z');
    await passes();
    expect((await mails(to)).map((x) => x.body.split('\n')[0])).toEqual([
      'Verification request for Asha Verma from Acme Hiring Pvt Ltd',
      'Reminder 1 of 3: verification request for Asha Verma',
      'Reminder 2 of 3: verification request for Asha Verma',
    ]);
    // Monday 1, Tuesday 2, Wednesday 3 February: the 8th.
    expect((await request(id)).nextReminderAt?.toISOString()).toBe('2027-02-03T04:30:00.000Z');

    setClock('2027-02-03T05:00:00.000Z');
    await passes();
    expect(await mails(to)).toHaveLength(4);
    expect((await mails(to))[3]!.body).toMatch(/^Reminder 3 of 3/);
    // Thursday 4, Friday 5, Monday 8: escalated then.
    expect((await request(id)).nextReminderAt?.toISOString()).toBe('2027-02-08T04:30:00.000Z');

    setClock('2027-02-05T12:00:00.000Z');
    await passes();
    expect((await request(id)).status).toBe('open');

    setClock('2027-02-08T04:30:00.000Z');
    await passes();
    const escalated = await request(id);
    expect(escalated).toMatchObject({ status: 'escalated', nextReminderAt: null, remindersSent: 3 });
    expect(escalated.escalatedAt?.toISOString()).toBe('2027-02-08T04:30:00.000Z');
    // No e-mail to the institution for the escalation; one row marks it.
    expect(await mails(to)).toHaveLength(4);
    expect((await messages(id)).map((x) => [x.kind, x.seq, x.sentAt !== null])).toEqual([
      ['request', 0, true],
      ['reminder', 1, true],
      ['reminder', 2, true],
      ['reminder', 3, true],
      ['escalation', 0, true],
    ]);

    // Weeks later, still nothing more.
    setClock('2027-03-08T04:30:00.000Z');
    await passes();
    expect(await mails(to)).toHaveLength(4);
  });

  it('sends an answered request no more reminders, not even one already made', async () => {
    setClock('2027-01-21T04:30:00.000Z');
    const parties = await institutionWithContact();
    const { id } = await sendRequest(parties, 'Ravi Kumar');
    await passes();
    setClock('2027-01-25T06:00:00.000Z');
    // The reminder is made; the institution answers before it goes out.
    await runner().schedule();
    expect((await messages(id)).map((x) => [x.kind, x.sentAt])).toEqual([
      ['request', new Date('2027-01-21T04:30:00.000Z')],
      ['reminder', null],
    ]);
    await database.db.orm
      .update(institutionRequests)
      .set({ status: 'answered', answeredAt: clock.now(), nextReminderAt: null })
      .where(eq(institutionRequests.id, id));
    await passes();
    setClock('2027-02-20T06:00:00.000Z');
    await passes();
    expect(await mails(parties.contact.email)).toHaveLength(1);
    expect((await messages(id)).map((x) => x.kind)).toEqual(['request']);
    expect((await request(id)).status).toBe('answered');
  });

  it("groups a batch contact's requests of two candidates in one digest a day, at 10:00 IST", async () => {
    // Thursday 21 January, 11:00 IST: after the day's digest.
    setClock('2027-01-21T05:30:00.000Z');
    const parties = await institutionWithContact(true);
    const first = await sendRequest(parties, 'Meera Iyer');
    setClock('2027-01-21T09:00:00.000Z');
    const second = await sendRequest(parties, 'Kabir Singh');
    await passes();
    expect(await mails(parties.contact.email)).toHaveLength(0);
    expect((await request(first.id)).sentAt).toBeNull();

    // Friday 22, 09:59 IST: not yet; 10:00 IST: one e-mail with both.
    setClock('2027-01-22T04:29:00.000Z');
    await passes();
    expect(await mails(parties.contact.email)).toHaveLength(0);
    setClock('2027-01-22T04:30:00.000Z');
    await passes();
    const sent = await mails(parties.contact.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/^2 verification requests for Registrar/);
    expect(sent[0]!.body).toContain('Candidate: Meera Iyer');
    expect(sent[0]!.body).toContain('Candidate: Kabir Singh');
    const links = [...sent[0]!.body.matchAll(/Open the request: (\S+)/g)].map((x) =>
      new URL(x[1]!).searchParams.get('t')!,
    );
    expect(links.map(hashLinkToken).sort()).toEqual(
      [(await request(first.id)).linkTokenHash, (await request(second.id)).linkTokenHash].sort(),
    );
    for (const { id } of [first, second]) {
      const row = await request(id);
      expect(row.sentAt?.toISOString()).toBe('2027-01-22T04:30:00.000Z');
      // Friday + 2: Monday, Tuesday (Republic Day) skipped, Wednesday.
      expect(row.nextReminderAt?.toISOString()).toBe('2027-01-27T04:30:00.000Z');
    }

    // Their first reminders fall on the same day: one digest again, the next morning's.
    setClock('2027-01-27T04:30:00.000Z');
    await passes();
    const again = await mails(parties.contact.email);
    expect(again).toHaveLength(2);
    expect(again[1]!.body.match(/Reminder 1 of 3/g)).toHaveLength(2);
  });

  it('keeps a message the provider refused for a later pass, sent then once', async () => {
    setClock('2027-01-21T04:30:00.000Z');
    const parties = await institutionWithContact();
    const { id } = await sendRequest(parties, 'Noor Khan');
    let fail = true;
    const real = createOutboxMailer(createOutboxRepository(database.db.orm), () => clock.now());
    const flaky = createInstitutionMailService({
      repo: createInstitutionMailRepository(database.db.orm),
      mailer: { name: 'flaky', send: (mail) => (fail ? Promise.reject(new Error('421')) : real.send(mail)) },
      key,
      publicUrl: PUBLIC_URL,
      config,
      caseNames: async () => new Map(),
      now: () => clock.now(),
      log,
    });
    await flaky.runOnce();
    expect(await mails(parties.contact.email)).toHaveLength(0);
    expect((await request(id)).sentAt).toBeNull();
    fail = false;
    await flaky.runOnce();
    expect(await mails(parties.contact.email)).toHaveLength(0);
    clock.advance(6 * 60);
    await flaky.runOnce();
    await flaky.runOnce();
    const sent = await mails(parties.contact.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Candidate: Unknown candidate');
    const [message] = await messages(id);
    expect(message).toMatchObject({ attempts: 2 });
    const unsent = await database.db.orm.execute(
      sql`select count(*)::int as n from institution_messages where sent_at is null and request_id = ${id}`,
    );
    expect(unsent).toMatchObject({ rows: [{ n: 0 }] });
  });
});
