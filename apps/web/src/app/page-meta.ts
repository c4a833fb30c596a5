import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { backAction, firstPathSegment, pageTitle } from '@veridocs/shared';
import { useLanguage, useT } from '../i18n';
import { config } from '../lib/config';
import { FORM_URL_KEY, PATHS } from './paths';
import { useAppSelector } from './store/hooks';
import { selectSearchedQuery } from './store/selectors';
import type { MiscState } from './store/slices/misc-slice';
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

/** Titles of whole paths, before their first segment's (a page under another's segment). */
const PATH_TITLES: Record<string, string> = {
  [PATHS.privacyAccess]: 'What we hold about you',
};

/** The page title by first path segment (spec §2), or null: the specification's English. */
export function titleFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATH_TITLES[path] ?? pageTitle(pathname) ?? EXTRA_TITLES[firstPathSegment(pathname)] ?? null;
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

export type ResolvedBack = { kind: 'hidden' } | { kind: 'to'; to: string } | { kind: 'history' };

/** The saved search-query link (misc.searchedQuery) the payment screens return to; / without one. */
export function savedSearchLink(searchedQuery: MiscState['searchedQuery']): string {
  if (typeof searchedQuery.pathname !== 'string' || !searchedQuery.pathname.startsWith('/'))
    return PATHS.home;
  return `${searchedQuery.pathname}${searchedQuery.search ?? ''}`;
}

/**
 * The back button (spec §2, shared backAction): hidden on submitted and login; the saved search on
 * choose-payment-provider and form-payments; / from a form; the info page returns to / keeping the
 * query string; elsewhere one step back.
 */
export function resolveBack(
  pathname: string,
  search: string,
  searchedQuery: MiscState['searchedQuery'],
): ResolvedBack {
  const first = firstPathSegment(pathname);
  if (first === 'faq' || first === 'instructions') return { kind: 'to', to: `${PATHS.home}${search}` };
  const action = backAction(pathname, FORM_URL_KEY);
  switch (action.kind) {
    case 'hidden':
      return { kind: 'hidden' };
    case 'saved-search':
      return { kind: 'to', to: savedSearchLink(searchedQuery) };
    case 'home':
      return { kind: 'to', to: PATHS.home };
    case 'history':
      return { kind: 'history' };
  }
}

/** The back handler for the current route, or null when the back button is hidden. */
export function useBackHandler(): (() => void) | null {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const searchedQuery = useAppSelector(selectSearchedQuery);
  const back = resolveBack(pathname, search, searchedQuery);
  const kind = back.kind;
  const to = back.kind === 'to' ? back.to : '';
  // The first page of a visit has no step to go back to: go home instead of leaving the app.
  const firstEntry = key === 'default';
  const handler = useCallback(() => {
    if (kind === 'to') void navigate(to);
    else if (firstEntry) void navigate(PATHS.home);
    else void navigate(-1);
  }, [kind, to, firstEntry, navigate]);
  return kind === 'hidden' ? null : handler;
}
