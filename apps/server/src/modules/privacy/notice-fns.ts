import type { PrivacyPurpose, RetentionClass } from '@veridocs/shared';
import { REQUIRED_PURPOSES } from '@veridocs/shared';
import { sha256Hex } from './ledger-fns.js';

/** Bumped whenever a sentence below changes (ADR 0049): every text it renders gets a new hash. */
export const NOTICE_TEMPLATE_VERSION = '2026-11-29.1';

/** A catalogue per BCP 47 tag; another of the Eighth Schedule's languages is another catalogue. */
export type NoticeLanguage = 'en' | 'hi';

export interface NoticeInput {
  language: NoticeLanguage;
  organisation: string;
  form: string;
  /** The form's verification types (`bgv-degree`, `aadhaar`…), in the form's order. */
  verificationTypes: readonly string[];
  /** The evaluation partner's name when the form has one. */
  partner: string | null;
  /** The form has a partner the candidate has not named yet: the notice says "the partner you will name". */
  partnerToBeNamed?: boolean;
  /** The purposes this form asks for (the required ones are always asked). */
  purposes: readonly PrivacyPurpose[];
  retentionDays: Readonly<Record<RetentionClass, number>>;
  grievance: { name: string; email: string; phone: string };
}

export type NoticeSectionKey =
  'data' | 'purposes' | 'recipients' | 'retention' | 'rights' | 'withdrawal' | 'grievance';

export interface NoticeSection {
  key: NoticeSectionKey;
  title: string;
  lines: string[];
}

export interface RenderedNotice {
  language: NoticeLanguage;
  templateVersion: string;
  title: string;
  sections: NoticeSection[];
  /** The purposes asked, in the notice's order, each with its sentence. */
  purposes: { purpose: PrivacyPurpose; required: boolean; text: string }[];
  /** The exact text the candidate is shown; its SHA-256 is the notice's identity. */
  text: string;
  hash: string;
}

interface Catalogue {
  title: string;
  sections: Record<NoticeSectionKey, string>;
  dataIntro: string;
  /** What each verification type collects; `contact` and `payment` are always listed. */
  data: Record<string, string>;
  required: string;
  optional: string;
  purposes: Record<PrivacyPurpose, string>;
  /** The partner's purpose and recipient while the candidate has not named one yet. */
  unnamedPartner: { purpose: string; recipient: string };
  recipients: {
    organisation: string;
    partner: string;
    institutions: string;
    issuers: string;
    gateways: string;
  };
  retention: Record<RetentionClass, string>;
  rights: string[];
  withdrawal: string[];
  grievance: string;
  /** A period: whole years when it is one, else days. */
  days: string;
  years: string;
}

