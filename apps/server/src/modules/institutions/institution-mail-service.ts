import { INSTITUTION_API_PATHS, createWorkingCalendar } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { MailSender, OutgoingMail } from '../../providers/mail/index.js';
import { linkTokenFor } from './institution-links.js';
import {
  composeDigestMail,
  composeRequestMail,
  digestCutoff,
  planSchedule,
  type InstitutionTimeConfig,
  type RequestMailPart,
} from './institution-mail-fns.js';
import type { ClaimedMessage, InstitutionMailRepository } from './institution-mail-repository.js';

/** The candidate and the requesting organisation of a case, for the e-mail (a port: other modules own them). */
export interface CaseNames {
  candidateName: string;
  organisation: string;
}

export interface InstitutionMailServiceDeps {
  repo: InstitutionMailRepository;
  mailer: MailSender;
  /** ServerKeys.institutions: the link tokens are derived with it. */
  key: Uint8Array;
  publicUrl: string;
  config: InstitutionTimeConfig;
  /** The names of these cases (transaction ids); a missing one is written as unknown. */
  caseNames: (txnIds: readonly string[]) => Promise<Map<string, CaseNames>>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Requests scheduled per database transaction. */
  scheduleBatch?: number;
  /** Messages claimed per pass (single contacts), contacts per pass (digests). */
  deliverBatch?: number;
  /** Sends in flight at once within a claim. */
  concurrency?: number;
  /** How long a claimed message stays hidden from other instances: longer than any SMTP send. */
  leaseMs?: number;
}

const RETRY_MS = 5 * 60 * 1000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;

/**
 * The e-mails of institution requests (issue 27, ADR 0046), on one job loop that several instances may
 * run: each pass schedules (the reminders due, then the escalations) and delivers (the messages due,
 * one e-mail each, or one digest a day for a contact that asked for it).
 *
 * Never sent twice: a message is claimed with SKIP LOCKED and leased (its due time moved past the
 * lease in the claiming statement, which commits before the send), then marked sent once the provider
 * accepted it. Mark-then-send would lose a message for good on any failure between the mark and the
 * send (a crash, an SMTP refusal after a commit); the lease keeps a refused or interrupted send for
 * another pass instead. The one window left: a crash after the SMTP server accepted the mail and before
 * the mark commits sends that mail again when the lease ends (accepted sends are marked a few at a
 * time, within milliseconds). The lease (10 minutes) outlasts any send: SMTP times out long before.
 */
