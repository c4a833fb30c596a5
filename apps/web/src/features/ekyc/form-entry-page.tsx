import { Suspense, lazy, useEffect } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { type FormHomeState } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery } from '../../app/store/profile-api';
import { selectSearchedQuery } from '../../app/store/selectors';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setSearchedQuery, setStartButtonClicked } from '../../app/store/slices/misc-slice';
import { useT } from '../../i18n';
import { ekycCatalog } from './ekyc-catalog';
import { OrgBranding } from '../../app/branding/org-branding';
import { FormHome } from './form-home';
import { InitScreen } from './init-screen';
import { isSameForm } from './journey';
import { NoticeScreen } from './notice-screen';
import { ChatLauncher } from '../../app/support/chat-launcher';
import { PageLoader } from '../../components/page-loader/page-loader';
import { loadWithRetry } from '@veridocs/shared';

/** Only a single sign-on link (?sso) uses it: loaded then, behind the same loader it shows. */
const SsoEntry = lazy(() =>
  loadWithRetry(() => import('./sso-entry').then((m) => ({ default: m.SsoEntry }))),
);

/** The form screens of a signed-in candidate: the init screen, or the form home once started or viewed. */
function SignedInFormEntry({ formId, orgId, txnId }: { formId: string; orgId: string; txnId?: string }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const showInitScreen = useAppSelector((state) => state.formData.showInitScreen);
  const searchedQuery = useAppSelector(selectSearchedQuery);
  // A link of another form than the saved one is a newly opened form link: its init screen shows first.
  const newLink = !isSameForm(searchedQuery, formId, orgId);
  const backFromStep = (location.state as FormHomeState | null)?.formHome === true && Boolean(txnId);

  useGetProfileQuery();

  useEffect(() => {
    if (backFromStep) {
      dispatch(setShowInitScreen(false));
    } else if (newLink) {
      dispatch(setShowInitScreen(true));
      dispatch(setStartButtonClicked(false));
    }
    // The form link's search, so that the back actions of later screens return here.
    dispatch(setSearchedQuery({ pathname: location.pathname, search: location.search }));
  }, [backFromStep, newLink, location.pathname, location.search, dispatch]);

  if (!txnId || (!backFromStep && (newLink || showInitScreen)))
    return <InitScreen formId={formId} orgId={orgId} txnId={txnId} />;
  return (
    <>
      {/* The colour only: the form home is drawn from prerendered HTML first, and a header added by
          the app would move its heading (e2e/prerender.spec.ts). */}
      <OrgBranding orgId={orgId} header={false}>
        <FormHome key={`${orgId}/${txnId}`} formId={formId} orgId={orgId} txnId={txnId} />
      </OrgBranding>
      {/* Spec §2: the chat widget on form screens, never with the init screen. */}
      <ChatLauncher initScreenShowing={false} />
    </>
  );
}

/** /ekyc/:formId/:txnId? with ?orgId (and ?sso) — spec §2 "Form entry". */
export default function FormEntryPage() {
  const t = useT(ekycCatalog);
  const { formId = '', txnId } = useParams();
  const [params] = useSearchParams();
  const orgId = params.get('orgId')?.trim() ?? '';
  const sso = params.get('sso')?.trim();

  if (sso)
    return (
      <Suspense fallback={<PageLoader label={t('signingIn')} fullHeight />}>
        <SsoEntry sso={sso} formId={formId} orgId={orgId} txnId={txnId} />
      </Suspense>
    );
  if (!orgId || !formId)
    return <NoticeScreen title={t('incompleteTitle')}>{t('incompleteBody')}</NoticeScreen>;
  return <SignedInFormEntry formId={formId} orgId={orgId} txnId={txnId} />;
}
