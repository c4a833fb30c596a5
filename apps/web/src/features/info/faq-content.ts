import { OTP } from '@veridocs/shared';
import type { Translate } from '../../i18n';
import type en from './locales/en.json';

export interface Faq {
  question: string;
  answer: string;
}

type InfoKey = keyof typeof en;

const blockHours = OTP.blockSeconds / 3600;

/** The FAQs by catalog key, in the order shown. */
const FAQ_KEYS: readonly [question: InfoKey, answer: InfoKey][] = [
  ['durationQuestion', 'durationAnswer'],
  ['reportQuestion', 'reportAnswer'],
  ['fasterQuestion', 'fasterAnswer'],
  ['otpWhereQuestion', 'otpWhereAnswer'],
  ['otpCountQuestion', 'otpCountAnswer'],
  ['otpWrongQuestion', 'otpWrongAnswer'],
  ['otpLateQuestion', 'otpLateAnswer'],
  ['documentsQuestion', 'documentsAnswer'],
  ['filesQuestion', 'filesAnswer'],
  ['costQuestion', 'costAnswer'],
  ['supportQuestion', 'supportAnswer'],
];

/** FAQs: the support messages of spec §8 and the timings of spec §1, in the current language. */
export function buildFaqs(t: Translate<InfoKey>, supportEmail: string, supportPhone = ''): Faq[] {
  const values = {
    maxRequests: OTP.maxRequests,
    maxFailedAttempts: OTP.maxFailedAttempts,
    blockHours,
    supportEmail,
    supportPhone,
  };
  return FAQ_KEYS.map(([question, answer]) => ({ question: t(question), answer: t(answer, values) }));
}

/** Tips for the degree upload (spec §5 "Degree instructions"). */
export const UPLOAD_TIP_KEYS: readonly InfoKey[] = ['tipScan', 'tipMerge', 'tipNoDegree', 'tipInstituteId'];
