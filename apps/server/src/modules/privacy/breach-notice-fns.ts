import type { BreachNoticeText } from '@veridocs/shared';

/** Whom the people affected may ask (config GRIEVANCE_OFFICER_*). */
export interface GrievanceOfficer {
  name: string;
  email: string;
  phone: string;
}

export type NoticeLanguage = 'en' | 'hi';

/** What a notice is made from: the version's texts and times. */
export interface NoticeFacts {
  notice: { en: BreachNoticeText; hi: BreachNoticeText | null };
  foundAt: Date;
  occurredFrom: Date | null;
  occurredTo: Date | null;
}

const day = (at: Date, language: NoticeLanguage) =>
  new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'long',
    timeZone: 'Asia/Kolkata',
  }).format(at);

const FRAME = {
  en: {
    heading: 'Veridocs: a personal data breach that concerns you',
    when: (facts: NoticeFacts) => {
      const found = day(facts.foundAt, 'en');
      if (facts.occurredFrom && facts.occurredTo)
        return `When: from ${day(facts.occurredFrom, 'en')} to ${day(facts.occurredTo, 'en')}; we found it on ${found}.`;
      if (facts.occurredFrom) return `When: from ${day(facts.occurredFrom, 'en')}; we found it on ${found}.`;
      return `When: we found it on ${found}.`;
    },
    whatHappened: 'What happened',
    consequences: 'What it may mean for you',
    actionsTaken: 'What we have done',
    whatTheyCanDo: 'What you can do',
    contact: (o: GrievanceOfficer) =>
      `Questions or a complaint: ${o.name}, ${o.email}, ${o.phone}. You may also complain to the Data Protection Board of India.`,
  },
  hi: {
    heading: 'Veridocs: आपसे जुड़े व्यक्तिगत डेटा का उल्लंघन',
    when: (facts: NoticeFacts) => {
      const found = day(facts.foundAt, 'hi');
      if (facts.occurredFrom && facts.occurredTo)
        return `कब: ${day(facts.occurredFrom, 'hi')} से ${day(facts.occurredTo, 'hi')} तक; हमें इसका पता ${found} को चला।`;
      if (facts.occurredFrom) return `कब: ${day(facts.occurredFrom, 'hi')} से; हमें इसका पता ${found} को चला।`;
      return `कब: हमें इसका पता ${found} को चला।`;
    },
    whatHappened: 'क्या हुआ',
    consequences: 'आप पर इसका क्या असर हो सकता है',
    actionsTaken: 'हमने क्या किया है',
    whatTheyCanDo: 'आप क्या कर सकते हैं',
    contact: (o: GrievanceOfficer) =>
      `प्रश्न या शिकायत: ${o.name}, ${o.email}, ${o.phone}। आप भारत के डेटा संरक्षण बोर्ड से भी शिकायत कर सकते हैं।`,
  },
} as const;

/**
 * The notice a person affected reads (the DPDP Rules' contents: what happened, when, the likely
 * consequences, what was done, what they can do, whom to contact), in their language. A Hindi reader
 * gets the English texts inside the Hindi frame when the entry has no Hindi texts.
 */
export function composeBreachNotice(
  facts: NoticeFacts,
  language: NoticeLanguage,
  officer: GrievanceOfficer,
): { subject: string; text: string } {
  const frame = FRAME[language];
  const texts = (language === 'hi' ? facts.notice.hi : null) ?? facts.notice.en;
  const text = [
    frame.heading,
    frame.when(facts),
    `${frame.whatHappened}: ${texts.whatHappened}`,
    `${frame.consequences}: ${texts.consequences}`,
    `${frame.actionsTaken}: ${texts.actionsTaken}`,
    `${frame.whatTheyCanDo}: ${texts.whatTheyCanDo}`,
    frame.contact(officer),
  ].join('\n\n');
  return { subject: frame.heading, text };
}
