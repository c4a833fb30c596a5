import { ERROR_CODES, OTP } from '@veridocs/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The candidate's language (issue 10 §4): the web app sends `Accept-Language: en` or `hi` on every
 * request (ADR 0014). Only these two are served; anything else, or none, is English.
 */
export type Language = 'en' | 'hi';
export const DEFAULT_LANGUAGE: Language = 'en';

/** The best of `en` / `hi` in an Accept-Language header (`hi`, `hi-IN`, `hi;q=0.9, en;q=0.8`). */
export function parseAcceptLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'hi') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

export const requestLanguage = (request: FastifyRequest): Language =>
  parseAcceptLanguage(request.headers['accept-language']);

/** The OTP text sent by SMS or WhatsApp. */
export function otpMessageBody(code: string, language: Language = DEFAULT_LANGUAGE): string {
  const minutes = Math.round(OTP.ttlSeconds / 60);
  if (language === 'hi')
    return `${code} आपका Veridocs सत्यापन कोड है। यह ${minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`;
  return `${code} is your Veridocs verification code. It expires in ${minutes} minutes. Do not share it with anyone.`;
}

/**
 * Hindi for the envelope messages a candidate can meet, by code. Only a code's own table message is
 * replaced: a message written for one case (a validation detail) stays as the server wrote it.
 */
const HINDI_BY_CODE: Partial<Record<number, string>> = {
  [ERROR_CODES.VALIDATION_FAILED.code]: 'अनुरोध सही नहीं है',
  [ERROR_CODES.NOT_FOUND.code]: 'यह नहीं मिला',
  [ERROR_CODES.UNAUTHORIZED.code]: 'सत्र समाप्त हो गया है, कृपया फिर से लॉग इन करें',
  [ERROR_CODES.FORBIDDEN.code]: 'आपको यह करने की अनुमति नहीं है',
  [ERROR_CODES.USER_NOT_FOUND.code]: 'इस मोबाइल नंबर का कोई खाता नहीं है',
  [ERROR_CODES.OTP_INVALID.code]: 'OTP सही नहीं है, कृपया फिर से कोशिश करें',
  [ERROR_CODES.OTP_EXPIRED.code]: 'OTP की समय-सीमा खत्म हो गई है, कृपया नया OTP मँगाएँ',
  [ERROR_CODES.OTP_BLOCKED.code]: 'कई बार गलत OTP डाला गया। यह नंबर 2 घंटे के लिए रोक दिया गया है',
  [ERROR_CODES.OTP_REQUEST_LIMIT.code]: 'आप अधिकतम बार OTP मँगा चुके हैं, कृपया कुछ देर बाद फिर से कोशिश करें',
  [ERROR_CODES.OTP_RESEND_TOO_SOON.code]: 'नया OTP मँगाने से पहले कृपया थोड़ा इंतज़ार करें',
  [ERROR_CODES.RATE_LIMITED.code]: 'बहुत सारे अनुरोध आए हैं, कृपया थोड़ा रुककर कोशिश करें',
  [ERROR_CODES.OTP_ALREADY_USED.code]: 'यह OTP पहले ही इस्तेमाल हो चुका है, कृपया नया OTP मँगाएँ',
  [ERROR_CODES.SIGNUP_WINDOW_EXPIRED.code]: 'सत्यापन का समय खत्म हो गया, कृपया नया OTP मँगाएँ',
  [ERROR_CODES.FORM_EXPIRED.code]: 'इस फ़ॉर्म की समय-सीमा खत्म हो गई है',
  [ERROR_CODES.FORM_NOT_FOUND.code]: 'यह सत्यापन फ़ॉर्म मौजूद नहीं है',
  [ERROR_CODES.ORG_NOT_FOUND.code]: 'यह संस्था मौजूद नहीं है',
  [ERROR_CODES.TRANSACTION_ACCESS_DENIED.code]: 'पहुँच की अनुमति नहीं है',
  [ERROR_CODES.INVALID_TRANSITION.code]: 'अभी की स्थिति में यह कदम नहीं उठाया जा सकता',
  [ERROR_CODES.SKIP_NOT_ALLOWED.code]: 'यह सत्यापन छोड़ा नहीं जा सकता',
  [ERROR_CODES.QUESTIONNAIRE_REQUIRED.code]: 'शुरू करने से पहले कृपया सवालों के जवाब दें',
  [ERROR_CODES.CONSENT_REQUIRED.code]: 'कृपया पहले सूचना पढ़ें और अपनी सहमति दें',
  [ERROR_CODES.NOTICE_CHANGED.code]: 'सूचना बदल गई है। सहमति देने से पहले कृपया इसे फिर से पढ़ें',
  [ERROR_CODES.CANDIDATE_UNDER_18.code]:
    'इस सेवा का उपयोग करने के लिए आपकी आयु 18 वर्ष या उससे अधिक होनी चाहिए। आपका अनुरोध रोक दिया गया है और इसके लिए एकत्र किया गया डेटा मिटा दिया जाएगा',
  [ERROR_CODES.NOMINEE_IS_SELF.code]: 'नामित व्यक्ति कोई और होना चाहिए: उनका अपना मोबाइल नंबर डालें',
  [ERROR_CODES.VERIFICATION_NOT_IN_FORM.code]: 'यह सत्यापन इस फ़ॉर्म में शामिल नहीं है',
  [ERROR_CODES.PAYMENT_REQUIRED.code]: 'जमा करने से पहले भुगतान ज़रूरी है',
  [ERROR_CODES.FILE_TOO_LARGE.code]: 'फ़ाइल का साइज़ 25 MB से कम होना चाहिए',
  [ERROR_CODES.FILE_TOO_SMALL.code]: 'फ़ाइल का साइज़ 40 KB से ज़्यादा होना चाहिए',
  [ERROR_CODES.FILE_TYPE_NOT_ALLOWED.code]: 'कृपया इनमें से किसी प्रकार की फ़ाइल अपलोड करें: jpeg, jpg, png, pdf',
  [ERROR_CODES.FILE_COUNT.code]: 'केवल 1 फ़ाइल अपलोड की जा सकती है',
  [ERROR_CODES.FILE_MISSING.code]: 'कृपया अपलोड करने के लिए एक फ़ाइल चुनें',
  [ERROR_CODES.FILE_NOT_FOUND.code]: 'यह फ़ाइल मौजूद नहीं है',
  [ERROR_CODES.FILE_UNUSABLE.code]: 'आपकी अपलोड की गई फ़ाइल हमारा सिस्टम स्वीकार नहीं करता।',
  [ERROR_CODES.FILE_LINK_INVALID.code]: 'यह डाउनलोड लिंक सही नहीं है या इसकी समय-सीमा खत्म हो गई है',
  [ERROR_CODES.FILE_FETCH_FAILED.code]: 'इस URL से फ़ाइल नहीं मिल सकी',
  [ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.code]: 'इस संदर्भ संख्या का कोई आवेदन नहीं मिला, कृपया इसे जाँचें',
  [ERROR_CODES.SESSION_REVOKED.code]: 'सत्र समाप्त हो गया है, कृपया फिर से लॉग इन करें',
  [ERROR_CODES.INTERNAL.code]: 'कुछ गड़बड़ हो गई, कृपया थोड़ी देर बाद फिर से कोशिश करें',
  [ERROR_CODES.SERVICE_UNAVAILABLE.code]: 'सेवा अभी उपलब्ध नहीं है, कृपया थोड़ी देर बाद फिर से कोशिश करें',
};