const EN: Catalogue = {
  title: 'Privacy notice: {organisation}, {form}',
  sections: {
    data: 'What we will collect',
    purposes: 'Why we use it',
    recipients: 'Who receives it',
    retention: 'How long we keep it',
    rights: 'Your rights',
    withdrawal: 'Withdrawing your consent',
    grievance: 'Grievance officer',
  },
  dataIntro: 'To verify your request for {organisation}, Veridocs will collect:',
  data: {
    aadhaar:
      "Identity (Aadhaar): your name, date of birth, gender, address and photo from UIDAI's e-KYC, and the last 4 digits of your Aadhaar number. The full number is never stored.",
    passport:
      "Identity (passport): a photo of your passport's data page and what it says: name, date of birth, nationality, passport number and expiry date.",
    dl: 'Driving licence: its number, your name, date of birth, its validity and a photo of the licence.',
    'bgv-degree':
      'Degree: the institute, degree, roll or registration number, years and result, and the certificates and marksheets you upload or fetch from DigiLocker.',
    'bgv-twelfth':
      '12th: the board, roll number, year and result, and the marksheet or certificate you upload or fetch from DigiLocker.',
    'bgv-tenth':
      '10th: the board, roll number, year and result, and the marksheet or certificate you upload or fetch from DigiLocker.',
    'employment-check':
      'Employment: your employers, designations and dates, and the letters and payslips you upload.',
    'bgv-employment':
      'Employment: your employers, designations and dates, and the letters and payslips you upload.',
    'bgv-address': 'Address: your address and the proof you upload.',
    'bgv-ews': 'EWS certificate: the certificate you upload and what it says.',
    contact: 'Contact: your mobile number and e-mail address.',
    payment: 'Payment: the amount, date and reference of any payment (never your card or bank details).',
  },
  required: '(required)',
  optional: '(optional)',
  purposes: {
    verify:
      'To check your data and documents with their issuers (institutions, boards, employers, DigiLocker, API Setu) and by our verification team.',
    report_organisation: 'To give the result and the verification report to {organisation}.',
    report_partner: 'To send the result to {partner}, the evaluation partner you name.',
    contact_institutions:
      'To send the facts you claim and your documents to the institutions and employers named in them, and ask them to confirm.',
    wallet: 'To keep verified results as credentials in your Veridocs wallet after the request closes.',
  },
  unnamedPartner: {
    purpose: 'To send the result to the evaluation partner you will name before you submit.',
    recipient: 'The evaluation partner you will name before you submit.',
  },
  recipients: {
    organisation: '{organisation}, which asked for this verification.',
    partner: '{partner}, the evaluation partner you name.',
    institutions:
      'The institutions, boards and employers named in your documents, when we ask them to confirm.',
    issuers: 'DigiLocker and API Setu, when you or we fetch a document from its issuer.',
    gateways: 'Our payment gateways, for a payment (amount and reference only).',
  },
  retention: {
    uploaded_documents: 'Documents you upload: {period} after your request closes.',
    pulled_documents: 'Documents fetched from their issuers: {period} after they are checked.',
    aadhaar_data: 'Your Aadhaar photo and address: {period} after they are checked.',
    results: 'Your answers, results, reports and credentials: {period} after your request closes.',
    support_chat: 'Support messages: {period} after the last one.',
    messages: 'Notifications, SMS and e-mails: {period} after they are sent.',
    payments: 'Payment and tax records: {period}, as tax law requires.',
    access_logs: 'Records of who looked at your data: {period}.',
  },
  rights: [
    'See what we hold about you and who received it, correct it, have it erased, and take a copy: in your wallet, under Profile → Privacy.',
    'Name a person who may use these rights for you if you cannot.',
    'Complain to our grievance officer (below); we answer within 90 days. If you are not satisfied, you may complain to the Data Protection Board of India.',
  ],
  withdrawal: [
    'You can withdraw any consent at any time, as easily as you gave it, under Profile → Privacy.',
    'Withdrawing a required purpose stops your request: open checks are closed and nothing more is sent to {organisation}. Reports already given to {organisation} stay with it; ask {organisation} about them.',
    'Withdrawing an optional purpose stops only that use.',
  ],
  grievance: '{name}, {email}, {phone}',
  days: '{n} days',
  years: '{n} years',
};

