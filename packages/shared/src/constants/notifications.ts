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
