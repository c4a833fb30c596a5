/** The console's pages, relative to its base (CONSOLE_BASE, /ops): react-router's basename. */
export const PATHS = {
  signIn: '/sign-in',
  queues: '/queues',
  case: (txnId: string) => `/cases/${encodeURIComponent(txnId)}`,
  caseRoute: '/cases/:txnId',
  support: '/support',
  supportConversation: (id: string) => `/support/${encodeURIComponent(id)}`,
  supportConversationRoute: '/support/:conversationId',
  /** The institution directory (issue 27): every staff member reads it, admins change it. */
  institutions: '/institutions',
  /** The team's queue of requests to institutions (escalated by default). */
  institutionRequests: '/institution-requests',
  admin: '/admin',
} as const;
