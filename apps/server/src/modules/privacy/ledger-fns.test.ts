import type { PurposeChoice } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  citedEntry,
  consentIdOf,
  entryHash,
  grantingEntry,
  nextEntry,
  problemOf,
  sortedPurposes,
  standingGrants,
  type LedgerFacts,
} from './ledger-fns.js';

const facts = (over: Partial<LedgerFacts> = {}): LedgerFacts => ({
  profileId: '11111111-1111-4111-8111-111111111111',
  orgId: 'demo-university',
  formId: 'demo-form',
  txnId: '22222222-2222-4222-8222-222222222222',
  noticeHash: 'a'.repeat(64),
  action: 'consent',
  purposes: [
    { purpose: 'verify', granted: true },
    { purpose: 'report_organisation', granted: true },
    { purpose: 'wallet', granted: false },
  ],
  channel: 'web',
  at: new Date('2030-01-15T10:00:00.000Z'),
  ...over,
});

describe('the consent ledger chain (ADR 0049)', () => {
  it('starts at 1 from the genesis hash and links each entry to the previous hash', () => {
    const first = nextEntry(null, facts());
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS_HASH });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const second = nextEntry(
      first,
      facts({ action: 'withdraw', purposes: [{ purpose: 'wallet', granted: false }] }),
    );
    expect(second).toMatchObject({ seq: 2, prevHash: first.hash });
    expect(second.hash).not.toBe(first.hash);
    expect(problemOf(null, first)).toBeNull();
    expect(problemOf(first, second)).toBeNull();
  });

  it('hashes the same facts the same whatever the purposes order, and any changed field differently', () => {
    const base = nextEntry(null, facts());
    const reordered = nextEntry(null, facts({ purposes: [...facts().purposes].reverse() }));
    expect(reordered.hash).toBe(base.hash);
    const changes: Partial<LedgerFacts>[] = [
      { profileId: '33333333-3333-4333-8333-333333333333' },
      { orgId: 'other-org' },
      { formId: 'other-form' },
      { txnId: null },
      { noticeHash: 'b'.repeat(64) },
      { action: 'refuse' },
      { purposes: [{ purpose: 'verify', granted: true }] },
      {
        purposes: [
          { purpose: 'verify', granted: true },
          { purpose: 'report_organisation', granted: true },
          { purpose: 'wallet', granted: true },
        ],
      },
      { channel: 'api' },
      { at: new Date('2030-01-15T10:00:00.001Z') },
    ];
    for (const change of changes) expect(nextEntry(null, facts(change)).hash).not.toBe(base.hash);
    expect(entryHash({ ...base, seq: 2 })).not.toBe(base.hash);
    expect(entryHash({ ...base, prevHash: 'c'.repeat(64) })).not.toBe(base.hash);
  });

  it('names what does not hold: an edited field, a broken link, a missing or repeated entry', () => {
    const first = nextEntry(null, facts());
    const second = nextEntry(first, facts({ channel: 'api' }));
    expect(problemOf(first, { ...second, orgId: 'edited' })).toBe('hash');
    expect(problemOf(first, { ...second, prevHash: 'd'.repeat(64) })).toBe('link');
    expect(problemOf(first, { ...second, seq: 3 })).toBe('gap');
    expect(problemOf(null, second)).toBe('gap');
    expect(problemOf(second, second)).toBe('gap');
    // A rewritten entry with a fresh hash still breaks the next entry's link.
    const rewritten = nextEntry(null, facts({ action: 'refuse' }));
    expect(problemOf(null, rewritten)).toBeNull();
    expect(problemOf(rewritten, second)).toBe('link');
  });

  it('refuses a purpose named twice', () => {
    expect(() =>
      sortedPurposes([
        { purpose: 'verify', granted: true },
        { purpose: 'verify', granted: false },
      ]),
    ).toThrow(/verify named twice/);
    expect(
      sortedPurposes([
        { purpose: 'wallet', granted: true },
        { purpose: 'verify', granted: false },
      ]),
    ).toEqual([
      { purpose: 'verify', granted: false },
      { purpose: 'wallet', granted: true },
    ]);
  });
});

