import { useLanguage, useT } from '../../i18n';
import { config } from '../../lib/config';
import { LegalDocument, formatLegalDate } from './legal-document';
import { termsCatalog } from './terms/terms-catalog';
import type en from './terms/locales/en.json';

type TermsKey = keyof typeof en;

/** Spec §2: last edited 19 Feb 2024. */
const LAST_EDITED = '2024-02-19';

const SECTIONS: readonly { heading: TermsKey; paragraphs: TermsKey[] }[] = [
  { heading: 'eligibilityHeading', paragraphs: ['eligibility1'] },
  { heading: 'walletHeading', paragraphs: ['wallet1', 'wallet2'] },
  { heading: 'serviceHeading', paragraphs: ['service1', 'service2'] },
  { heading: 'feesHeading', paragraphs: ['fees1', 'fees2'] },
  { heading: 'refundsHeading', paragraphs: ['refunds1'] },
  { heading: 'useHeading', paragraphs: ['use1'] },
  { heading: 'liabilityHeading', paragraphs: ['liability1'] },
  { heading: 'changesHeading', paragraphs: ['changes1', 'changes2'] },
];

export default function TermsPage() {
  const t = useT(termsCatalog);
  const language = useLanguage();
  const values = { supportEmail: config.supportEmail };
  return (
    <LegalDocument
      dateLine={t('dateLine', { date: formatLegalDate(LAST_EDITED, language) })}
      intro={t('intro')}
      sections={SECTIONS.map((section) => ({
        heading: t(section.heading),
        paragraphs: section.paragraphs.map((key) => t(key, values)),
      }))}
    />
  );
}
