import { z } from 'zod';
import { NOTIFICATION_FIRST_PAGE, NOTIFICATION_KINDS } from '../constants/notifications.js';

// Notifications' schemas (spec §3 "Notification"). The kinds and page sizes are in
// constants/notifications.ts, without zod: the web reads them before any notification is parsed.

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
