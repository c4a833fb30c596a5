/** The console's pages, relative to its base (CONSOLE_BASE, /ops): react-router's basename. */
export const PATHS = {
  signIn: '/sign-in',
  queues: '/queues',
  case: (txnId: string) => `/cases/${encodeURIComponent(txnId)}`,
  caseRoute: '/cases/:txnId',
  support: '/support',
  supportConversation: (id: string) => `/support/${encodeURIComponent(id)}`,
  supportConversationRoute: '/support/:conversationId',
  admin: '/admin',
} as const;
