/** Page titles by the first path segment (spec §2 "Page titles"). Segments not listed have none. */
const TITLES: Record<string, string> = {
  login: 'Sign up / Login',
  notifications: 'Notifications',
  profile: 'Profile',
  docs: 'Verify Documents',
  submitted: 'Verify Documents',
  digilocker: 'Verify Documents',
  displayInfo: 'Verify Document',
  'user-input': 'Input User Details',
  'transaction-history': 'Payment Details',
  payment: 'Payment Details',
  'form-payments': 'Payment Details',
  insufficiency: 'Document Details',
  info: 'Info',
  'profile-form': 'Profile Form',
  'under-process': 'Under Process',
  terms: 'Terms',
  'privacy-policy': 'Privacy Policy',
  'choose-payment-provider': 'Choose Payment Provider',
  'choose-payment-region': 'Choose Payment Region',
  'select-mode': 'Select Mode',
  'contact-details': 'Contact Details',
  'profile-mode': 'Profile Mode',
  'basic-details': 'Basic Details',
  verification: 'Verification',
  'verification-info': 'Verification',
};

export function firstPathSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export function pageTitle(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  // /verification/insufficiency is titled by its own segment.
  if (segments[0] === 'verification' && segments[1] === 'insufficiency') return TITLES.insufficiency ?? null;
  return TITLES[segments[0] ?? ''] ?? null;
}

/** The back button (spec §2): hidden on submitted and login; saved search link on two routes; / from a form. */
export type BackAction =
  { kind: 'hidden' } | { kind: 'saved-search' } | { kind: 'home' } | { kind: 'history' };
export function backAction(pathname: string, formUrlKey: string): BackAction {
  const first = firstPathSegment(pathname);
  if (first === '' || first === 'submitted' || first === 'login') return { kind: 'hidden' };
  if (first === 'choose-payment-provider' || first === 'form-payments') return { kind: 'saved-search' };
  if (first === formUrlKey) return { kind: 'home' };
  return { kind: 'history' };
}
