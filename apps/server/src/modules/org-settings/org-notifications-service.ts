import type { OrgBucket, OrgNotificationSettings } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { MailSender } from '../../providers/mail/index.js';
import {
  composeDigest,
  digestKey,
  digestWindow,
  mailsForChanges,
  recipientsOf,
  wanted,
  type BucketChange,
} from './org-notification-fns.js';
import type { NewOrgMail, OrgNotificationsRepository } from './org-notifications-repository.js';

/** A recorded move between the portal's buckets (the transactions module records them). */
export interface RecordedMove {
  id: number;
  orgId: string;
  txnId: string;
  from: OrgBucket | null;
  to: OrgBucket;
  at: Date;
}

/** The transactions module's record of bucket moves (a port). */
export interface BucketMovesPort {
  pending(limit: number): Promise<RecordedMove[]>;
  claim(scope: DbScope, ids: readonly number[]): Promise<RecordedMove[]>;
  markProcessed(scope: DbScope, ids: readonly number[], at: Date): Promise<void>;
  between(orgIds: readonly string[], from: Date, to: Date): Promise<RecordedMove[]>;
  prune(before: Date, limit: number): Promise<number>;
}

/**
 * How long a processed move is kept (the digest reads the IST day before; a week covers a stalled job)
 * and a sent mail (ADR 0049: notifications and the outbox's bodies, 90 days).
 */
export const MOVES_KEPT_MS = 8 * 86_400_000;
export const SENT_MAILS_KEPT_MS = 90 * 86_400_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 5_000;

export interface OrgNotificationsServiceDeps {
  repo: OrgNotificationsRepository;
  moves: BucketMovesPort;
  /** The organisation's saved settings, or the defaults. */
  settings: (orgId: string) => Promise<OrgNotificationSettings>;
  /** The organisations that asked for a daily digest. */
  digestOrgIds: () => Promise<string[]>;
  /** The candidate's and form's names of these transactions; a missing one is written as unknown. */
  caseNames: (txnIds: readonly string[]) => Promise<Map<string, { candidateName: string; formName: string }>>;
  /** The organisation's enabled owners' addresses (modules/org-auth). */
  ownerEmails: (orgId: string) => Promise<string[]>;
  orgName: (orgId: string) => Promise<string>;
  /** The organisation's candidates per bucket now (the digest's counts). */
  bucketCounts: (orgId: string) => Promise<Partial<Record<OrgBucket, number>>>;
  mailer: MailSender;
  /** The portal's address (the mails link to the candidate's page). */
  portalUrl: string;
  /** The hour (India time) the daily digest goes out. */
  digestHourIst: number;
  now: Clock;
  log: FastifyBaseLogger;
  /** Moves claimed per database transaction. */
  moveBatch?: number;
  /** Mails claimed per delivery pass. */
  deliverBatch?: number;
  /** How long a claimed mail stays hidden from other runners: longer than any SMTP send. */
  leaseMs?: number;
}

const RETRY_MS = 5 * 60 * 1000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
const UNKNOWN = { candidateName: 'A candidate', formName: 'your form' };

/**
 * The organisation's e-mails when a candidate needs it or finishes (issue 28), on one job loop that
 * every instance may run. A pass (1) turns recorded bucket moves into outbox mails: the moves claimed
 * (SKIP LOCKED), their mails written (unique key: never twice) and the moves marked processed in one
 * database transaction, so a crash loses or duplicates nothing; (2) from the digest hour, writes each
 * digest organisation's one mail per recipient for the IST day before (keyed by organisation, day and
 * recipient); (3) delivers due mails, leased like the institution e-mails (ADR 0046): a crash after the
 * provider accepted a mail and before its mark is the one window that can send it twice.
 */
