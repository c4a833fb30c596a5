import { useLanguage, useT } from '../../i18n';
import { config } from '../../lib/config';
import { LegalDocument, formatLegalDate } from './legal-document';
import { privacyCatalog } from './privacy/privacy-catalog';
import type en from './privacy/locales/en.json';

type PrivacyKey = keyof typeof en;

/** Spec §2: last updated 14 Nov 2022. */
const LAST_UPDATED = '2022-11-14';

const SECTIONS: readonly { heading: PrivacyKey; paragraphs: PrivacyKey[] }[] = [
  { heading: 'collectHeading', paragraphs: ['collect1'] },
  { heading: 'useHeading', paragraphs: ['use1'] },
  { heading: 'shareHeading', paragraphs: ['share1'] },
  { heading: 'keepHeading', paragraphs: ['keep1'] },
  { heading: 'securityHeading', paragraphs: ['security1'] },
  { heading: 'choicesHeading', paragraphs: ['choices1'] },
  { heading: 'childrenHeading', paragraphs: ['children1'] },
  { heading: 'contactHeading', paragraphs: ['contact1'] },
];

export default function PrivacyPolicyPage() {
  const t = useT(privacyCatalog);
  const language = useLanguage();
  const values = { supportEmail: config.supportEmail };
  return (
    <LegalDocument
      dateLine={t('dateLine', { date: formatLegalDate(LAST_UPDATED, language) })}
      intro={t('intro')}
      sections={SECTIONS.map((section) => ({
        heading: t(section.heading),
        paragraphs: section.paragraphs.map((key) => t(key, values)),
      }))}
    />
  );
}