const HI: Catalogue = {
  title: 'गोपनीयता सूचना: {organisation}, {form}',
  sections: {
    data: 'हम क्या लेंगे',
    purposes: 'हम इसका उपयोग क्यों करते हैं',
    recipients: 'इसे कौन पाता है',
    retention: 'हम इसे कितने समय तक रखते हैं',
    rights: 'आपके अधिकार',
    withdrawal: 'अपनी सहमति वापस लेना',
    grievance: 'शिकायत अधिकारी',
  },
  dataIntro: '{organisation} के लिए आपके अनुरोध की जाँच के लिए Veridocs ये लेगा:',
  data: {
    aadhaar:
      'पहचान (आधार): UIDAI के e-KYC से आपका नाम, जन्म तिथि, लिंग, पता और फ़ोटो, और आपके आधार नंबर के अंतिम 4 अंक। पूरा नंबर कभी नहीं रखा जाता।',
    passport:
      'पहचान (पासपोर्ट): आपके पासपोर्ट के विवरण वाले पन्ने की फ़ोटो और उसमें लिखा विवरण: नाम, जन्म तिथि, राष्ट्रीयता, पासपोर्ट नंबर और समाप्ति तिथि।',
    dl: 'ड्राइविंग लाइसेंस: उसका नंबर, आपका नाम, जन्म तिथि, उसकी वैधता और लाइसेंस की फ़ोटो।',
    'bgv-degree':
      'डिग्री: संस्थान, डिग्री, रोल या पंजीकरण नंबर, वर्ष और परिणाम, और वे प्रमाणपत्र और अंकपत्र जो आप अपलोड करते हैं या DigiLocker से लाते हैं।',
    'bgv-twelfth':
      '12वीं: बोर्ड, रोल नंबर, वर्ष और परिणाम, और वह अंकपत्र या प्रमाणपत्र जो आप अपलोड करते हैं या DigiLocker से लाते हैं।',
    'bgv-tenth':
      '10वीं: बोर्ड, रोल नंबर, वर्ष और परिणाम, और वह अंकपत्र या प्रमाणपत्र जो आप अपलोड करते हैं या DigiLocker से लाते हैं।',
    'employment-check': 'नौकरी: आपके नियोक्ता, पद और तिथियाँ, और वे पत्र और वेतन पर्चियाँ जो आप अपलोड करते हैं।',
    'bgv-employment': 'नौकरी: आपके नियोक्ता, पद और तिथियाँ, और वे पत्र और वेतन पर्चियाँ जो आप अपलोड करते हैं।',
    'bgv-address': 'पता: आपका पता और उसका प्रमाण जो आप अपलोड करते हैं।',
    'bgv-ews': 'EWS प्रमाणपत्र: वह प्रमाणपत्र जो आप अपलोड करते हैं और उसमें लिखा विवरण।',
    contact: 'संपर्क: आपका मोबाइल नंबर और ई-मेल पता।',
    payment: 'भुगतान: किसी भी भुगतान की राशि, तिथि और संदर्भ (आपके कार्ड या बैंक का विवरण कभी नहीं)।',
  },
  required: '(आवश्यक)',
  optional: '(वैकल्पिक)',
  purposes: {
    verify:
      'आपके विवरण और दस्तावेज़ों की जाँच उन्हें जारी करने वालों (संस्थान, बोर्ड, नियोक्ता, DigiLocker, API Setu) से और हमारी जाँच टीम द्वारा करना।',
    report_organisation: 'परिणाम और जाँच रिपोर्ट {organisation} को देना।',
    report_partner: 'परिणाम {partner} को भेजना, जो मूल्यांकन भागीदार आपने बताया है।',
    contact_institutions: 'आपके बताए तथ्य और आपके दस्तावेज़ उनमें लिखे संस्थानों और नियोक्ताओं को भेजना, और उनसे पुष्टि माँगना।',
    wallet: 'अनुरोध बंद होने के बाद भी जाँचे गए परिणामों को आपके Veridocs वॉलेट में क्रेडेंशियल के रूप में रखना।',
  },
  unnamedPartner: {
    purpose: 'परिणाम उस मूल्यांकन भागीदार को भेजना जिसे आप जमा करने से पहले बताएँगे।',
    recipient: 'वह मूल्यांकन भागीदार जिसे आप जमा करने से पहले बताएँगे।',
  },
  recipients: {
    organisation: '{organisation}, जिसने यह जाँच माँगी है।',
    partner: '{partner}, जो मूल्यांकन भागीदार आपने बताया है।',
    institutions: 'आपके दस्तावेज़ों में लिखे संस्थान, बोर्ड और नियोक्ता, जब हम उनसे पुष्टि माँगते हैं।',
    issuers: 'DigiLocker और API Setu, जब आप या हम कोई दस्तावेज़ उसे जारी करने वाले से लाते हैं।',
    gateways: 'हमारे भुगतान गेटवे, किसी भुगतान के लिए (केवल राशि और संदर्भ)।',
  },
  retention: {
    uploaded_documents: 'आपके अपलोड किए दस्तावेज़: आपका अनुरोध बंद होने के {period} बाद तक।',
    pulled_documents: 'जारी करने वालों से लाए गए दस्तावेज़: जाँच के {period} बाद तक।',
    aadhaar_data: 'आपके आधार की फ़ोटो और पता: जाँच के {period} बाद तक।',
    results: 'आपके उत्तर, परिणाम, रिपोर्ट और क्रेडेंशियल: आपका अनुरोध बंद होने के {period} बाद तक।',
    support_chat: 'सहायता संदेश: अंतिम संदेश के {period} बाद तक।',
    messages: 'सूचनाएँ, SMS और ई-मेल: भेजे जाने के {period} बाद तक।',
    payments: 'भुगतान और कर के रिकॉर्ड: {period}, जैसा कर क़ानून माँगता है।',
    access_logs: 'किसने आपका विवरण देखा, इसके रिकॉर्ड: {period}।',
  },
  rights: [
    'देखें कि हमारे पास आपके बारे में क्या है और किसे मिला, उसे सुधरवाएँ, मिटवाएँ और उसकी प्रति लें: अपने वॉलेट में, प्रोफ़ाइल → गोपनीयता में।',
    'किसी ऐसे व्यक्ति को नामित करें जो आपके न कर पाने पर आपकी ओर से इन अधिकारों का उपयोग करे।',
    'हमारे शिकायत अधिकारी (नीचे) से शिकायत करें; हम 90 दिनों के भीतर उत्तर देते हैं। संतुष्ट न हों तो आप भारत के डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।',
  ],
  withdrawal: [
    'आप कोई भी सहमति कभी भी, उतनी ही आसानी से जितनी आसानी से दी थी, प्रोफ़ाइल → गोपनीयता में वापस ले सकते हैं।',
    'किसी आवश्यक उद्देश्य की सहमति वापस लेने से आपका अनुरोध रुक जाता है: चल रही जाँचें बंद हो जाती हैं और {organisation} को आगे कुछ नहीं भेजा जाता। {organisation} को पहले दी गई रिपोर्ट उसी के पास रहती हैं; उनके बारे में {organisation} से पूछें।',
    'किसी वैकल्पिक उद्देश्य की सहमति वापस लेने से केवल वही उपयोग रुकता है।',
  ],
  grievance: '{name}, {email}, {phone}',
  days: '{n} दिन',
  years: '{n} वर्ष',
};

