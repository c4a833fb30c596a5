import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SESSION } from '@veridocs/shared';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useT } from '../../i18n';
import { PATHS, type FromState } from '../../app/paths';
import { useSession } from '../../app/session/session-context';
import { useAppDispatch } from '../../app/store/hooks';
import { login } from '../../app/store/slices/auth-slice';
import { refreshTokens } from '../../lib/api/wallet-api';
import { navigateTo } from '../../lib/navigation';
import { removeItem, setItem } from '../../lib/storage';
import { ekycCatalog } from './ekyc-catalog';

/** sso values already exchanged in this tab (the route table re-mounts this screen on login). */
const consumed = new Set<string>();

/**
 * Form entry with single sign-on (spec §2): store the refresh token, txnId, formId and orgId, refresh
 * the access token after 200 ms, then go to /select-evaluation-partner. A failing refresh logs out; an
 * organisation's sso is single use and lives minutes (ADR 0004), so the candidate then signs in with
 * their mobile OTP and comes back to the same link, without its sso.
 */
export function SsoEntry({
  sso,
  formId,
  orgId,
  txnId,
}: {
  sso: string;
  formId: string;
  orgId: string;
  txnId?: string;
}) {
  const t = useT(ekycCatalog);
  const dispatch = useAppDispatch();
  const session = useSession();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (consumed.has(sso)) {
      navigateTo(PATHS.selectEvaluationPartner, { replace: true });
      return;
    }
    setItem('refreshToken', sso);
    setItem('formId', formId);
    setItem('orgId', orgId);
    // A link without a txnId must not inherit an earlier link's (/select-evaluation-partner reads it).
    if (txnId) setItem('txnId', txnId);
    else removeItem('txnId');
    const timer = setTimeout(() => {
      refreshTokens(sso)
        .then((next) => {
          consumed.add(sso);
          dispatch(login({ ...next, startRefresh: true }));
          void session.loadProfile();
          navigateTo(PATHS.selectEvaluationPartner, { replace: true });
        })
        .catch(async () => {
          // Spec §4, §8: a failing refresh logs out (which goes to /login); the sign-in then returns here.
          const from = { pathname, search: withoutSso(search) };
          await session.logout();
          navigateTo(PATHS.login, { replace: true, state: { from } satisfies FromState });
        });
    }, SESSION.postSsoRefreshDelayMs);
    return () => clearTimeout(timer);
  }, [sso, formId, orgId, txnId, dispatch, session, pathname, search]);

  return <PageLoader label={t('signingIn')} fullHeight />;
}

/** The link's query without its (spent) sso. */
function withoutSso(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sso');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