export function createInstitutionMailService(deps: InstitutionMailServiceDeps) {
  const { repo, mailer, config, now, log } = deps;
  const calendar = createWorkingCalendar(config.holidays);
  const scheduleBatch = deps.scheduleBatch ?? 1000;
  const deliverBatch = deps.deliverBatch ?? 50;
  const concurrency = deps.concurrency ?? 8;
  const leaseMs = deps.leaseMs ?? 10 * 60 * 1000;
  const reminders = config.reminderDays.length;

  const linkOf = (requestId: string, contactId: string) =>
    `${deps.publicUrl}${INSTITUTION_API_PATHS.responderPage}?t=${linkTokenFor(deps.key, requestId, contactId)}`;

  /** Every request due by now gets its reminder or its escalation; answers how many were due. */
  async function schedule(): Promise<number> {
    let total = 0;
    for (;;) {
      const at = now();
      const { due } = await repo.scheduleBatch(at, scheduleBatch, (rows) =>
        planSchedule(calendar, config, rows, at),
      );
      total += due;
      if (due < scheduleBatch) return total;
    }
  }

  /**
   * The e-mail parts of claimed messages, with the names of their cases; messages of requests no longer
   * open (answered, escalated, cancelled since they were made) are dropped, not sent.
   */
  async function partsOf(claimed: readonly ClaimedMessage[]) {
    const context = await repo.mailContext([...new Set(claimed.map((c) => c.requestId))]);
    const byId = new Map(context.map((c) => [c.id, c]));
    await repo.drop(claimed.filter((c) => byId.get(c.requestId)?.status !== 'open').map((c) => c.id));
    const open = context.filter((c) => c.status === 'open');
    const names = await deps.caseNames([...new Set(open.map((c) => c.txnId))]);
    return claimed.flatMap((message) => {
      const request = byId.get(message.requestId);
      if (request?.status !== 'open') return [];
      const case_ = names.get(request.txnId);
      const part: RequestMailPart = {
        kind: message.kind,
        seq: message.seq,
        reminders,
        organisation: case_?.organisation ?? 'Unknown organisation',
        candidateName: case_?.candidateName ?? 'Unknown candidate',
        institution: request.institution,
        verifications: request.claims.map((c) => c.label),
        link: linkOf(message.requestId, message.contactId),
        linkExpiresAt: request.linkExpiresAt,
      };
      return [{ message, email: request.email, institution: request.institution, part }];
    });
  }

  /** A refused send is tried again later, backing off with its attempts. */
  async function retryLater(messages: readonly ClaimedMessage[], error: unknown) {
    const attempts = Math.max(...messages.map((x) => x.attempts));
    log.warn({ err: error, messages: messages.map((x) => x.id) }, 'institution e-mail not sent');
    const wait = Math.min(RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
    await repo.retryLater(
      messages.map((x) => x.id),
      new Date(now().getTime() + wait),
    );
  }

  /** Marks accepted messages sent (and a request's first e-mail sends the request). */
  async function markSent(sent: readonly ClaimedMessage[]) {
    const at = now();
    await repo.markSent(
      sent.map((x) => x.id),
      sent.filter((x) => x.kind === 'request').map((x) => x.requestId),
      at,
      calendar.addWorkingDays(at, config.reminderDays[0] ?? config.escalateAfterDays),
    );
  }

  /**
   * Sends `items` with `concurrency` sends in flight, marking the accepted ones in writes of up to
   * `concurrency` messages: the window of a crash between accept and mark is those few messages.
   */
  async function sendAll(items: readonly { mail: OutgoingMail; messages: readonly ClaimedMessage[] }[]) {
    let next = 0;
    const accepted: ClaimedMessage[] = [];
    const flush = () => markSent(accepted.splice(0));
    const worker = async () => {
      while (next < items.length) {
        const { mail, messages } = items[next++]!;
        try {
          await mailer.send(mail);
        } catch (error) {
          await retryLater(messages, error);
          continue;
        }
        accepted.push(...messages);
        if (accepted.length >= concurrency) await flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    await flush();
  }

  /** One claim of single messages and one of digests; answers whether anything was claimed. */
  async function deliver(): Promise<boolean> {
    const at = now();
    const lease = new Date(at.getTime() + leaseMs);
    const singles = await repo.claimSingles(at, lease, deliverBatch);
    if (singles.length > 0)
      await sendAll(
        (await partsOf(singles)).map(({ message, email, part }) => ({
          mail: composeRequestMail(email, part),
          messages: [message],
        })),
      );
    const digests = await repo.claimDigests(digestCutoff(at, config.digestHourIst), lease, deliverBatch);
    if (digests.length > 0) {
      const byContact = new Map<string, Awaited<ReturnType<typeof partsOf>>>();
      for (const p of await partsOf(digests))
        byContact.set(p.message.contactId, [...(byContact.get(p.message.contactId) ?? []), p]);
      await sendAll(
        [...byContact.values()].map((group) => ({
          mail: composeDigestMail(
            group[0]!.email,
            group[0]!.institution,
            group.map((g) => g.part),
          ),
          messages: group.map((g) => g.message),
        })),
      );
    }
    return singles.length > 0 || digests.length > 0;
  }

  return {
    schedule,
    deliver,
    /** One pass of the job: schedules what is due, then delivers one claim. True when it did work. */
    async runOnce(): Promise<boolean> {
      const scheduled = await schedule();
      const delivered = await deliver();
      return scheduled > 0 || delivered;
    },
    /** The link an e-mail of this request carries (tests, the console's copy). */
    linkOf,
  };
}

export type InstitutionMailService = ReturnType<typeof createInstitutionMailService>;
