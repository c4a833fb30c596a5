/** The candidate's six steps (spec §1), told by the instructions page and the demo walkthrough. */
export interface CandidateStep {
  title: string;
  description: string;
}

export const CANDIDATE_STEPS: readonly CandidateStep[] = [
  {
    title: 'Log in',
    description:
      'Sign in with your mobile number and the one-time password (OTP) sent to you by SMS or WhatsApp. A new number creates your Veridocs wallet with your full name.',
  },
  {
    title: 'Verify your identity',
    description:
      'Confirm who you are with your 12-digit Aadhaar number and its OTP, or with a scan of the front page of your passport.',
  },
  {
    title: 'Validate your reference number',
    description:
      'Enter the reference number of your evaluation partner application. We send a 6-digit OTP to the e-mail address registered on that application.',
  },
  {
    title: 'Upload your documents',
    description:
      'Upload at least one of your 10th, 12th or degree documents; you may skip the others. Degree marksheets are uploaded as one PDF. Use "Add Another Degree" for more than one degree, and add employment documents if you were asked to.',
  },
  {
    title: 'Review',
    description: 'Check every detail and document before you submit. Each verification shows its status.',
  },
  {
    title: 'Pay',
    description:
      'The pay button appears once every verification is completed or skipped. The fee depends on the number of documents and the issuing institutions; a fast-track service is available.',
  },
];
