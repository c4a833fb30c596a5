/** The portal's pages, relative to its base (ORG_BASE, /org): react-router's basename. */
export const PATHS = {
  signIn: '/sign-in',
  /** The public page an invitation e-mail opens (`?token=`). */
  invitation: '/invitation',
  dashboard: '/dashboard',
  candidate: (txnId: string) => `/candidates/${encodeURIComponent(txnId)}`,
  candidateRoute: '/candidates/:txnId',
  invite: '/invite',
  users: '/users',
  billing: '/billing',
  integration: '/integration',
  settings: '/settings',
  activity: '/activity',
} as const;