/** Messages the server writes for one case, beyond the table's, that a candidate reads on /login. */
const HINDI_BY_TEXT: Record<string, string> = {
  'Too many OTP requests right now, please try again later':
    'अभी बहुत सारे OTP अनुरोध आ रहे हैं, कृपया कुछ देर बाद फिर से कोशिश करें',
  'Unknown OTP transaction, please request a new OTP': 'यह OTP अनुरोध नहीं मिला, कृपया नया OTP मँगाएँ',
  'This OTP is no longer valid, use the latest one': 'यह OTP अब मान्य नहीं है, सबसे नया OTP डालें',
  'Too many reference number checks. Please try again later':
    'संदर्भ संख्या की बहुत अधिक जाँच हो चुकी है। कृपया बाद में फिर से कोशिश करें',
  'Could not send the OTP, please try again in a moment': 'OTP नहीं भेजा जा सका, कृपया थोड़ी देर में फिर से कोशिश करें',
  // The evaluation partner's e-mail OTP (modules/evaluation).
  'Choose your evaluation partner': 'अपना मूल्यांकन पार्टनर चुनें',
  'You can request an OTP up to 3 times. Please try again later':
    'आप OTP 3 बार तक ही मँगा सकते हैं। कृपया कुछ देर बाद फिर से कोशिश करें',
  'Too many failed attempts. You are blocked for 2 hours':
    'कई बार गलत OTP डाला गया। आपको 2 घंटे के लिए रोक दिया गया है',
  'Unknown OTP request, please request a new OTP': 'यह OTP अनुरोध नहीं मिला, कृपया नया OTP मँगाएँ',
};

const TABLE_MESSAGE_BY_CODE = new Map<number, string>(
  Object.values(ERROR_CODES).map((entry) => [entry.code, entry.message]),
);

/** The envelope message in the request's language. */
export function localiseErrorMessage(
  language: Language,
  code: number,
  message: string,
  data?: unknown,
): string {
  if (language !== 'hi') return message;
  const facts = (data ?? {}) as { retryAfter?: unknown; attemptsLeft?: unknown };
  if (
    code === ERROR_CODES.OTP_RESEND_TOO_SOON.code &&
    typeof facts.retryAfter === 'number' &&
    facts.retryAfter > 0
  )
    return `नया OTP मँगाने से पहले कृपया ${Math.ceil(facts.retryAfter)} सेकंड रुकें`;
  if (code === ERROR_CODES.OTP_INVALID.code && typeof facts.attemptsLeft === 'number')
    return `OTP सही नहीं है, ${facts.attemptsLeft} बार और कोशिश कर सकते हैं`;
  const byText = HINDI_BY_TEXT[message];
  if (byText) return byText;
  const hindi = HINDI_BY_CODE[code];
  return hindi && TABLE_MESSAGE_BY_CODE.get(code) === message ? hindi : message;
}
