import { PRIVACY_REQUEST_MESSAGES } from '@veridocs/shared';
import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The correction and grievance pages (issue 29, ADR 0049). */
export const privacyRequestsCatalog = defineCatalog('privacyRequests', en, {
  hi: () => import('./locales/hi.json'),
});

/** The catalogue's key of a shared schema's validation message (its English text), if it has one. */
const VALIDATION_KEYS = new Map<string, `v_${keyof typeof PRIVACY_REQUEST_MESSAGES}`>(
  (Object.keys(PRIVACY_REQUEST_MESSAGES) as (keyof typeof PRIVACY_REQUEST_MESSAGES)[]).map((key) => [
    PRIVACY_REQUEST_MESSAGES[key],
    `v_${key}`,
  ]),
);
export const validationKey = (message: string | undefined) =>
  message === undefined ? undefined : VALIDATION_KEYS.get(message);
