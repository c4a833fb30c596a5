import { z } from 'zod';

/**
 * Notifications (spec §3 "Notification", §7 "GET /notification with seed and count", §9 paging):
 * the candidate's own, newest first. `description` is a small markdown subset (bold, italics,
 * http(s) links, line breaks) that the client renders as text, never as HTML.
 */
export const NOTIFICATION_KINDS = [
  'verification',
  'action_required',
  'transaction',
  'payment',
  'refund',
  'report',
  'credential',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** First page 20, then 10 per scroll (spec §9). */
export const NOTIFICATION_FIRST_PAGE = 20;
export const NOTIFICATION_NEXT_PAGE = 10;

/** GET {notification}/notification?seed&count. */
export const notificationListQuerySchema = z
  .object({
    seed: z.coerce.number().int().min(0).max(100_000).default(0),
    count: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_FIRST_PAGE),
  })
  .strict();
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  description: z.string(),
  /** An image URL for the avatar, or null (the client shows a letter avatar). */
  image: z.string().nullable(),
  /** An in-app path the notification leads to, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  list: z.array(notificationSchema),
  total: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/**
 * POST {notification}/notification/stream-token: a short-lived token that opens the live stream
 * (EventSource cannot send the Authorization header; ADR 0030).
 */
export const notificationStreamTokenResponseSchema = z.object({
  token: z.string(),
  /** Seconds the token may be used to open a stream. */
  expiresIn: z.number().int(),
});
export type NotificationStreamTokenResponse = z.infer<typeof notificationStreamTokenResponseSchema>;

/** GET {notification}/notification/stream?token: text/event-stream of `notification` events. */
export const notificationStreamQuerySchema = z.object({ token: z.string().min(1).max(500) }).strict();
