import type { NotificationKind } from '@veridocs/shared';
import type { Language } from '../../http/language.js';

/**
 * The notifications' texts in every language the product serves (ADR 0038). A notification is stored
 * as one of these messages and its parameters, and rendered in the reader's language when it is
 * listed or pushed; its English is stored too (old rows, unknown messages, the e-mail subject).
 *
 * A text is trusted markdown of ADR 0030's subset; a `{name}` placeholder takes a parameter, which is
 * always escaped (an organisation name or a reason typed by the verifier can never become markup).
 * Both languages of a message use the same placeholders (a test).
 */
export interface MessageText {
  title: string;
  description: string;
}

export interface MessageDefinition {
  /** The client's avatar / category (NOTIFICATION_KINDS). */
  kind: NotificationKind;
  en: MessageText;
  hi: MessageText;
}

export const NOTIFICATION_MESSAGES = {
  // A verification's state change, decided by the verification team.
  'verification.in_progress': {
    kind: 'verification',
    en: {
      title: 'Verification in progress',
      description: 'The verification team started on your **{verification}** verification for **{org}**.',
    },
    hi: {
      title: 'सत्यापन जारी है',
      description: 'सत्यापन टीम ने **{org}** के लिए आपके **{verification}** सत्यापन पर काम शुरू कर दिया है।',
    },
  },
  'verification.completed': {
    kind: 'verification',
    en: {
      title: 'Verified',
      description: 'Your **{verification}** verification for **{org}** is complete: verified.',
    },
    hi: {
      title: 'सत्यापित',
      description: '**{org}** के लिए आपका **{verification}** सत्यापन पूरा हो गया है: सत्यापित।',
    },
  },
  'verification.failed': {
    kind: 'verification',
    en: {
      title: 'Verification failed',
      description: 'Your **{verification}** verification for **{org}** could not be verified.',
    },
    hi: {
      title: 'सत्यापन नहीं हो सका',
      description: '**{org}** के लिए आपके **{verification}** की पुष्टि नहीं हो सकी।',
    },
  },
  'verification.closed': {
    kind: 'verification',
    en: {
      title: 'Verification closed',
      description: 'Your **{verification}** verification for **{org}** was closed.',
    },
    hi: {
      title: 'सत्यापन बंद किया गया',
      description: '**{org}** के लिए आपका **{verification}** सत्यापन बंद कर दिया गया है।',
    },
  },
  'verification.action_required': {
    kind: 'action_required',
    en: {
      title: 'Action required',
      description: 'We need more from you for your **{verification}** verification for **{org}**.',
    },
    hi: {
      title: 'आपकी कार्रवाई ज़रूरी है',
      description: '**{org}** के लिए आपके **{verification}** सत्यापन के लिए हमें आपसे कुछ और चाहिए।',
    },
  },
  'verification.action_required_reason': {
    kind: 'action_required',
    en: {
      title: 'Action required',
      description:
        'We need more from you for your **{verification}** verification for **{org}**.\n*Reason:* {reason}',
    },
    hi: {
      title: 'आपकी कार्रवाई ज़रूरी है',
      description:
        '**{org}** के लिए आपके **{verification}** सत्यापन के लिए हमें आपसे कुछ और चाहिए।\n*कारण:* {reason}',
    },
  },
  // The whole request's state change.
  'request.completed': {
    kind: 'transaction',
    en: {
      title: 'Verification request completed',
      description: 'Every verification of your request for **{org}** is done.',
    },
    hi: {
      title: 'सत्यापन अनुरोध पूरा हुआ',
      description: '**{org}** के लिए आपके अनुरोध के सभी सत्यापन पूरे हो गए हैं।',
    },
  },
  'request.failed': {
    kind: 'transaction',
    en: {
      title: 'Verification request failed',
      description: 'Your request for **{org}** could not be verified.',
    },
    hi: {
      title: 'सत्यापन अनुरोध सफल नहीं हुआ',
      description: '**{org}** के लिए आपके अनुरोध का सत्यापन नहीं हो सका।',
    },
  },
  'request.closed': {
    kind: 'transaction',
    en: { title: 'Verification request closed', description: 'Your request for **{org}** was closed.' },
    hi: {
      title: 'सत्यापन अनुरोध बंद किया गया',
      description: '**{org}** के लिए आपका अनुरोध बंद कर दिया गया है।',
    },
  },
  // Payments and refunds (ADR 0023).
  'payment.success': {
    kind: 'payment',
    en: {
      title: 'Payment successful',
      description: 'We received your payment of **{amount}** for **{org}**.',
    },
    hi: {
      title: 'भुगतान सफल रहा',
      description: 'हमें **{org}** के लिए आपका **{amount}** का भुगतान मिल गया है।',
    },
  },
  'payment.failed': {
    kind: 'payment',
    en: {
      title: 'Payment failed',
      description:
        'Your payment of **{amount}** for **{org}** did not go through. You have not been charged; you can try again.',
    },
    hi: {
      title: 'भुगतान नहीं हो सका',
      description:
        '**{org}** के लिए आपका **{amount}** का भुगतान नहीं हो सका। आपसे कोई पैसा नहीं लिया गया है; आप फिर से कोशिश कर सकते हैं।',
    },
  },
  'refund.processed': {
    kind: 'refund',
    en: {
      title: 'Refund processed',
      description: '**{amount}** of your payment for **{org}** was refunded.',
    },
    hi: {
      title: 'रिफ़ंड हो गया',
      description: '**{org}** के लिए किए गए आपके भुगतान में से **{amount}** आपको वापस कर दिए गए हैं।',
    },
  },
  'refund.failed': {
    kind: 'refund',
    en: {
      title: 'Refund failed',
      description:
        'The refund of **{amount}** for **{org}** could not be processed. Our team will contact you.',
    },
    hi: {
      title: 'रिफ़ंड नहीं हो सका',
      description: '**{org}** के लिए **{amount}** का रिफ़ंड नहीं हो सका। हमारी टीम आपसे संपर्क करेगी।',
    },
  },
  // For the modules that call notify() (the verification report, the wallet).
  'report.sent': {
    kind: 'report',
    en: {
      title: 'Verification report sent',
      description: 'Your verification report was sent to **{org}**.',
    },
    hi: {
      title: 'सत्यापन रिपोर्ट भेज दी गई',
      description: 'आपकी सत्यापन रिपोर्ट **{org}** को भेज दी गई है।',
    },
  },
  // The privacy module (issue 29): the team answered a correction request or a grievance.
  'privacy.correction_answered': {
    kind: 'transaction',
    en: {
      title: 'Your correction request was answered',
      description: 'The team answered your correction request **{reference}**. Open it to read the answer.',
    },
    hi: {
      title: 'आपके सुधार अनुरोध का उत्तर दिया गया',
      description: 'टीम ने आपके सुधार अनुरोध **{reference}** का उत्तर दिया है। उत्तर पढ़ने के लिए इसे खोलें।',
    },
  },
  'privacy.grievance_answered': {
    kind: 'transaction',
    en: {
      title: 'Your grievance was answered',
      description:
        'The grievance officer answered your grievance **{reference}**. Open it to read the answer.',
    },
    hi: {
      title: 'आपकी शिकायत का उत्तर दिया गया',
      description: 'शिकायत अधिकारी ने आपकी शिकायत **{reference}** का उत्तर दिया है। उत्तर पढ़ने के लिए इसे खोलें।',
    },
  },
  'credential.issued': {
    kind: 'credential',
    en: {
      title: 'Credential added to your wallet',
      description: 'Your **{verification}** credential for **{org}** is now in your wallet.',
    },
    hi: {
      title: 'आपके वॉलेट में क्रेडेंशियल जुड़ गया',
      description: '**{org}** के लिए आपका **{verification}** क्रेडेंशियल अब आपके वॉलेट में है।',
    },
  },
} as const satisfies Record<string, MessageDefinition>;

