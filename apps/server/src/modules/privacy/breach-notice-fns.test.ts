import { describe, expect, it } from 'vitest';
import { composeBreachNotice, type NoticeFacts } from './breach-notice-fns.js';

const OFFICER = { name: 'Asha Rao', email: 'grievance@veridocs.example', phone: '+91 80 4000 1234' };
const EN = {
  whatHappened: 'A list could be read.',
  consequences: 'Calls pretending to be us.',
  actionsTaken: 'We removed it.',
  whatTheyCanDo: 'Share no OTP.',
};
const facts = (over: Partial<NoticeFacts> = {}): NoticeFacts => ({
  notice: { en: EN, hi: null },
  // 23:30 UTC is the next day in India: the notice says the Indian date.
  foundAt: new Date('2030-01-13T23:30:00Z'),
  occurredFrom: null,
  occurredTo: null,
  ...over,
});

describe('the breach notice (DPDP Rules: what, when, consequences, measures, advice, contact)', () => {
  it('holds every part the Rules ask for, in order, with the officer', () => {
    const { subject, text } = composeBreachNotice(facts(), 'en', OFFICER);
    expect(subject).toBe('Veridocs: a personal data breach that concerns you');
    expect(text.split('\n\n')).toEqual([
      subject,
      'When: we found it on 14 January 2030.',
      'What happened: A list could be read.',
      'What it may mean for you: Calls pretending to be us.',
      'What we have done: We removed it.',
      'What you can do: Share no OTP.',
      'Questions or a complaint: Asha Rao, grievance@veridocs.example, +91 80 4000 1234. You may also complain to the Data Protection Board of India.',
    ]);
  });

  it("writes a Hindi reader's frame in Hindi, with the Hindi texts, else the English ones", () => {
    const hi = { ...EN, whatHappened: 'एक सूची पढ़ी जा सकती थी।' };
    const withHindi = composeBreachNotice(
      facts({ notice: { en: EN, hi }, occurredFrom: new Date('2030-01-10T00:00:00Z') }),
      'hi',
      OFFICER,
    ).text;
    expect(withHindi).toContain('क्या हुआ: एक सूची पढ़ी जा सकती थी।');
    expect(withHindi).toMatch(/^कब: .+ से; हमें इसका पता .+ को चला।$/m);
    const withoutHindi = composeBreachNotice(facts(), 'hi', OFFICER).text;
    expect(withoutHindi).toContain('क्या हुआ: A list could be read.');
    expect(withoutHindi).toContain('Asha Rao, grievance@veridocs.example, +91 80 4000 1234');
  });
});
