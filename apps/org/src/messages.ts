import type { OrgRole } from '@veridocs/shared';

/**
 * The portal's shell strings (ADR 0047): the app frame and sign-in. Each feature keeps its own strings
 * in `features/<feature>/<feature>-messages.ts`; screens never write user-facing text inline. English
 * for now, in one object per module so a catalogue can replace them without touching the screens.
 */
export const m = {
  app: {
    name: 'Veridocs for organisations',
    shortName: 'Veridocs',
    loading: 'Loading…',
    skipToContent: 'Skip to content',
    retry: 'Try again',
    cancel: 'Cancel',
    close: 'Close',
    unexpectedError: 'Something went wrong. Try again.',
    pageNotDownloaded: 'This page could not be downloaded. Check your connection, then reload the page.',
    pageFailed: 'Something went wrong on this page. Reload the page to try again.',
    reload: 'Reload',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address in the portal.',
    backHome: 'Back to the start',
    forbidden: 'Your role does not allow this page. Ask an owner of your organisation.',
  },
  roles: { owner: 'Owner', manager: 'Manager', viewer: 'Viewer' } satisfies Record<OrgRole, string>,
  nav: {
    label: 'Portal navigation',
    overview: 'Overview',
    openMenu: 'Open navigation',
    signOut: 'Sign out',
    signedInAs: (name: string, role: string, org: string) => `Signed in as ${name} (${role}) at ${org}`,
  },
  overview: {
    title: (org: string) => `Welcome, ${org}`,
    body: 'Invite candidates, follow their verifications and download their reports here.',
    role: (role: string) => `Your role: ${role}`,
  },
  signIn: {
    title: 'Sign in',
    subtitle: 'For organisations that verify candidates with Veridocs.',
    email: 'Work e-mail',
    password: 'Password',
    submit: 'Continue',
    codeTitle: 'Enter the sign-in code',
    codeSent: (email: string) => `We e-mailed a 6-digit code to ${email}. It expires in 10 minutes.`,
    code: '6-digit code',
    verify: 'Sign in',
    back: 'Use another account',
    required: 'Required',
    invalidEmail: 'Enter a valid e-mail address',
    invalidCode: 'Enter the 6-digit code',
    // One text for a wrong e-mail, a wrong password and a locked account: the server does not say which.
    signInRefused:
      'Wrong e-mail or password, or too many attempts. After too many, sign-in stays locked for a while; an owner of your organisation can help.',
    codeRefused: 'That code is wrong or has expired. Sign in again to receive a new one.',
    expired: 'Your session has ended. Please sign in again.',
    signedOut: 'You have signed out.',
  },
};
