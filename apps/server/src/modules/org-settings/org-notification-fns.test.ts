import { describe, expect, it } from 'vitest';
import {
  composeDigest,
  digestKey,
  digestWindow,
  kindOf,
  mailsForChanges,
  notificationKey,
  recipientsOf,
  wanted,
  type BucketChange,
} from './org-notification-fns.js';

const AT = new Date('2026-11-29T10:00:00.000Z');
const change = (over: Partial<BucketChange> = {}): BucketChange => ({
  orgId: 'acme',
  txnId: 'txn-1',
  candidateName: 'Ravi Kumar',
  formName: 'Hiring 2027',
  from: 'submitted',
  to: 'action_required',
  at: AT,
  ...over,
});
const ALL_ON = { email: null, onActionRequired: true, onFinished: true, dailyDigest: false };

describe("the organisation's notifications (pure rules)", () => {
  it('tells action_required and finished (verified, closed) apart from every other move', () => {
    expect(kindOf({ from: 'submitted', to: 'action_required' })).toBe('action_required');
    expect(kindOf({ from: 'in_progress', to: 'verified' })).toBe('finished');
    expect(kindOf({ from: 'started', to: 'closed' })).toBe('finished');
    expect(kindOf({ from: null, to: 'verified' })).toBe('finished');
    for (const to of ['invited', 'started', 'submitted', 'in_progress'] as const)
      expect(kindOf({ from: 'invited', to })).toBeNull();
    // Staying in a bucket is no change.
    expect(kindOf({ from: 'action_required', to: 'action_required' })).toBeNull();
    expect(kindOf({ from: 'verified', to: 'verified' })).toBeNull();
  });

  it('keys a change by candidate, bucket and instant: a retry gives the same key', () => {
    expect(notificationKey(change())).toBe('org-bucket:txn-1:action_required:2026-11-29T10:00:00.000Z');
    expect(notificationKey(change())).toBe(notificationKey(change({ candidateName: 'x' })));
    expect(notificationKey(change({ to: 'verified' }))).not.toBe(notificationKey(change()));
    expect(notificationKey(change({ at: new Date(AT.getTime() + 1) }))).not.toBe(notificationKey(change()));
  });

  it("sends to the settings' address, else to each owner once", () => {
    expect(recipientsOf({ ...ALL_ON, email: 'hr@acme.test' }, ['o@acme.test'])).toEqual(['hr@acme.test']);
    expect(recipientsOf(ALL_ON, ['A@acme.test', 'a@acme.test ', 'b@acme.test'])).toEqual([
      'a@acme.test',
      'b@acme.test',
    ]);
    expect(recipientsOf(ALL_ON, [])).toEqual([]);
  });

  it('writes one e-mail per wanted change and recipient, with a link to the candidate', () => {
    const mails = mailsForChanges(
      'acme',
      [
        change(),
        change({ txnId: 'txn-2', from: 'in_progress', to: 'verified' }),
        change({ txnId: 'txn-3', to: 'in_progress' }),
        change({ txnId: 'txn-4', orgId: 'other' }),
      ],
      ALL_ON,
      ['a@acme.test', 'b@acme.test'],
      'https://app.example/org/',
    );
    expect(mails.map((m) => [m.mail.to, m.mail.subject])).toEqual([
      ['a@acme.test', 'Ravi Kumar needs you (Hiring 2027)'],
      ['b@acme.test', 'Ravi Kumar needs you (Hiring 2027)'],
      ['a@acme.test', 'Ravi Kumar has finished: verified (Hiring 2027)'],
      ['b@acme.test', 'Ravi Kumar has finished: verified (Hiring 2027)'],
    ]);
    expect(mails[0]!.mail.text).toContain('https://app.example/org/candidates/txn-1');
    expect(new Set(mails.map((m) => m.key)).size).toBe(4);
  });

  it('follows the switches', () => {
    const changes = [change(), change({ txnId: 'txn-2', to: 'closed' })];
    const owners = ['o@acme.test'];
    const url = 'https://app.example/org';
    expect(
      mailsForChanges('acme', changes, { ...ALL_ON, onActionRequired: false }, owners, url),
    ).toHaveLength(1);
    expect(
      mailsForChanges('acme', changes, { ...ALL_ON, onFinished: false }, owners, url)[0]!.mail.subject,
    ).toMatch(/needs you/);
    expect(
      mailsForChanges(
        'acme',
        changes,
        { ...ALL_ON, onActionRequired: false, onFinished: false },
        owners,
        url,
      ),
    ).toEqual([]);
  });

  it('digests the counts per bucket and the day’s changes, oldest first; nothing when nothing moved', () => {
    expect(composeDigest('Acme', '2026-11-29', { verified: 3 }, [])).toBeNull();
    const digest = composeDigest('Acme', '2026-11-29', { invited: 5, verified: 3 }, [
      change({
        candidateName: 'Later',
        at: new Date(AT.getTime() + 60_000),
        from: 'in_progress',
        to: 'verified',
      }),
      change({ candidateName: 'Earlier', from: null, to: 'invited' }),
    ])!;
    expect(digest.subject).toBe('Your candidates on 2026-11-29: 2 changes');
    expect(digest.text).toContain('Invited: 5');
    expect(digest.text).toContain('Verified: 3');
    expect(digest.text).toContain('Action required: 0');
    expect(digest.text.indexOf('Earlier (Hiring 2027): new → Invited')).toBeLessThan(
      digest.text.indexOf('Later (Hiring 2027): In progress → Verified'),
    );
  });

  it('records each digest line’s transaction, place and erased reading; a name stays on its line', () => {
    const digest = composeDigest('Acme\nCorp', '2026-11-29', {}, [
      change({ txnId: 'txn-2', candidateName: 'Second', at: new Date(AT.getTime() + 60_000) }),
      change({
        txnId: 'txn-1',
        candidateName: 'First\n- Forged (x): new → Verified',
        formName: 'Hiring\n2027',
      }),
    ])!;
    const text = digest.text.split('\n');
    expect(digest.lines.map((l) => l.txnId)).toEqual(['txn-1', 'txn-2']);
    expect(text[digest.lines[0]!.lineNo]).toBe(
      '- First - Forged (x): new → Verified (Hiring 2027): Submitted → Action required',
    );
    expect(text[digest.lines[1]!.lineNo]).toBe('- Second (Hiring 2027): Submitted → Action required');
    expect(digest.lines[1]!.lineNo).toBe(text.length - 1);
    expect(digest.lines.map((l) => l.erasedText)).toEqual([
      '- (erased) (Hiring 2027): Submitted → Action required',
      '- (erased) (Hiring 2027): Submitted → Action required',
    ]);
  });

  it('digests the IST day before from the digest hour on', () => {
    // 2026-11-29 08:59 IST: the 28th's digest is not due yet, the 27th's is the last due.
    expect(digestWindow(new Date('2026-11-29T03:29:00Z'), 9)).toEqual({
      day: '2026-11-27',
      from: new Date('2026-11-26T18:30:00Z'),
      to: new Date('2026-11-27T18:30:00Z'),
    });
    // 09:00 IST: the 28th, midnight to midnight India time.
    expect(digestWindow(new Date('2026-11-29T03:30:00Z'), 9)).toEqual({
      day: '2026-11-28',
      from: new Date('2026-11-27T18:30:00Z'),
      to: new Date('2026-11-28T18:30:00Z'),
    });
    // 23:59 IST (18:29 UTC) is still the 29th in India.
    expect(digestWindow(new Date('2026-11-29T18:29:00Z'), 9).day).toBe('2026-11-28');
    expect(digestWindow(new Date('2026-11-29T18:30:00Z'), 0).day).toBe('2026-11-29');
    expect(digestKey('acme', '2026-11-28', 'a@acme.test')).toBe('org-digest:acme:2026-11-28:a@acme.test');
  });

  it('wants a change only when its kind is switched on', () => {
    expect(wanted(ALL_ON, { from: 'submitted', to: 'action_required' })).toBe(true);
    expect(wanted({ ...ALL_ON, onActionRequired: false }, { from: 'submitted', to: 'action_required' })).toBe(
      false,
    );
    expect(wanted({ ...ALL_ON, onFinished: false }, { from: 'in_progress', to: 'closed' })).toBe(false);
    expect(wanted(ALL_ON, { from: 'invited', to: 'started' })).toBe(false);
  });
});