describe('standingGrants', () => {
  const entry = (action: 'consent' | 'refuse' | 'withdraw', purposes: [string, boolean][]) => ({
    action,
    purposes: purposes.map(([purpose, granted]) => ({ purpose, granted })) as PurposeChoice[],
  });

  it('folds consents, refusals and withdrawals, the latest naming a purpose deciding it', () => {
    expect(standingGrants([])).toEqual({});
    expect(
      standingGrants([
        entry('consent', [
          ['verify', true],
          ['report_organisation', true],
          ['wallet', false],
        ]),
        entry('withdraw', [['verify', false]]),
        entry('consent', [['wallet', true]]),
      ]),
    ).toEqual({ verify: false, report_organisation: true, wallet: true });
    expect(standingGrants([entry('refuse', [['verify', false]])])).toEqual({ verify: false });
  });
});

describe('the entry a refusal or withdrawal cites', () => {
  it('is the last answer to the notice, not a DigiLocker screen consent after it', () => {
    const notice = facts({ noticeHash: 'n'.repeat(64) });
    const digilocker = facts({
      noticeHash: 'd'.repeat(64),
      channel: 'digilocker',
      purposes: [{ purpose: 'verify', granted: true }],
    });
    const withdrawal = facts({ action: 'withdraw', noticeHash: 'n'.repeat(64) });
    expect(citedEntry([notice, digilocker])).toBe(notice);
    expect(citedEntry([notice, digilocker, withdrawal])).toBe(notice);
    // A request from before the ledger has only the DigiLocker consent: that is cited.
    expect(citedEntry([digilocker])).toBe(digilocker);
    expect(citedEntry([withdrawal])).toBeUndefined();
  });
});

describe('the entry a consent to a purpose rests on (API Setu consent artifact, ADR 0045)', () => {
  const notice = facts({ noticeHash: 'n'.repeat(64) });
  const digilocker = facts({
    noticeHash: 'd'.repeat(64),
    channel: 'digilocker',
    purposes: [{ purpose: 'verify', granted: true }],
  });
  const withdrawal = facts({ action: 'withdraw', purposes: [{ purpose: 'verify', granted: false }] });
  const refusal = facts({ action: 'refuse', purposes: [{ purpose: 'verify', granted: false }] });

  it('is the latest entry naming the purpose when it grants it, else none', () => {
    expect(grantingEntry([notice], 'verify')).toBe(notice);
    expect(grantingEntry([notice, digilocker], 'verify')).toBe(digilocker);
    // An entry that does not name the purpose leaves it as it stood.
    const wallet = facts({ purposes: [{ purpose: 'wallet', granted: true }] });
    expect(grantingEntry([notice, wallet], 'verify')).toBe(notice);
    expect(grantingEntry([notice, withdrawal], 'verify')).toBeNull();
    expect(grantingEntry([notice, refusal], 'verify')).toBeNull();
    expect(grantingEntry([notice, withdrawal, digilocker], 'verify')).toBe(digilocker);
    expect(grantingEntry([], 'verify')).toBeNull();
    expect(grantingEntry([notice], 'report_partner')).toBeNull();
  });

  it('is named by a UUID made from its hash: the same entry, the same id', () => {
    const entry = nextEntry(null, notice);
    const id = consentIdOf(entry);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.replaceAll('-', '').slice(0, 12)).toBe(entry.hash.slice(0, 12));
    expect(consentIdOf({ hash: entry.hash })).toBe(id);
    expect(consentIdOf(nextEntry(entry, digilocker))).not.toBe(id);
    expect(() => consentIdOf({ hash: 'not a hash' })).toThrow();
  });
});
