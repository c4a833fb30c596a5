import type { AnalyticsAction, AnalyticsCategory, AnalyticsEventProps } from '@veridocs/shared';

/**
 * The one analytics interface (spec §7: auth, form, verification, payment, chat, misc; ADR 0032, 0035).
 * A no-op unless configured (VITE_ANALYTICS=on): then events are batched and POSTed to /api/analytics.
 * The events and their properties are typed in packages/shared (`AnalyticsEvents`): no personal data.
 * The sink also drops string values that look like a mobile number or an e-mail.
 *
 * Nothing on the sign-in page's first load imports this module (ADR 0008, 0012, 0035): the sign-in
 * events are sent from the lazily loaded OTP and name steps, the language change from the language
 * menu's lazy list; main.tsx loads it lazily to install the configured sink.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null>;

/** A sink: the configured HTTP tracker, or a test's. */
export interface Tracker {
  track(category: AnalyticsCategory, action: string, props?: AnalyticsProps): void;
  /** Sends what is queued now (page hidden, leaving for a payment gateway, tests). */
  flush(): void;
}

export const noopTracker: Tracker = { track: () => undefined, flush: () => undefined };

let current: Tracker = noopTracker;

/** Chooses the tracker (at start-up from config; tests pass their own). */
export function setTracker(next: Tracker): void {
  current = next;
}

/** An event without properties takes none; one with properties requires them. */
type PropsArg<P> = [keyof P] extends [never] ? [] : [props: P];
export type AnalyticsPropsArg<C extends AnalyticsCategory, A extends AnalyticsAction<C>> = PropsArg<
  AnalyticsEventProps<C, A>
>;

export function track<C extends AnalyticsCategory, A extends AnalyticsAction<C>>(
  category: C,
  action: A,
  ...props: AnalyticsPropsArg<C, A>
): void {
  current.track(category, action, props[0] as AnalyticsProps | undefined);
}

/** Sends the queued events now (before the browser leaves the app). */
export function flushAnalytics(): void {
  current.flush();
}