export type NotificationMessage = keyof typeof NOTIFICATION_MESSAGES;
/** A message's parameters, as given (raw text: escaped when rendered). */
export type NotificationParams = Readonly<Record<string, string>>;

export const isNotificationMessage = (value: unknown): value is NotificationMessage =>
  typeof value === 'string' && Object.hasOwn(NOTIFICATION_MESSAGES, value);

/** The `{name}` placeholders of a text, in order. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Escapes what the markdown subset would read as markup (names and reasons from elsewhere). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_[\]()<>`]/g, (c) => `\\${c}`);
}

/**
 * The English labels of the verification types whose config is not at hand (rows written before
 * labels were stored, a type with no config): the seeded configs' labels, as the tiles show them.
 */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  aadhaar: 'Aadhaar',
  passport: 'Passport',
  dl: 'Driving licence',
  'bgv-degree': 'Degree',
  'bgv-twelfth': '12th',
  'bgv-tenth': '10th',
  'employment-check': 'Employment check',
  'bgv-employment': 'Employment',
  'bgv-address': 'Address',
  'bgv-ews': 'EWS certificate',
};

/**
 * The Hindi of the configs' labels (the web app's config texts say the same); a label not here, such
 * as an organisation's own name for a verification, is shown as written.
 */
const HINDI_LABELS: Readonly<Record<string, string>> = {
  Aadhaar: 'आधार',
  Passport: 'पासपोर्ट',
  'Driving licence': 'ड्राइविंग लाइसेंस',
  Degree: 'डिग्री',
  '12th': '12वीं',
  '10th': '10वीं',
  'Employment check': 'नौकरी की जाँच',
  Employment: 'नौकरी',
  Address: 'पता',
  'EWS certificate': 'EWS प्रमाणपत्र',
};