export const NOTICE_CATALOGUES: Readonly<Record<NoticeLanguage, Catalogue>> = { en: EN, hi: HI };

const ORDER: readonly PrivacyPurpose[] = [
  'verify',
  'report_organisation',
  'report_partner',
  'contact_institutions',
  'wallet',
];

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/**
 * The notice a candidate reads before a form starts, in their language: the form's data, each purpose
 * (required or optional), who receives what, how long it is kept, their rights, how to withdraw and the
 * grievance officer; its plain text and that text's SHA-256 (the ledger cites it).
 */
export function renderNotice(input: NoticeInput): RenderedNotice {
  const c = NOTICE_CATALOGUES[input.language];
  const params = { organisation: input.organisation, form: input.form, partner: input.partner ?? '' };
  const asked = new Set<PrivacyPurpose>([...REQUIRED_PURPOSES, ...input.purposes]);
  // A partner's purpose needs a partner to name, or one the candidate will name.
  const unnamed = !input.partner && !!input.partnerToBeNamed;
  if (!input.partner && !unnamed) asked.delete('report_partner');
  const purposeText = (p: PrivacyPurpose) =>
    p === 'report_partner' && unnamed ? c.unnamedPartner.purpose : fill(c.purposes[p], params);
  const purposes = ORDER.filter((p) => asked.has(p)).map((p) => ({
    purpose: p,
    required: REQUIRED_PURPOSES.includes(p),
    text: purposeText(p),
  }));
  const types = [...new Set(input.verificationTypes.map((t) => t.split('~')[0]!))];
  const dataLines = [...new Set([...types.map((t) => c.data[t]).filter((l): l is string => !!l)])];
  const sections: NoticeSection[] = [
    {
      key: 'data',
      title: c.sections.data,
      lines: [fill(c.dataIntro, params), ...dataLines, c.data.contact!, c.data.payment!],
    },
    {
      key: 'purposes',
      title: c.sections.purposes,
      lines: purposes.map((p) => `${p.text} ${p.required ? c.required : c.optional}`),
    },
    {
      key: 'recipients',
      title: c.sections.recipients,
      lines: [
        fill(c.recipients.organisation, params),
        ...(asked.has('report_partner')
          ? [unnamed ? c.unnamedPartner.recipient : fill(c.recipients.partner, params)]
          : []),
        ...(asked.has('contact_institutions') ? [c.recipients.institutions] : []),
        c.recipients.issuers,
        c.recipients.gateways,
      ],
    },
    {
      key: 'retention',
      title: c.sections.retention,
      lines: (Object.keys(c.retention) as RetentionClass[])
        .filter((k) => k !== 'aadhaar_data' || types.includes('aadhaar'))
        .map((k) => {
          const days = input.retentionDays[k];
          const period =
            days >= 365 && days % 365 === 0 ? fill(c.years, { n: days / 365 }) : fill(c.days, { n: days });
          return fill(c.retention[k], { period });
        }),
    },
    { key: 'rights', title: c.sections.rights, lines: [...c.rights] },
    { key: 'withdrawal', title: c.sections.withdrawal, lines: c.withdrawal.map((l) => fill(l, params)) },
    { key: 'grievance', title: c.sections.grievance, lines: [fill(c.grievance, input.grievance)] },
  ];
  const title = fill(c.title, params);
  const text = [
    `# ${title}`,
    ...sections.map((s) => [`## ${s.title}`, ...s.lines.map((l) => `- ${l}`)].join('\n')),
    `(${input.language} ${NOTICE_TEMPLATE_VERSION})`,
  ].join('\n\n');
  return {
    language: input.language,
    templateVersion: NOTICE_TEMPLATE_VERSION,
    title,
    sections,
    purposes,
    text,
    hash: sha256Hex(text),
  };
}
