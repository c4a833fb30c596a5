import { DEFAULT_PARTNER_ORG_ID, SERVICE_BASES } from '@veridocs/shared';

/**
 * The one place that reads `import.meta.env` (eslint enforces it). Everything the client needs to know
 * about where it runs lives here.
 */
const env = import.meta.env;

function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const config = {
  /** Requests go to the same origin by default; the dev server proxies /api to the API server. */
  apiBaseUrl: readString(env.VITE_API_BASE_URL, ''),
  /** Each backend service has its own base so that it can move without touching screens. */
  services: SERVICE_BASES,
  partnerOrgId: readString(env.VITE_PARTNER_ORG_ID, DEFAULT_PARTNER_ORG_ID),
  supportEmail: readString(env.VITE_SUPPORT_EMAIL, 'support@veridocs.example'),
  /** The support phone line (spec §1), shown with its hours; as dialled (E.164) and as displayed. */
  supportPhone: readString(env.VITE_SUPPORT_PHONE, '+918000000000'),
  supportPhoneDisplay: readString(env.VITE_SUPPORT_PHONE_DISPLAY, '+91 80000 00000'),
  /** Analytics events go to POST /api/analytics when 'on' (the server needs ANALYTICS_INGEST=on). */
  analytics: readString(env.VITE_ANALYTICS, 'off') === 'on',
  /** A Sentry DSN (or a Sentry-compatible collector's); client errors are reported there when set. */
  errorReportDsn: readString(env.VITE_ERROR_REPORT_DSN, ''),
  release: readString(env.VITE_RELEASE, 'dev'),
  appName: 'Veridocs',
  isProduction: env.PROD === true,
} as const;

export type AppConfig = typeof config;