/** A verification's English label in `language`: "Degree 2" → "डिग्री 2" (an instance keeps its number). */
export function localiseLabel(label: string, language: Language): string {
  if (language === 'en') return label;
  const whole = HINDI_LABELS[label];
  if (whole) return whole;
  const numbered = /^(.*\S) (\d+)$/.exec(label);
  const base = numbered ? HINDI_LABELS[numbered[1]!] : undefined;
  return base ? `${base} ${numbered![2]}` : label;
}

/**
 * A verification's label from its name alone, for rows that stored no label: `bgv-twelfth` → "12th",
 * `bgv-degree~2` → "Degree 2" (as the tiles number instances); an unknown type reads as its words.
 */
export function verificationLabel(name: string, language: Language = 'en'): string {
  const [type = name, instance] = name.split('~');
  const words = type.replace(/^bgv-/, '').replace(/[-_]+/g, ' ').trim();
  const english = TYPE_LABELS[type] ?? words.charAt(0).toUpperCase() + words.slice(1);
  const n = Number(instance);
  return localiseLabel(Number.isInteger(n) && n > 1 ? `${english} ${n}` : english, language);
}

/**
 * The text of a `{verification}` placeholder: the label the notification was written with (the one the
 * candidate's tile shows: `label`), else one made from the verification's name (`verification`).
 */
function verificationText(params: NotificationParams, language: Language): string | undefined {
  const label = Object.hasOwn(params, 'label') ? params.label : undefined;
  if (typeof label === 'string' && label.trim()) return localiseLabel(label, language);
  const name = Object.hasOwn(params, 'verification') ? params.verification : undefined;
  return typeof name === 'string' ? verificationLabel(name, language) : undefined;
}

/**
 * A message's title and description in `language`, its parameters escaped (`{verification}` reads the
 * `label` parameter, else the `verification` name's label, in that language). Undefined when a placeholder has no
 * parameter (the caller falls back to the stored English).
 */
export function renderMessage(
  message: NotificationMessage,
  params: NotificationParams,
  language: Language,
): MessageText | undefined {
  const text: MessageText = NOTIFICATION_MESSAGES[message][language];
  let missing = false;
  const fill = (template: string) =>
    // One pass: a parameter's own braces are never read as placeholders.
    template.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value =
        name === 'verification'
          ? verificationText(params, language)
          : Object.hasOwn(params, name)
            ? params[name]
            : undefined;
      if (typeof value !== 'string') {
        missing = true;
        return '';
      }
      return escapeMarkdown(value);
    });
  const rendered = { title: fill(text.title), description: fill(text.description) };
  return missing ? undefined : rendered;
}
