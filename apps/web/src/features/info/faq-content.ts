import { OTP } from '@veridocs/shared';

export interface Faq {
  question: string;
  answer: string;
}

const blockHours = OTP.blockSeconds / 3600;

/** FAQs: the support messages of spec §8 and the timings of spec §1. */
export function buildFaqs(supportEmail: string): Faq[] {
  return [
    {
      question: 'How long does verification take?',
      answer:
        'Verification usually takes 5 to 12 working days. For some institutions it can take up to 14 working days. You can follow the status of each verification on your home page.',
    },
    {
      question: 'When will the evaluation report be ready?',
      answer: 'The evaluation report takes 3 to 5 business days once your verifications are complete.',
    },
    {
      question: 'Is there a faster option?',
      answer:
        'Yes. The optional fast-track (express) service completes eligible verifications within 5 business days for $80. If some of your verifications are not eligible, they can affect the total time, but the fast-tracked ones are still completed within the guaranteed time.',
    },
    {
      question: 'Where is the OTP for my reference number sent?',
      answer:
        'The 6-digit OTP for your evaluation-partner reference number goes to the e-mail address registered on your partner application.',
    },
    {
      question: 'How many times can I ask for an OTP?',
      answer: `You can request an OTP up to ${OTP.maxRequests} times. Only the latest OTP works: earlier ones stop working when a new one is sent.`,
    },
    {
      question: 'What happens if I enter a wrong OTP?',
      answer: `After ${OTP.maxFailedAttempts} failed attempts you are blocked for ${blockHours} hours. Wait until the block ends, then request a new OTP.`,
    },
    {
      question: 'My OTP has not arrived. What should I do?',
      answer:
        'Delivery can take up to 5 minutes. Check that the number or e-mail address is correct, wait a few minutes, then request a new one if it still has not arrived.',
    },
    {
      question: 'Which documents do I need to upload?',
      answer:
        'At least one of your 10th, 12th or degree documents; you may skip the others. The 10th is needed only for a detailed course listing. Use "Add Another Degree" if you have more than one degree. Marksheets are uploaded as PDF.',
    },
    {
      question: 'Which files can I upload?',
      answer: 'JPEG, JPG, PNG and PDF files between 40 KB and 25 MB.',
    },
    {
      question: 'How much does it cost, and when do I pay?',
      answer:
        'The fee depends on the number of documents and the issuing institutions, and is shown before you pay. The pay button appears once every verification is completed or skipped.',
    },
    {
      question: 'How do I contact support?',
      answer: `Call us Monday to Friday, 11 AM to 7 PM IST, chat with us after you log in, or write to ${supportEmail}.`,
    },
  ];
}

/** Tips for the degree upload (spec §5 "Degree instructions"). */
export const UPLOAD_TIPS: readonly string[] = [
  'Scan documents clearly: no blur, smudges or cropped edges.',
  'Merge the marksheets of all semesters into one PDF, in order.',
  'If your degree certificate is not available yet, upload other supporting documents instead.',
  'For the institute ID, use the format printed on your degree or marksheet, or your registration, roll or serial number.',
];
