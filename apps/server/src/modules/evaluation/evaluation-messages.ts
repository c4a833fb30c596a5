import { EMAIL_OTP } from '@veridocs/shared';
import type { Language } from '../../http/language.js';

/** The e-mail that carries the reference-number OTP, in the candidate's language. */
export function evaluationOtpMail(
  code: string,
  partnerName: string,
  reference: string,
  language: Language,
): { subject: string; text: string } {
  const minutes = Math.round(EMAIL_OTP.ttlSeconds / 60);
  if (language === 'hi')
    return {
      subject: 'आपका Veridocs सत्यापन कोड',
      text: [
        'नमस्ते,',
        '',
        `${partnerName} में आपके आवेदन (संदर्भ संख्या ${reference}) की पुष्टि के लिए आपका सत्यापन कोड ${code} है।`,
        `यह ${minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`,
        '',
        'अगर आपने यह अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें।',
        '',
        'Veridocs',
      ].join('\n'),
    };
  return {
    subject: 'Your Veridocs verification code',
    text: [
      'Hello,',
      '',
      `Your verification code for your ${partnerName} application (reference number ${reference}) is ${code}.`,
      `It expires in ${minutes} minutes. Do not share it with anyone.`,
      '',
      'If you did not ask for this, ignore this e-mail.',
      '',
      'Veridocs',
    ].join('\n'),
  };
}

/** a***a@example.com: the first and last character of the name, the domain in full. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const masked = name.length <= 2 ? `${name[0]}***` : `${name[0]}***${name[name.length - 1]}`;
  return `${masked}@${domain}`;
}