export function createOrgNotificationsService(deps: OrgNotificationsServiceDeps) {
  const { repo, moves, mailer, now, log } = deps;
  const moveBatch = deps.moveBatch ?? 200;
  const deliverBatch = deps.deliverBatch ?? 50;
  const leaseMs = deps.leaseMs ?? 10 * 60 * 1000;

  async function changesOf(list: readonly RecordedMove[]): Promise<BucketChange[]> {
    const names = list.length > 0 ? await deps.caseNames([...new Set(list.map((m) => m.txnId))]) : new Map();
    return list.map((m) => ({ ...m, ...(names.get(m.txnId) ?? UNKNOWN) }));
  }

  /** Recipients of each organisation under its settings (the owners only read when needed). */
  async function recipients(orgId: string, settings: OrgNotificationSettings): Promise<string[]> {
    return recipientsOf(settings, settings.email ? [] : await deps.ownerEmails(orgId));
  }

  /** One batch of recorded moves made into mails; answers whether it claimed any. */
  async function processMoves(): Promise<boolean> {
    const pending = await moves.pending(moveBatch);
    if (pending.length === 0) return false;
    // Everything read before the database transaction: it holds row locks only while it writes.
    const orgIds = [...new Set(pending.map((m) => m.orgId))];
    const settings = new Map(
      await Promise.all(orgIds.map(async (o) => [o, await deps.settings(o)] as const)),
    );
    // A digest organisation hears of its changes in the digest: the moves are only marked.
    const immediate = pending.filter((m) => {
      const s = settings.get(m.orgId)!;
      return !s.dailyDigest && wanted(s, m);
    });
    const changes = new Map((await changesOf(immediate)).map((c, i) => [immediate[i]!.id, c]));
    const owners = new Map(
      await Promise.all(
        [...new Set(immediate.map((m) => m.orgId))].map(
          async (o) => [o, await recipients(o, settings.get(o)!)] as const,
        ),
      ),
    );
    const at = now();
    const claimed = await repo.transaction(async (scope) => {
      const mine = await moves.claim(
        scope,
        pending.map((m) => m.id),
      );
      const mails: NewOrgMail[] = [];
      for (const orgId of new Set(mine.map((m) => m.orgId))) {
        const orgChanges = mine.flatMap((m) => {
          const change = m.orgId === orgId ? changes.get(m.id) : undefined;
          return change ? [change] : [];
        });
        const to = owners.get(orgId) ?? [];
        for (const { key, mail } of mailsForChanges(
          orgId,
          orgChanges,
          settings.get(orgId)!,
          to,
          deps.portalUrl,
        ))
          mails.push({
            orgId,
            key,
            kind: 'change',
            digestDay: null,
            toEmail: mail.to,
            subject: mail.subject,
            body: mail.text,
            dueAt: at,
          });
      }
      await repo.insertMails(scope, mails);
      await moves.markProcessed(
        scope,
        mine.map((m) => m.id),
        at,
      );
      return mine.length;
    });
    return claimed > 0;
  }

  /**
   * The digest organisations found with nothing wanted on `quietDay`. The digested day lies in the past,
   * so its moves are final: every pass (each bucket move wakes the job) would read them again for
   * nothing. Per instance; another instance finds the same once.
   */
  let quietDay = '';
  const quiet = new Set<string>();

  /**
   * From the digest hour: each digest organisation's mail of the IST day before, once per recipient
   * (keyed by organisation, day and recipient), listing the changes its settings want and the counts
   * per bucket. Nothing when none of the day's changes is wanted. Answers how many mails it wrote.
   */
  async function writeDigests(): Promise<number> {
    const { day, from, to } = digestWindow(now(), deps.digestHourIst);
    if (day !== quietDay) {
      quietDay = day;
      quiet.clear();
    }
    const digestOrgs = await deps.digestOrgIds();
    const done = await repo.digestWritten(digestOrgs, day);
    const orgIds = digestOrgs.filter((o) => !done.has(o) && !quiet.has(o));
    if (orgIds.length === 0) return 0;
    const dayMoves = await moves.between(orgIds, from, to);
    let written = 0;
    for (const orgId of orgIds) {
      const settings = await deps.settings(orgId);
      if (!settings.dailyDigest) continue;
      const orgMoves = dayMoves.filter((m) => m.orgId === orgId && wanted(settings, m));
      if (orgMoves.length === 0) {
        quiet.add(orgId);
        continue;
      }
      const [name, counts, to_, changes] = await Promise.all([
        deps.orgName(orgId),
        deps.bucketCounts(orgId),
        recipients(orgId, settings),
        changesOf(orgMoves),
      ]);
      const digest = composeDigest(name, day, counts, changes);
      if (!digest) {
        quiet.add(orgId);
        continue;
      }
      const at = now();
      written += await repo.transaction((scope) =>
        repo.insertMails(
          scope,
          to_.map((address) => ({
            orgId,
            key: digestKey(orgId, day, address),
            kind: 'digest' as const,
            digestDay: day,
            toEmail: address,
            subject: digest.subject,
            body: digest.text,
            dueAt: at,
            lines: digest.lines,
          })),
        ),
      );
    }
    return written;
  }

  /** One claim of due mails sent; answers whether it claimed any. */
  async function deliver(): Promise<boolean> {
    const at = now();
    const claimed = await repo.claimDue(at, new Date(at.getTime() + leaseMs), deliverBatch);
    for (const mail of claimed) {
      // A slow provider must not outlive the lease: past half of it, the rest is left to expire and be
      // claimed again, unsent, rather than sent by this runner while another claims it too.
      if (now().getTime() - at.getTime() > leaseMs / 2) break;
      try {
        await mailer.send({ to: mail.toEmail, subject: mail.subject, text: mail.body });
        // Marked at once: a crash re-sends at most the one mail in flight.
        await repo.markSent([mail.id], now());
      } catch (error) {
        log.warn({ err: error, mail: mail.id }, 'organisation e-mail not sent');
        const wait = Math.min(RETRY_MS * 2 ** Math.max(0, mail.attempts - 1), MAX_RETRY_MS);
        await repo.retryLater([mail.id], new Date(now().getTime() + wait));
      }
    }
    return claimed.length > 0;
  }

  let prunedAt = -Infinity;
  /** Old processed moves and old sent mails removed, at most hourly; how many of each. */
  async function prune(): Promise<{ moves: number; mails: number }> {
    const at = now();
    prunedAt = at.getTime();
    return {
      moves: await moves.prune(new Date(at.getTime() - MOVES_KEPT_MS), PRUNE_BATCH),
      mails: await repo.pruneSent(new Date(at.getTime() - SENT_MAILS_KEPT_MS), PRUNE_BATCH),
    };
  }

  return {
    processMoves,
    writeDigests,
    deliver,
    prune,
    /** One pass of the job: moves into mails, the digest when due, one delivery claim, hourly pruning. */
    async runOnce(): Promise<boolean> {
      const processed = await processMoves();
      const digests = await writeDigests();
      const delivered = await deliver();
      if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) await prune();
      return processed || digests > 0 || delivered;
    },
  };
}
export type OrgNotificationsService = ReturnType<typeof createOrgNotificationsService>;
