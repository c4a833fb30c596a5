import { config } from '../../lib/config';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Your mobile number and name; the identity details you verify (Aadhaar or passport); your education and employment documents; your evaluation-partner reference number and e-mail address; payment records; and technical information such as your device, browser and, where you allow it, your location when you take a photo.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To sign you in, to verify your documents with the issuing institutions, to share verified results with the organisation that asked for them and with the evaluation partner you chose, to process payments and refunds, to send you notifications, and to keep the service secure.',
    ],
  },
  {
    heading: 'Who we share it with',
    paragraphs: [
      'Issuing institutions, the requesting organisation, your evaluation partner, payment providers and the service providers who run our infrastructure, each only as far as needed for the service. We do not sell your personal information.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'We keep your information while your wallet is active and for as long as the law requires afterwards, then delete or anonymise it.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Your information is encrypted in transit, one-time passwords are single use and expire, and access inside Veridocs is limited to the people who need it.',
    ],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can see and correct your profile at any time, and ask us for a copy of your information or for its deletion, subject to what the law requires us to keep.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'Veridocs is not directed to children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child has given us information, contact us and we will delete it.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`Questions or requests about your privacy: ${config.supportEmail}.`],
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      dateLine="Last updated 14 Nov 2022"
      intro="This policy explains what personal information Veridocs collects when you verify your documents, how we use it and the choices you have."
      sections={SECTIONS}
    />
  );
}
