import { z } from 'zod';
import { mobileSchema } from './auth.js';

/**
 * Support chat (spec §1 "Support", §2 chat widget, §7 "chat hash"; ADR 0032). The conversation lives on
 * the server: one per candidate, answered by the verification team from the support inbox
 * (OPS_API_PATHS.support*).
 */

/** The longest message either side may send. */
export const SUPPORT_MESSAGE_MAX = 2000;
/** Messages a candidate may send in a row before the team answers (a flood guard, code 252). */
export const SUPPORT_UNANSWERED_MAX = 10;

/** POST chat hash (spec §7): body {mobile}, answer data.hash. */
export const chatHashRequestSchema = z.object({ mobile: mobileSchema });
export type ChatHashRequest = z.infer<typeof chatHashRequestSchema>;
export const chatHashResponseSchema = z.object({
  /** HMAC-SHA256 of the mobile number with the server's chat key, lowercase hex. */
  hash: z.string(),
});
export type ChatHashResponse = z.infer<typeof chatHashResponseSchema>;

export const supportAuthorSchema = z.enum(['candidate', 'team']);
export type SupportAuthor = z.infer<typeof supportAuthorSchema>;

const messageBody = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(SUPPORT_MESSAGE_MAX, `At most ${SUPPORT_MESSAGE_MAX} characters`);

export const supportMessageSchema = z.object({
  id: z.string(),
  author: supportAuthorSchema,
  /** The team member's display name for team messages; null for the candidate's own. */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** GET chat: `after` (a message id) returns only the messages after it, for polling. */
export const supportChatQuerySchema = z.object({ after: z.uuid().optional() });
export type SupportChatQuery = z.infer<typeof supportChatQuerySchema>;

export const supportChatSchema = z.object({
  /** Null until the candidate's first message opens the conversation. */
  conversationId: z.string().nullable(),
  messages: z.array(supportMessageSchema),
});
export type SupportChat = z.infer<typeof supportChatSchema>;

export const supportMessageRequestSchema = z.object({ body: messageBody });
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

/** The support inbox (verifier, admin). */
export const SUPPORT_INBOX_FILTERS = ['all', 'waiting'] as const;
export const supportInboxQuerySchema = z.object({
  /** waiting: the candidate wrote last (the team owes an answer). */
  filter: z.enum(SUPPORT_INBOX_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Keyset paging: the `nextCursor` of the previous page. */
  cursor: z.string().trim().max(200).optional(),
});
export type SupportInboxQuery = z.infer<typeof supportInboxQuerySchema>;

export const supportConversationSummarySchema = z.object({
  id: z.string(),
  candidate: z.object({ profileId: z.string(), name: z.string().nullable(), mobile: z.string() }),
  lastMessage: supportMessageSchema.nullable(),
  /** The candidate wrote last: the team owes an answer. */
  waiting: z.boolean(),
  updatedAt: z.string(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;

export const supportInboxSchema = z.object({
  list: z.array(supportConversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type SupportInbox = z.infer<typeof supportInboxSchema>;

export const supportConversationSchema = supportConversationSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/**
 * POST /api/analytics: one batch of the client's tracker (ADR 0032). Event names are `category.action`
 * in the spec §7 categories.
 */
export const ANALYTICS_CATEGORIES = ['auth', 'form', 'verification', 'payment', 'chat', 'misc'] as const;
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];
const propValue = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
export const analyticsEventSchema = z.object({
  category: z.enum(ANALYTICS_CATEGORIES),
  action: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'lowercase letters, digits, _ . -'),
  /** Milliseconds since the epoch, on the client. */
  at: z.number().int().nonnegative(),
  /** Small flat properties; never personal data (the tracker strips mobile numbers and e-mails). */
  props: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/), propValue)
    .refine((r) => Object.keys(r).length <= 20, 'At most 20 properties')
    .optional(),
  /** The page path without its query. */
  path: z.string().max(300).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export const analyticsBatchSchema = z.object({
  /** A random id per browser session (not the user). */
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  events: z.array(analyticsEventSchema).min(1).max(50),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int() });
