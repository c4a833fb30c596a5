import { ORG_BUCKETS, type OrgBucket, type OrgNotificationSettings } from '@veridocs/shared';
import type { OutgoingMail } from '../../providers/mail/index.js';

/** One candidate's move between buckets (transactions.org_bucket), as the state-change hook sees it. */
export interface BucketChange {
  orgId: string;
  txnId: string;
  candidateName: string;
  formName: string;
  from: OrgBucket | null;
  to: OrgBucket;
  at: Date;
}

/** What a bucket change asks the organisation to hear about, or null. */
export type NotificationKind = 'action_required' | 'finished';

export function kindOf(change: Pick<BucketChange, 'from' | 'to'>): NotificationKind | null {
  if (change.from === change.to) return null;
  if (change.to === 'action_required') return 'action_required';
  if (change.to === 'verified' || change.to === 'closed') return 'finished';
  return null;
}

/**
 * The key of one notification: the same change (candidate, bucket entered, instant) always gives the
 * same key, so a retried hook or job writes or sends it once (the outbox's unique key).
 */
export function notificationKey(change: Pick<BucketChange, 'txnId' | 'to' | 'at'>): string {
  return `org-bucket:${change.txnId}:${change.to}:${change.at.toISOString()}`;
}

/** The settings' address when given, else the organisation's owners (deduplicated, in order). */
export function recipientsOf(settings: OrgNotificationSettings, owners: readonly string[]): string[] {
  if (settings.email) return [settings.email];
  return [...new Set(owners.map((o) => o.trim().toLowerCase()).filter(Boolean))];
}

const BUCKET_WORDS: Record<OrgBucket, string> = {
  invited: 'Invited',
  started: 'Started',
  action_required: 'Action required',
  submitted: 'Submitted',
  in_progress: 'In progress',
  verified: 'Verified',
  closed: 'Closed',
};

/**
 * The e-mails of these changes under the organisation's settings: one per change the settings want
 * and recipient, each with its key. A change of another organisation is ignored.
 */
export function mailsForChanges(
  orgId: string,
  changes: readonly BucketChange[],
  settings: OrgNotificationSettings,
  owners: readonly string[],
  portalUrl: string,
): { key: string; mail: OutgoingMail }[] {
  const to = recipientsOf(settings, owners);
  return changes.flatMap((change) => {
    if (change.orgId !== orgId) return [];
    const kind = kindOf(change);
    if (kind === null) return [];
    if (kind === 'action_required' && !settings.onActionRequired) return [];
    if (kind === 'finished' && !settings.onFinished) return [];
    const link = `${portalUrl.replace(/\/+$/, '')}/candidates/${encodeURIComponent(change.txnId)}`;
    const subject =
      kind === 'action_required'
        ? `${change.candidateName} needs you (${change.formName})`
        : `${change.candidateName} has finished: ${BUCKET_WORDS[change.to].toLowerCase()} (${change.formName})`;
    const text = [
      kind === 'action_required'
        ? `${change.candidateName}'s verification for ${change.formName} needs something from your organisation.`
        : `${change.candidateName}'s verification for ${change.formName} is ${BUCKET_WORDS[change.to].toLowerCase()}.`,
      '',
      `Open it in the portal: ${link}`,
    ].join('\n');
    return to.map((address) => ({
      key: `${notificationKey(change)}:${address}`,
      mail: { to: address, subject, text },
    }));
  });
}

/** A digest's change line naming a candidate: where it sits and what it reads once they are erased. */
export interface DigestLine {
  txnId: string;
  /** Its index in the digest's text split at newlines. */
  lineNo: number;
  erasedText: string;
}

/** What an erased candidate's name reads in a digest line (ADR 0049 "Erasure"). */
export const ERASED_DIGEST_NAME = '(erased)';

/** A name on one line: a newline in it would forge lines and move the recorded line numbers. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const digestLine = (candidateName: string, c: BucketChange) =>
  `- ${oneLine(candidateName)} (${oneLine(c.formName)}): ${c.from ? BUCKET_WORDS[c.from] : 'new'} → ${BUCKET_WORDS[c.to]}`;

/**
 * The daily digest: counts per bucket, then the day's changes (oldest first), one line per change with
 * its transaction recorded (`lines`), so an erasure can blank one candidate's lines; null when nothing
 * moved.
 */
export function composeDigest(
  orgName: string,
  day: string,
  counts: Partial<Record<OrgBucket, number>>,
  changes: readonly BucketChange[],
): { subject: string; text: string; lines: DigestLine[] } | null {
  if (changes.length === 0) return null;
  const head = [
    `${orgName}: your candidates on ${day}`,
    '',
    ...ORG_BUCKETS.map((b) => `${BUCKET_WORDS[b]}: ${counts[b] ?? 0}`),
    '',
    `Changes (${changes.length}):`,
  ].join('\n');
  const ordered = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = head.split('\n').length;
  const count = `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`;
  return {
    subject: `Your candidates on ${day}: ${count}`,
    text: [head, ...ordered.map((c) => digestLine(c.candidateName, c))].join('\n'),
    lines: ordered.map((c, i) => ({
      txnId: c.txnId,
      lineNo: first + i,
      erasedText: digestLine(ERASED_DIGEST_NAME, c),
    })),
  };
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest due by `now`: sent from `hourIst` (India time) on each day for the day before, the
 * whole IST day [from, to). Before that hour today, yesterday's digest hour is the latest passed, so
 * the day before yesterday is the one due (already sent, unless the job was down).
 */
export function digestWindow(now: Date, hourIst: number): { day: string; from: Date; to: Date } {
  const local = now.getTime() + IST_OFFSET_MS;
  let dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  if (local < dayStart + hourIst * 60 * 60 * 1000) dayStart -= DAY_MS;
  const digested = dayStart - DAY_MS;
  return {
    day: new Date(digested).toISOString().slice(0, 10),
    from: new Date(digested - IST_OFFSET_MS),
    to: new Date(dayStart - IST_OFFSET_MS),
  };
}

/** The key of one organisation's digest of one day to one recipient: sent once. */
export const digestKey = (orgId: string, day: string, address: string) =>
  `org-digest:${orgId}:${day}:${address}`;

/** Whether the organisation's settings want to hear of this change (in a mail or the digest). */
export function wanted(
  settings: OrgNotificationSettings,
  change: Pick<BucketChange, 'from' | 'to'>,
): boolean {
  const kind = kindOf(change);
  if (kind === 'action_required') return settings.onActionRequired;
  if (kind === 'finished') return settings.onFinished;
  return false;
}
