import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { firstPathSegment, pageTitle } from '@veridocs/shared';
import { useLanguage, useT } from '../i18n';
import { config } from '../lib/config';
import { FORM_URL_KEY } from './paths';
import { localTitle, titlesCatalog } from './titles/titles-catalog';

/** Titles for the segments the spec's table leaves out. */
const EXTRA_TITLES: Record<string, string> = {
  '': 'Home',
  faq: 'Instructions / FAQs',
  instructions: 'Instructions / FAQs',
  error: 'Error',
  [FORM_URL_KEY]: 'Verification',
  'form-txns': 'Your Verifications',
  'select-evaluation-partner': 'Evaluation Partner',
  wallet: 'Wallet',
  privacy: 'Privacy',
  credentials: 'Verify Credential',
  respond: 'Verification Request',
};

/** The page title by first path segment (spec §2), or null: the specification's English. */
export function titleFor(pathname: string): string | null {
  return pageTitle(pathname) ?? EXTRA_TITLES[firstPathSegment(pathname)] ?? null;
}

/** The page title in the current language (the English is titleFor's). */
export function localTitleFor(pathname: string): string | null {
  const title = titleFor(pathname);
  return title === null ? null : localTitle(title);
}

/** `localTitleFor`, re-rendering when the language changes. */
export function useLocalTitleFor(): (pathname: string) => string | null {
  useT(titlesCatalog);
  return localTitleFor;
}

export function documentTitleFor(pathname: string): string {
  const title = localTitleFor(pathname);
  return title ? `${title} | ${config.appName}` : config.appName;
}

/** Keeps document.title in step with the route and the language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const language = useLanguage();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname, language]);
}
