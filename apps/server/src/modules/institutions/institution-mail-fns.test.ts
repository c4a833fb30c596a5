import { createWorkingCalendar } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import {
  INSTITUTION_TIME_DEFAULTS as config,
  composeDigestMail,
  composeRequestMail,
  digestCutoff,
  nextStepAt,
  planSchedule,
  type RequestMailPart,
} from './institution-mail-fns.js';

const calendar = createWorkingCalendar();
const iso = (d: Date) => d.toISOString();

describe('the reminder schedule', () => {
  // Thursday 21 January 2027, 10:00 IST.
  const sent = new Date('2027-01-21T04:30:00.000Z');

  it('puts the reminders on working days 2, 5 and 8 and the escalation 3 after the last', () => {
    expect([0, 1, 2, 3].map((n) => iso(nextStepAt(calendar, config, sent, n)))).toEqual([
      '2027-01-25T04:30:00.000Z',
      '2027-01-29T04:30:00.000Z',
      '2027-02-03T04:30:00.000Z',
      '2027-02-08T04:30:00.000Z',
    ]);
    // Without reminders, escalation after its own days.
    expect(iso(nextStepAt(calendar, { reminderDays: [], escalateAfterDays: 3 }, sent, 0))).toBe(
      '2027-01-27T04:30:00.000Z',
    );
  });

  it('plans the next reminder, or the escalation once every reminder went', () => {
    const now = new Date('2027-01-25T04:30:00.000Z');
    const plan = planSchedule(
      calendar,
      config,
      [
        { id: 'a', contactId: 'c', sentAt: sent, remindersSent: 0 },
        { id: 'b', contactId: 'c', sentAt: sent, remindersSent: 3 },
      ],
      now,
    );
    expect(plan.reminders.map((r) => [r.id, r.seq, iso(r.nextAt)])).toEqual([
      ['a', 1, '2027-01-29T04:30:00.000Z'],
    ]);
    expect(plan.escalations).toEqual([{ id: 'b', contactId: 'c' }]);
  });

  it('after a pause of the job, waits a working day before the next step (no burst)', () => {
    // A month late: the planned 5th day is long past; the next step is the next working day.
    const now = new Date('2027-02-22T06:00:00.000Z');
    const plan = planSchedule(
      calendar,
      config,
      [{ id: 'a', contactId: 'c', sentAt: sent, remindersSent: 0 }],
      now,
    );
    expect(iso(plan.reminders[0]!.nextAt)).toBe('2027-02-23T06:00:00.000Z');
  });
});

describe('the daily digest cut-off (10:00 IST)', () => {
  it('is today 10:00 IST from then on, yesterday before', () => {
    expect(iso(digestCutoff(new Date('2027-01-22T04:30:00.000Z'), 10))).toBe('2027-01-22T04:30:00.000Z');
    expect(iso(digestCutoff(new Date('2027-01-22T04:29:59.000Z'), 10))).toBe('2027-01-21T04:30:00.000Z');
    // 23:00 UTC is the next IST day, past its midnight but before its 10:00.
    expect(iso(digestCutoff(new Date('2027-01-22T23:00:00.000Z'), 10))).toBe('2027-01-22T04:30:00.000Z');
    expect(iso(digestCutoff(new Date('2027-01-22T23:00:00.000Z'), 0))).toBe('2027-01-22T18:30:00.000Z');
  });
});

describe('the e-mails', () => {
  const part: RequestMailPart = {
    kind: 'reminder',
    seq: 2,
    reminders: 3,
    organisation: 'Acme',
    candidateName: 'Asha Verma',
    institution: 'IIT Bombay',
    verifications: ['Degree', '12th'],
    link: 'https://v.example/respond?t=abc',
    linkExpiresAt: new Date('2027-02-20T04:30:00.000Z'),
  };
  it('says which reminder it is, who asks, about whom, the link and until when', () => {
    const mail = composeRequestMail('r@iitb.example', part);
    expect(mail.subject).toBe('Reminder 2 of 3: verification request for Asha Verma');
    expect(mail.text).toContain(
      'Reminder 2 of 3\nRequested by: Acme\nCandidate: Asha Verma\nTo verify: Degree, 12th',
    );
    expect(mail.text).toContain('Open the request: https://v.example/respond?t=abc');
    expect(mail.text).toContain('The link works until 20 February 2027');
    expect(composeRequestMail('r@iitb.example', { ...part, kind: 'request', seq: 0 }).text).not.toContain(
      'Reminder',
    );
  });
  it('lists every request of a digest with its own link', () => {
    const mail = composeDigestMail('r@iitb.example', 'IIT Bombay', [
      { ...part, kind: 'request', seq: 0 },
      { ...part, candidateName: 'Kabir Singh', link: 'https://v.example/respond?t=def' },
    ]);
    expect(mail.subject).toBe('2 verification requests for IIT Bombay');
    expect(mail.text).toContain('1.\nRequested by: Acme\nCandidate: Asha Verma');
    expect(mail.text).toContain('2.\nReminder 2 of 3\nRequested by: Acme\nCandidate: Kabir Singh');
    expect(mail.text).toContain('?t=def');
  });
});
