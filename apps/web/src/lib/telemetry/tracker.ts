import type { AnalyticsCategory } from '@veridocs/shared';

/**
 * The one analytics interface (spec §7: auth, form, verification, payment, chat, misc; ADR 0032).
 * A no-op unless configured (VITE_ANALYTICS=on): then events are batched and POSTed to /api/analytics.
 * Events carry no personal data: string values that look like a mobile number or an e-mail are dropped.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null>;

export interface Tracker {
  track(category: AnalyticsCategory, action: string, props?: AnalyticsProps): void;
  /** Sends what is queued now (page hidden, tests). */
  flush(): void;
}

export const noopTracker: Tracker = { track: () => undefined, flush: () => undefined };

let current: Tracker = noopTracker;

/** Chooses the tracker (at start-up from config; tests pass their own). */
export function setTracker(next: Tracker): void {
  current = next;
}

export function track(category: AnalyticsCategory, action: string, props?: AnalyticsProps): void {
  current.track(category, action, props);
}
