import { config } from '../../lib/config';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Eligibility',
    paragraphs: [
      'You must be 18 years of age or older to use Veridocs. By creating a wallet you confirm that you are at least 18 years old and able to enter into a binding agreement.',
    ],
  },
  {
    heading: 'Your wallet',
    paragraphs: [
      'You sign in with your mobile number and a one-time password. Keep your phone and your one-time passwords to yourself: anyone who has them can act in your wallet.',
      'The details you give, including your name, must be true and must match your documents.',
    ],
  },
  {
    heading: 'The verification service',
    paragraphs: [
      'An organisation asks you to verify documents such as your identity, education and employment records. Veridocs passes your documents to the issuing institutions, which verify them, and shares the verified result with the organisation and, where you asked for it, the credential-evaluation partner.',
      'Verification usually takes 5 to 12 working days and, for some institutions, up to 14 working days. These times are estimates and depend on the institutions.',
    ],
  },
  {
    heading: 'Fees and payment',
    paragraphs: [
      'The fee depends on the number of documents and the issuing institutions, and is shown before you pay. An optional fast-track service completes eligible verifications within 5 business days for an additional fee.',
      'Payments are handled by our payment providers; we do not store your card details.',
    ],
  },
  {
    heading: 'Refunds',
    paragraphs: [
      'Fees are not refundable once a verification has started, except where Veridocs, as the provider of the service, is in breach of these terms. Refunds that are due are paid to the original method of payment.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not upload documents that are not yours or that have been altered, and do not try to disrupt or gain unauthorised access to the service. We may suspend a wallet that breaks these rules.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'Results depend on the records of the issuing institutions. To the extent the law allows, Veridocs is not liable for delays or outcomes caused by those institutions or by information you gave.',
    ],
  },
  {
    heading: 'Changes and contact',
    paragraphs: [
      'We may update these terms; the date above shows the latest edit. Continuing to use Veridocs after a change means you accept the updated terms.',
      `Questions about these terms: ${config.supportEmail}.`,
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      dateLine="Last edited 19 Feb 2024"
      intro="These terms govern your use of Veridocs, the candidate application for verifying credentials and documents. Please read them before you create your wallet."
      sections={SECTIONS}
    />
  );
}
