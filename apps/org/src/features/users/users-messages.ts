import type { OrgRole } from '@veridocs/shared';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** The users page's strings (owner only, ADR 0047). */
export const um = {
  nav: 'Users',
  title: 'Users',
  intro:
    'Who can sign in to your organisation’s portal. Owners manage users, billing and integration; managers invite and follow candidates; viewers read only.',
  invite: 'Invite a user',
  loadFailed: 'The users could not be loaded.',
  retry: 'Try again',
  usersLabel: 'Users',
  invitationsTitle: 'Open invitations',
  invitationsLabel: 'Open invitations',
  noInvitations: 'No open invitations.',
  noUsers: 'No users yet.',
  you: '(you)',
  roles: { owner: 'Owner', manager: 'Manager', viewer: 'Viewer' } satisfies Record<OrgRole, string>,
  roleOf: (name: string) => `Role of ${name}`,
  active: 'Active',
  disabled: 'Disabled',
  lockedUntil: (at: string) => `Locked until ${dateFormat.format(new Date(at))}`,
  lastSignIn: (at: string | null) =>
    at ? `Last sign-in ${dateFormat.format(new Date(at))}` : 'Never signed in',
  disable: 'Disable',
  enable: 'Enable',
  disableOf: (name: string) => `Disable ${name}`,
  enableOf: (name: string) => `Enable ${name}`,
  disableTitle: (name: string) => `Disable ${name}?`,
  disableBody: 'They are signed out at once and cannot sign in until an owner enables them again.',
  invitedAs: (role: string, expiresAt: string) =>
    `${role} · expires ${dayFormat.format(new Date(expiresAt))}`,
  revoke: 'Revoke',
  revokeOf: (email: string) => `Revoke the invitation of ${email}`,
  revokeTitle: 'Revoke this invitation?',
  revokeBody: (email: string) => `The link sent to ${email} stops working.`,
  cancel: 'Cancel',
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  disabledDone: (name: string) => `${name} is disabled.`,
  enabledDone: (name: string) => `${name} is enabled.`,
  revoked: (email: string) => `The invitation of ${email} is revoked.`,
  inviteTitle: 'Invite a user',
  inviteIntro: 'They receive an e-mail with a link to set their password. The link works for 7 days.',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  send: 'Send invitation',
  invited: (email: string) => `Invitation sent to ${email}.`,
  unexpected: 'Something went wrong. Try again.',
};
