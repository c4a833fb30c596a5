import type { OrgRole } from '@veridocs/shared';

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' });

/** The invitation page's strings (public: the link an invitation e-mail opens, ADR 0047). */
export const im = {
  appName: 'Veridocs for organisations',
  title: (org: string) => `Join ${org}`,
  intro: (name: string, role: string) =>
    `Hello ${name}. You are invited as ${role}. Choose a password to finish setting up your account.`,
  roles: { owner: 'an owner', manager: 'a manager', viewer: 'a viewer' } satisfies Record<OrgRole, string>,
  email: 'E-mail',
  expires: (at: string) => `This invitation works until ${dayFormat.format(new Date(at))}.`,
  password: 'New password',
  passwordHelp: 'At least 12 characters.',
  confirm: 'Repeat the password',
  tooShort: 'At least 12 characters',
  mismatch: 'The two passwords differ',
  submit: 'Set password',
  loading: 'Loading the invitation…',
  invalidTitle: 'This invitation cannot be used',
  invalid: 'This invitation is not valid or has expired. Ask your organisation for a new one.',
  noToken: 'This page opens from the link in your invitation e-mail.',
  doneTitle: 'Your account is ready',
  done: 'Sign in with your e-mail and the password you chose. We will e-mail you a code each time.',
  signIn: 'Sign in',
  unexpected: 'Something went wrong. Try again.',
};
