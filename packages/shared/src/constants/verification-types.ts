/** Verification types (spec §3 "Verification types"). */
export const VERIFICATION_TYPES = [
  'aadhaar',
  'passport',
  'dl',
  'employment-check',
  'bgv-degree',
  'bgv-twelfth',
  'bgv-tenth',
  'bgv-employment',
  // Added by this product (spec §3 lists the categories Address and Finance, no type of either):
  // background verifications submitted by /bgv, so bgv-prefixed like the others (the tile rule of §4).
  'bgv-address',
  'bgv-ews',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

export const VERIFICATION_CATEGORIES = ['Identity', 'Education', 'Finance', 'Employment', 'Address'] as const;
export type VerificationCategory = (typeof VERIFICATION_CATEGORIES)[number];

/** The minimum set: at least one of these must be proceeded and not skipped (spec §1, §4, §9). */
export const MINIMUM_SET_VERIFICATIONS: readonly string[] = ['bgv-degree', 'bgv-tenth', 'bgv-twelfth'];
export const MINIMUM_SET_COUNT = 1;

/** Tile subtitles (spec §2 "Tiles"). */
export const TILE_SUBTITLES: Readonly<Record<string, string>> = {
  'bgv-degree': 'All institutes across India',
  'bgv-tenth': 'All state and central boards',
  'bgv-twelfth': 'All state and central boards',
};

/** Display sort priority (spec §4); states not listed sort last. */
export const SORT_PRIORITY: Readonly<Record<string, number>> = {
  INSUFFICIENT_DATA: 1,
  READY_TO_SUBMIT: 2,
  COMPLETED: 3,
  FAILED: 4,
  IN_PROGRESS: 5,
  SUBMITTED: 6,
  DATA_SAVED: 7,
  NOT_INITIALIZED: 8,
};

/** The path segment that marks the form area (spec §2). */
export const FORM_URL_KEY = 'ekyc';

/** A form's candidate link path: `/ekyc/{formId}[/{txnId}]?orgId=…` (spec §2; the form home with a txnId). */
export function formLinkPath(orgId: string, formId: string, txnId?: string): string {
  const path = [FORM_URL_KEY, formId, ...(txnId ? [txnId] : [])].map(encodeURIComponent).join('/');
  return `/${path}?orgId=${encodeURIComponent(orgId)}`;
}

/** The candidate app's screens of one verification of a request (spec §2, §4 "Tile click"). */
export type VerificationScreen = '/verification' | '/verification-info' | '/verification/insufficiency';

/**
 * A link to one verification's screen: `{screen}?orgId&txnId&name`, the query those screens read (a
 * screen opened without all three says "This link is incomplete"). Notifications and tiles use it.
 */
export function verificationScreenPath(
  screen: VerificationScreen,
  orgId: string,
  txnId: string,
  name: string,
): string {
  return `${screen}?${new URLSearchParams({ orgId, txnId, name }).toString()}`;
}

/** UI strings of the verification journey fixed by the specification. */
export const JOURNEY_TEXT = {
  platformLine: 'All-in-one certificate verification platform',
  startVerification: 'Start Verification',
  viewVerification: 'View Verification',
  formExpired: 'Form Expired',
  accessNotAllowed: 'Access not allowed',
  goBackHome: 'Go Back to Home',
  requesting: 'is requesting the following verifications',
  stepsCompleted: 'Steps Completed',
  educationNote: 'You need to complete at least one step to continue',
  /** Spec §1 and §9 give 5 to 12 (and 5 to 14); the submitted screen and the banner say 12. */
  verificationTime: 'Verification takes 5 to 12 working days',
  clickStart: 'Click Start to start filling the form',
  congratulations: 'Congratulations!',
  viewTransactions: 'View Transactions',
  actionRequired: 'Action Required',
  verified: 'Verified',
  addAnotherDegree: 'Add Another Degree',
  unableToFind: (label: string) => `Unable to find ${label}?`,
  enterManually: 'Enter manually',
  selectFromOptions: 'Select from options',
  questionRequired: (question: string) => `${question} should not be empty`,
} as const;
