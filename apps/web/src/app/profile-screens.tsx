import { lazy } from 'react';
import { useLocation } from 'react-router';
import { loadWithRetry } from '@veridocs/shared';
import ProfilePage from '../features/profile/profile-page';
import { PRIVACY_PAGES } from './privacy-paths';

const PrivacyPage = lazy(() => loadWithRetry(() => import('../features/privacy/privacy-page')));
const PrivacyAccessPage = lazy(() =>
  loadWithRetry(() => import('../features/privacy-access/privacy-access-page')),
);
const ErasurePage = lazy(() => loadWithRetry(() => import('../features/privacy-erasure/erasure-page')));
const ExportPage = lazy(() => loadWithRetry(() => import('../features/privacy-export/export-page')));
const CorrectionPage = lazy(() =>
  loadWithRetry(() => import('../features/privacy-requests/correction-page')),
);
const GrievancePage = lazy(() => loadWithRetry(() => import('../features/privacy-requests/grievance-page')));
const NominationPage = lazy(() =>
  loadWithRetry(() => import('../features/privacy-nomination/nomination-page')),
);

/**
 * The profile and the candidate's rights pages under it (issue 29, ADR 0049) behind one screen of the
 * router: each entry of its table costs the sign-in page bytes (it is at its budget), so they share the
 * profile's, and each rights page's own chunk loads when opened.
 */
export default function ProfileScreens() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === PRIVACY_PAGES.consents) return <PrivacyPage />;
  if (path === PRIVACY_PAGES.access) return <PrivacyAccessPage />;
  if (path === PRIVACY_PAGES.erasure) return <ErasurePage />;
  if (path === PRIVACY_PAGES.export) return <ExportPage />;
  if (path === PRIVACY_PAGES.correction) return <CorrectionPage />;
  if (path === PRIVACY_PAGES.grievance) return <GrievancePage />;
  if (path === PRIVACY_PAGES.nomination) return <NominationPage />;
  return <ProfilePage />;
}
