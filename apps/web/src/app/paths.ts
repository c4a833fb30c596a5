/** Every route path of the candidate app (spec §2), in one place. */

import { FORM_URL_KEY } from '@veridocs/shared';

/** The path segment that marks the form area (/ekyc/:formId/:txnId?), fixed in packages/shared. */
export { FORM_URL_KEY };

export const PATHS = {
  home: '/',
  login: '/login',
  formEntry: `/${FORM_URL_KEY}/:formId/:txnId?`,
  payment: '/payment',
  /** The card-SDK flow's page (spec §7): sdkProvider, paymentSessionId, environment. */
  paymentRedirect: '/payment-redirect',
  faq: '/faq',
  instructions: '/instructions',
  error: '/error',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  profileMode: '/profile-mode',
  basicDetails: '/basic-details',
  notifications: '/notifications',
  verification: '/verification',
  verificationInfo: '/verification-info',
  verificationInsufficiency: '/verification/insufficiency',
  profile: '/profile',
  transactionHistory: '/transaction-history',
  choosePaymentRegion: '/choose-payment-region',
  formPayments: '/form-payments',
  selectMode: '/select-mode',
  contactDetails: '/contact-details',
  submitted: '/submitted',
  formTxns: '/form-txns',
  /** Fetch from DigiLocker (issue 26): consent, DigiLocker's redirect, the documents ("Verify Documents"). */
  digilocker: '/digilocker',
  /** Where a single sign-on form entry lands (spec §2): the evaluation partner and its e-mail OTP. */
  selectEvaluationPartner: '/select-evaluation-partner',
  /** The wallet of credentials (spec §1) and one credential of it (ADR 0031). */
  wallet: '/wallet',
  walletCredential: '/wallet/:id',
  /** The public page that verifies a shared credential (spec §7 /credentials/verify/{id}). */
  credentialVerify: '/credentials/verify/:id',
  /**
   * The institution's pages (issue 27; INSTITUTION_API_PATHS.responderPage and confirmPage, literals so
   * api-paths.ts stays off /login): a link's `?t=`, no candidate session, outside the candidate's layout.
   */
  respond: '/respond',
  respondConfirm: '/respond/confirm',
  /** The candidate's rights pages (issue 29, ADR 0049): their own paths are in privacy-paths.ts. */
  privacy: '/privacy/*',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** Routes open without a session (spec §2 "Logged-out routes"), besides the form entry. */
export const COMMON_PATHS = [
  PATHS.payment,
  PATHS.faq,
  PATHS.instructions,
  PATHS.error,
  PATHS.terms,
  PATHS.privacyPolicy,
  PATHS.credentialVerify,
] as const;

/** Routes that exist only with a session; the screens of later issues are among them. */
export const LOGGED_IN_ONLY_PATHS = [
  PATHS.profileMode,
  PATHS.basicDetails,
  PATHS.notifications,
  PATHS.verification,
  PATHS.verificationInfo,
  PATHS.verificationInsufficiency,
  PATHS.profile,
  PATHS.transactionHistory,
  PATHS.choosePaymentRegion,
  PATHS.formPayments,
  PATHS.selectMode,
  PATHS.contactDetails,
  PATHS.submitted,
  PATHS.formTxns,
  PATHS.digilocker,
  PATHS.selectEvaluationPartner,
  PATHS.paymentRedirect,
  PATHS.wallet,
  PATHS.walletCredential,
  PATHS.privacy,
] as const;

/**
 * Navigation state of a return to the form home from one of its screens (a verification form): the
 * form home shows at once, not the init screen a freshly opened form link gets.
 */
export interface FormHomeState {
  formHome?: boolean;
}
export const FORM_HOME_STATE: FormHomeState = { formHome: true };

/** Where the login screen returns to: the location a logged-out visitor was sent away from. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === PATHS.login) return PATHS.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
