import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createConsentService, type ConsentServiceDeps, type NoticeSubject } from './consent-service.js';
import type { LedgerEntry, LedgerFacts } from './ledger-fns.js';

const SUBJECT: NoticeSubject = {
  txnId: 't1',
  orgId: 'demo-university',
  formId: 'demo-form',
  organisation: 'Demo University',
  form: 'Demo form',
  verificationTypes: ['bgv-tenth'],
  partnerRequired: false,
  partner: null,
  state: 'DATA_SAVED',
};

/** The ledger in memory: appendUnless asks its callback with the request's entries, as the repository does. */
function memoryLedger(initial: LedgerFacts[]) {
  const entries: LedgerEntry[] = initial.map((f, i) => ({ ...f, seq: i + 1, prevHash: '', hash: '' }));
  const notices: { hash: string; text: string }[] = [];
  const repo: ConsentServiceDeps['repo'] = {
    entriesOfTxn: async () => entries,
    saveNotice: async (n) => {
      notices.push({ hash: n.hash, text: n.text });
    },
    appendUnless: async (facts, unchanged) => {
      if (unchanged(entries)) return { entry: null, entries: [...entries] };
      const entry = { ...facts, seq: entries.length + 1, prevHash: '', hash: '' };
      entries.push(entry);
      return { entry, entries: [...entries] };
    },
  };
  return { entries, notices, repo };
}

const service = (repo: ConsentServiceDeps['repo']) =>
  createConsentService({
    repo,
    subject: async () => SUBJECT,
    profileLanguage: async () => 'en',
    retentionDays: {} as ConsentServiceDeps['retentionDays'],
    grievance: { name: 'Officer', email: 'o@example.com', phone: '1800' },
    now: () => new Date('2026-11-30T00:00:00Z'),
  });

const entry = (action: LedgerFacts['action'], granted: boolean): LedgerFacts => ({
  profileId: 'p1',
  orgId: SUBJECT.orgId,
  formId: SUBJECT.formId,
  txnId: SUBJECT.txnId,
  noticeHash: 'n',
  action,
  purposes: [{ purpose: 'verify', granted }],
  channel: 'web',
  at: new Date('2026-11-29T00:00:00Z'),
});

const digilocker = {
  profileId: 'p1',
  ref: { orgId: SUBJECT.orgId, txnId: SUBJECT.txnId },
  channel: 'digilocker' as const,
  purpose: 'verify' as const,
  language: 'hi' as const,
  templateVersion: 'digilocker-consent/1',
  terms: { documents: ['Class X marksheet'], retentionDays: 30 },
};

describe('a consent given on its own screen (DigiLocker, ADR 0049)', () => {
  it('is one ledger entry naming only its purpose on its channel, with its terms kept as the notice', async () => {
    const ledger = memoryLedger([entry('consent', true)]);
    await service(ledger.repo).recordChannelConsent(digilocker);
    expect(ledger.entries).toHaveLength(2);
    const last = ledger.entries.at(-1)!;
    expect(last).toMatchObject({
      action: 'consent',
      channel: 'digilocker',
      purposes: [{ purpose: 'verify', granted: true }],
    });
    const notice = ledger.notices.find((n) => n.hash === last.noticeHash);
    expect(JSON.parse(notice!.text)).toEqual({
      screen: 'digilocker-consent/1',
      language: 'hi',
      documents: ['Class X marksheet'],
      retentionDays: 30,
    });
  });

  it.each([
    ['refused', entry('refuse', false)],
    ['withdrawn', entry('withdraw', true)],
  ])('never brings back a purpose the candidate %s (340)', async (_, standing) => {
    const ledger = memoryLedger([entry('consent', true), standing]);
    const error = await service(ledger.repo)
      .recordChannelConsent(digilocker)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(340);
    expect(ledger.entries).toHaveLength(2);
  });
});
