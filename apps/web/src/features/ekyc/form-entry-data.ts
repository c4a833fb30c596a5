import { matchPath } from 'react-router';
import { PATHS } from '../../app/paths';
import type { AppStore } from '../../app/store/store';
import { transactionsApi } from '../../app/store/transactions-api';
import { installEarlyAnswers } from '../../lib/early-requests';

// The boot script sent this screen's first GETs: the API client takes their answers from now on.
installEarlyAnswers();

/**
 * The form entry's first data, asked for while the app starts (app/router.tsx preloadRoute): the
 * organisation and the journey's info (both quiet: their screens show a failure themselves; the
 * profile, whose failure shows a snackbar, is asked for by its screen, as the boot script's answer). Rendered first, the form home drew a loader, asked
 * in its effects, then drew again; on a slow phone its tiles came a commit later (issue 31 §2). The boot
 * script has usually fetched these already (lib/early-requests.ts). Not subscribed: the screens that
 * use them subscribe when they render, and RTK Query keeps them until then.
 */
export function prefetchFormEntry(
  store: AppStore,
  { pathname, search }: { pathname: string; search: string },
): Promise<unknown> {
  const params = new URLSearchParams(search);
  const orgId = params.get('orgId')?.trim() ?? '';
  // A single sign-on link signs in first: its screens ask for their data themselves.
  if (!orgId || params.get('sso')) return Promise.resolve();
  const txnId = matchPath(PATHS.formEntry, pathname)?.params.txnId;
  const noSubscription = { subscribe: false } as const;
  return Promise.all([
    store.dispatch(transactionsApi.endpoints.getOrganisation.initiate(orgId, noSubscription)),
    txnId
      ? store.dispatch(
          transactionsApi.endpoints.getTransactionInfo.initiate({ orgId, txnId }, noSubscription),
        )
      : null,
  ]);
}
