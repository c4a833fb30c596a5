// First: the data layer evaluates in a task of its own (issue 31 §2).
import './stage-data';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useT } from '../../i18n';
import { useBackHandler } from '../back-navigation';
import { useLocalTitleFor } from '../page-meta';
import { PATHS } from '../paths';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectOpenDemo } from '../store/selectors';
import { setOpenDemo } from '../store/slices/misc-slice';
import { layoutCatalog } from './layout-catalog';
import { NavMenu } from './nav-menu';
import { RouteErrorBoundary } from '../route-error-boundary';
import { useNotificationsLive } from '../../features/notifications/use-notifications-live';
import { NotificationsPanel } from './notifications-panel';
import { PageHeader } from './page-header';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useIsDesktop } from './use-is-desktop';
import { loadWithRetry } from '@veridocs/shared';
import { nextTask } from '../../lib/next-task';

const DemoDialog = lazy(() => loadWithRetry(() => import('../../features/misc/demo-dialog')));

const NAV_WIDTH = 248;
const PANEL_WIDTH = 320;
const BAR_HEIGHT = 64;

/** The logged-in layout (spec §2): top bar, left navigation and notifications panel on desktop, a drawer on mobile. */
export default function AppLayout() {
  const t = useT(layoutCatalog);
  const titleFor = useLocalTitleFor();
  const desktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const onBack = useBackHandler();
  const dispatch = useAppDispatch();
  const demoOpen = useAppSelector(selectOpenDemo);
  // New notifications arrive without a reload, on every logged-in screen (ADR 0030).
  useNotificationsLive();
  // The sticky top bar may not cover what focus or a link scrolls to (a field with an error, a message):
  // scrolling stops below it (issue 24: nothing fixed covers the primary action or a message).
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingTop = `${BAR_HEIGHT + 8}px`;
    return () => {
      root.style.scrollPaddingTop = '';
    };
  }, []);
  // The home page greets the candidate with its own heading.
  const title = pathname === PATHS.home ? null : titleFor(pathname);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar desktop={desktop} onOpenMenu={() => setDrawerOpen(true)} />
      <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch' }}>
        {desktop ? (
          <Box
            sx={{
              width: NAV_WIDTH,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              position: 'sticky',
              top: BAR_HEIGHT,
              height: `calc(100vh - ${BAR_HEIGHT}px)`,
              overflowY: 'auto',
            }}
          >
            <NavMenu mobile={false} />
          </Box>
        ) : (
          <Drawer open={drawerOpen} onClose={closeDrawer} slotProps={{ paper: { sx: { width: 288 } } }}>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}
            >
              <BrandLogo size={28} />
              <IconButton onClick={closeDrawer} aria-label={t('closeMenu')}>
                <CloseIcon />
              </IconButton>
            </Box>
            <NavMenu mobile onNavigate={closeDrawer} />
          </Drawer>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <Box sx={{ maxWidth: 880, mx: 'auto' }}>
            <PageHeader title={title} onBack={onBack} />
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </Box>
        </Box>
        {desktop && (
          <Box
            sx={{
              width: PANEL_WIDTH,
              flexShrink: 0,
              borderLeft: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              position: 'sticky',
              top: BAR_HEIGHT,
              height: `calc(100vh - ${BAR_HEIGHT}px)`,
              overflowY: 'auto',
            }}
          >
            <NotificationsPanel />
          </Box>
        )}
      </Box>
      {demoOpen && (
        <Suspense fallback={null}>
          <DemoDialog open onClose={() => dispatch(setOpenDemo(false))} />
        </Suspense>
      )}
    </Box>
  );
}

// The screen's own chunks, which wait for this one, evaluate in a task of their own (issue 31 §2).
await nextTask();
