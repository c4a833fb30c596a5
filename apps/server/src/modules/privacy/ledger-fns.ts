import { createHash } from 'node:crypto';
import type { ConsentAction, ConsentChannel, PurposeChoice } from '@veridocs/shared';

/** The first entry's `prev_hash` (ADR 0049). */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry says, before the chain places it. */
export interface LedgerFacts {
  profileId: string;
  orgId: string;
  formId: string;
  txnId: string | null;
  noticeHash: string;
  action: ConsentAction;
  purposes: readonly PurposeChoice[];
  channel: ConsentChannel;
  at: Date;
}

/** An entry placed in the chain. */
export interface LedgerEntry extends LedgerFacts {
  seq: number;
  prevHash: string;
  hash: string;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The purposes in one order (by name), each once; a purpose named twice is a caller's bug. */
export function sortedPurposes(purposes: readonly PurposeChoice[]): PurposeChoice[] {
  const sorted = [...purposes]
    .map((p) => ({ purpose: p.purpose, granted: p.granted }))
    .sort((a, b) => (a.purpose < b.purpose ? -1 : a.purpose > b.purpose ? 1 : 0));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.purpose === sorted[i - 1]!.purpose)
      throw new Error(`Purpose ${sorted[i]!.purpose} named twice`);
  return sorted;
}

/**
 * An entry's hash: SHA-256 over the canonical JSON of its place (seq, previous hash) and every fact, in
 * a fixed order, so the same entry always hashes the same and any changed field changes it.
 */
export function entryHash(entry: Omit<LedgerEntry, 'hash'>): string {
  return sha256Hex(
    JSON.stringify([
      entry.seq,
      entry.prevHash,
      entry.profileId,
      entry.orgId,
      entry.formId,
      entry.txnId,
      entry.noticeHash,
      entry.action,
      sortedPurposes(entry.purposes).map((p) => [p.purpose, p.granted]),
      entry.channel,
      entry.at.toISOString(),
    ]),
  );
}

/** The entry that follows `head` (null: the first). */
export function nextEntry(head: { seq: number; hash: string } | null, facts: LedgerFacts): LedgerEntry {
  const placed = {
    ...facts,
    purposes: sortedPurposes(facts.purposes),
    seq: head ? head.seq + 1 : 1,
    prevHash: head ? head.hash : GENESIS_HASH,
  };
  return { ...placed, hash: entryHash(placed) };
}

export type ChainProblem = 'hash' | 'link' | 'gap';

/** Whether `entry` holds after `previous` (null: it should be the first): its place, link and hash. */
export function problemOf(previous: LedgerEntry | null, entry: LedgerEntry): ChainProblem | null {
  if (entry.seq !== (previous ? previous.seq + 1 : 1)) return 'gap';
  if (entry.prevHash !== (previous ? previous.hash : GENESIS_HASH)) return 'link';
  let expected: string;
  try {
    expected = entryHash(entry);
  } catch {
    return 'hash';
  }
  return expected === entry.hash ? null : 'hash';
}

/** Every purpose with whether it stands granted now; a purpose never named is absent. */
export type PurposeGrants = Partial<Record<PurposeChoice['purpose'], boolean>>;

/**
 * What one request's entries (in chain order) leave standing: a consent or refusal sets each purpose it
 * names; a withdrawal clears each it names. The latest entry naming a purpose decides it (ADR 0049).
 */
export function standingGrants(entries: readonly Pick<LedgerEntry, 'action' | 'purposes'>[]): PurposeGrants {
  const grants: PurposeGrants = {};
  for (const entry of entries)
    for (const choice of entry.purposes)
      grants[choice.purpose] = entry.action === 'withdraw' ? false : choice.granted;
  return grants;
}

/** A purpose as one request's entries leave it: granted or not, and the last entry that named it. */
export interface PurposeState {
  granted: boolean;
  action: ConsentAction;
  at: Date;
}

/** Every purpose one request's entries (in chain order) name, as it stands now (ADR 0049). */
export function purposeStates(
  entries: readonly Pick<LedgerEntry, 'action' | 'purposes' | 'at'>[],
): Partial<Record<PurposeChoice['purpose'], PurposeState>> {
  const states: Partial<Record<PurposeChoice['purpose'], PurposeState>> = {};
  for (const entry of entries)
    for (const choice of entry.purposes)
      states[choice.purpose] = {
        granted: entry.action === 'withdraw' ? false : choice.granted,
        action: entry.action,
        at: entry.at,
      };
  return states;
}

/**
 * The entry a later refusal or withdrawal cites: the last answer to the request's notice. A consent given
 * on a screen of its own (DigiLocker's, naming only `verify`) is passed over, since its terms never asked
 * the other purposes; it is cited only when the request has nothing else (a request from before the
 * ledger).
 */
export function citedEntry<T extends Pick<LedgerEntry, 'action' | 'channel'>>(
  entries: readonly T[],
): T | undefined {
  const answers = entries.filter((e) => e.action !== 'withdraw');
  return answers.filter((e) => e.channel !== 'digilocker').at(-1) ?? answers.at(-1);
}

/**
 * The entry one request's consent to `purpose` rests on now: the latest entry naming it, when that
 * grants it; null when the purpose was refused or withdrawn since, or never recorded (ADR 0049). What
 * an issuer is told of the candidate's consent (API Setu's consent artifact, ADR 0045) is this entry.
 */
export function grantingEntry<T extends Pick<LedgerEntry, 'action' | 'purposes'>>(
  entries: readonly T[],
  purpose: PurposeChoice['purpose'],
): T | null {
  const last = entries.findLast((entry) => entry.purposes.some((p) => p.purpose === purpose));
  if (!last || last.action === 'withdraw') return null;
  return last.purposes.some((p) => p.purpose === purpose && p.granted) ? last : null;
}

/**
 * A ledger entry's id in UUID form (API Setu's `consentId` is "a unique consent id in UUID format"):
 * the first 122 bits of the entry's chain hash as a version 8 UUID, so the same entry always gives the
 * same id and the id leads back to the entry.
 */
export function consentIdOf(entry: Pick<LedgerEntry, 'hash'>): string {
  const h = entry.hash.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(h)) throw new Error('A ledger hash is 64 hex digits');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
