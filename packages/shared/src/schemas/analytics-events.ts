import type { OtpChannel } from './auth.js';
import type { PaymentProvider, PaymentRegion } from './payments.js';
import type { AnalyticsCategory } from './support.js';

/**
 * Every analytics event the candidate app sends, by category (spec §7) and action, with the
 * properties each carries (ADR 0032, 0035). The web app's `track` accepts only these.
 *
 * No personal data, by construction: properties name product things — a verification's key and
 * category as the form defines them, an OTP channel, a payment region or gateway, counts and flags —
 * never the candidate (no mobile number, name, e-mail, Aadhaar or reference number, no free text).
 * The configured sink also drops any string that looks like a mobile number or an e-mail address.
 */

/** A verification of the form: its key (`bgv-degree`, `aadhaar`, `bgv-degree-2`…) and category. */
export type AnalyticsVerification = { verification: string; category: string };
type NoProps = Record<never, never>;

export type AnalyticsEvents = {
  auth: {
    /** An OTP was sent (the first one, or a resend). */
    otp_requested: { channel: OtpChannel; resend: boolean };
    /** The OTP was accepted (an existing wallet) or the new wallet was created. */
    signed_in: { newUser: boolean };
    /** The candidate chose Log out. */
    logged_out: NoProps;
  };
  form: {
    /** A verification's form was saved as the candidate typed (the autosave). */
    verification_saved: AnalyticsVerification;
    verification_submitted: AnalyticsVerification;
    /** Verifications marked as skipped, one or several at once. */
    verification_skipped: { count: number };
  };
  verification: {
    /** A tile on the form home was opened. */
    tile_opened: AnalyticsVerification & { state: string };
    /** The documents the team asked for were uploaded (Action Required). */
    action_required_answered: AnalyticsVerification & { documents: number };
  };
  payment: {
    /** The order was made and the candidate leaves for the gateway. */
    started: { region: PaymentRegion; express: boolean; provider: PaymentProvider };
    succeeded: NoProps;
    /**
     * `not_started`: no order could be made; `declined`: the gateway failed it; `cancelled`: the
     * candidate cancelled at the gateway; `timed_out`: still pending after the last status poll.
     */
    failed: { reason: 'not_started' | 'declined' | 'cancelled' | 'timed_out' };
  };
  chat: {
    opened: NoProps;
    closed: NoProps;
    message_sent: NoProps;
  };
  misc: {
    watch_demo_opened: NoProps;
    language_changed: { from: string; to: string };
  };
};

export type AnalyticsAction<C extends AnalyticsCategory> = keyof AnalyticsEvents[C] & string;
export type AnalyticsEventProps<
  C extends AnalyticsCategory,
  A extends AnalyticsAction<C>,
> = AnalyticsEvents[C][A];

// Every category of spec §7 has its events, and every property is a flat value the collector takes.
type FlatValue = string | number | boolean | null;
type Check<T extends true> = T;
export type AnalyticsEventsAreComplete = Check<
  [AnalyticsCategory] extends [keyof AnalyticsEvents]
    ? [keyof AnalyticsEvents] extends [AnalyticsCategory]
      ? true
      : false
    : false
>;
export type AnalyticsPropsAreFlat = Check<
  {
    [C in AnalyticsCategory]: {
      [A in AnalyticsAction<C>]: AnalyticsEvents[C][A][keyof AnalyticsEvents[C][A]] extends FlatValue
        ? true
        : false;
    }[AnalyticsAction<C>];
  }[AnalyticsCategory] extends true
    ? true
    : false
>;

/** The event names the app sends, `category.action` (documentation and tests). */
export const ANALYTICS_EVENT_NAMES = [
  'auth.otp_requested',
  'auth.signed_in',
  'auth.logged_out',
  'form.verification_saved',
  'form.verification_submitted',
  'form.verification_skipped',
  'verification.tile_opened',
  'verification.action_required_answered',
  'payment.started',
  'payment.succeeded',
  'payment.failed',
  'chat.opened',
  'chat.closed',
  'chat.message_sent',
  'misc.watch_demo_opened',
  'misc.language_changed',
] as const satisfies readonly {
  [C in AnalyticsCategory]: `${C}.${AnalyticsAction<C>}`;
}[AnalyticsCategory][];
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
export type AnalyticsEventNamesAreComplete = Check<
  [
    Exclude<
      { [C in AnalyticsCategory]: `${C}.${AnalyticsAction<C>}` }[AnalyticsCategory],
      AnalyticsEventName
    >,
  ] extends [never]
    ? true
    : false
>;
