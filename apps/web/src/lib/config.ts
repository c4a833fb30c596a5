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
  appName: 'Veridocs',
  isProduction: env.PROD === true,
} as const;

export type AppConfig = typeof config;
