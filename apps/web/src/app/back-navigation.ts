import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { backAction, firstPathSegment } from '@veridocs/shared';
import { FORM_URL_KEY, PATHS } from './paths';
import { useAppSelector } from './store/hooks';
import { selectSearchedQuery } from './store/selectors';
import type { MiscState } from './store/slices/misc-slice';

/*
 * The layouts' back button (spec §2), apart from page-meta.ts: the sign-in page needs titles, not this.
 */

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
