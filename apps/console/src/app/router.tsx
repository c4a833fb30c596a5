import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { loadWithRetry } from '@veridocs/shared';
import { ADMIN_ROUTES } from '../features/admin/admin-routes';
import { m } from '../messages';
import { ConsoleLayout } from './layout';
import { PATHS } from './paths';
import { RouteErrorBoundary } from './route-error-boundary';
import { useSession } from './use-session';

const SignInPage = lazy(() => loadWithRetry(() => import('../features/auth/sign-in-page')));
const QueuesPage = lazy(() => loadWithRetry(() => import('../features/queues/queues-page')));
const CasePage = lazy(() => loadWithRetry(() => import('../features/cases/case-page')));
const SupportPage = lazy(() => loadWithRetry(() => import('../features/support/support-page')));
const DirectoryPage = lazy(() => loadWithRetry(() => import('../features/institutions/directory-page')));
const EscalatedRequestsPage = lazy(() =>
  loadWithRetry(() => import('../features/institutions/escalated-requests-page')),
);

export function PageLoader() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={m.app.loading} />
    </Box>
  );
}

function NotFound() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h1">{m.app.notFoundTitle}</Typography>
      <Typography>{m.app.notFoundBody}</Typography>
      <Button component={RouterLink} to={PATHS.queues} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {m.app.backToQueues}
      </Button>
    </Stack>
  );
}

/** The signed-in pages: without a live session, the sign-in screen (then back here). */
function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${PATHS.signIn}?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <ConsoleLayout session={session}>
      {/* A page whose code cannot be downloaded shows its message inside the layout (issue 24). */}
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </RouteErrorBoundary>
    </ConsoleLayout>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.staff.role !== 'admin') return <Alert severity="warning">{m.admin.forbidden}</Alert>;
  return children;
}

function SignInRoute() {
  const session = useSession();
  if (session) return <Navigate to={PATHS.queues} replace />;
  return (
    <RouteErrorBoundary resetKey={PATHS.signIn}>
      <Suspense fallback={<PageLoader />}>
        <SignInPage />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The console's pages under /ops (react-router basename CONSOLE_BASE). */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path={PATHS.signIn} element={<SignInRoute />} />
      <Route path="/" element={<Navigate to={PATHS.queues} replace />} />
      <Route
        path={PATHS.queues}
        element={
          <SignedIn>
            <QueuesPage />
          </SignedIn>
        }
      />
      <Route
        path={PATHS.caseRoute}
        element={
          <SignedIn>
            <CasePage />
          </SignedIn>
        }
      />
      {[PATHS.support, PATHS.supportConversationRoute].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <SignedIn>
              <SupportPage />
            </SignedIn>
          }
        />
      ))}
      {/* Every staff member reads the directory and the request queue; the directory's writes are admins'. */}
      <Route
        path={PATHS.institutions}
        element={
          <SignedIn>
            <DirectoryPage />
          </SignedIn>
        }
      />
      <Route
        path={PATHS.institutionRequests}
        element={
          <SignedIn>
            <EscalatedRequestsPage />
          </SignedIn>
        }
      />
      {ADMIN_ROUTES.map(({ path, Component }) => (
        <Route
          key={path}
          path={path ? `${PATHS.admin}/${path}` : PATHS.admin}
          element={
            <SignedIn>
              <AdminOnly>
                <Component />
              </AdminOnly>
            </SignedIn>
          }
        />
      ))}
      <Route
        path="*"
        element={
          <SignedIn>
            <NotFound />
          </SignedIn>
        }
      />
    </Routes>
  );
}
