// First: the data layer evaluates in a task of its own (issue 31 §2).
import './stage-data';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { OverlayLoader } from '../../components/page-loader/overlay-loader';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useBackHandler } from '../back-navigation';
import { useLocalTitleFor } from '../page-meta';
import { PATHS } from '../paths';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectOpenDemo } from '../store/selectors';
import { setOpenDemo } from '../store/slices/misc-slice';
import { RouteErrorBoundary } from '../route-error-boundary';
import { PageHeader } from './page-header';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { isDesktopWindow, useIsDesktop } from './use-is-desktop';
import { loadWithRetry } from '@veridocs/shared';
import { lazyScreen } from '../../lib/lazy-screen';
import { afterFirstScreen, markFirstScreenDrawn, useAfterFirstScreen } from '../../lib/after-first-screen';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { nextTask } from '../../lib/next-task';

const DemoDialog = lazy(() => loadWithRetry(() => import('../../features/misc/demo-dialog')));
// What only a desktop window shows at once, and the phone's drawer, are chunks of their own: a phone
// draws its screen without them (issue 31 §2), a desktop window loads them with the layout (below).
const navMenu = lazyScreen(() => import('./nav-menu').then(({ NavMenu }) => ({ default: NavMenu })));
const notificationsPanel = lazyScreen(() =>
  import('./notifications-panel').then(({ NotificationsPanel }) => ({ default: NotificationsPanel })),
);
const mobileDrawer = lazyScreen(() => import('./mobile-drawer'));
const notificationsLive = lazyScreen(() => import('../../features/notifications/notifications-live'));
/**
 * On a desktop window the side navigation and the notifications panel are on the first screen (as in
 * the pre-rendered shell): the router's loader of the layout waits for their chunks too, so the
 * layout's first render has them. Not a top-level await here: their chunks import this one, which
 * would then wait for itself. A failed load is left to the components' own lazy(), which asks again.
 */
export function desktopPartsLoaded(): Promise<unknown> | null {
  if (typeof window === 'undefined' || !isDesktopWindow(window.innerWidth, window.innerHeight)) return null;
  return Promise.all([navMenu.preload(), notificationsPanel.preload()]).catch(() => undefined);
}

const NAV_WIDTH = 248;
const PANEL_WIDTH = 320;
const BAR_HEIGHT = 64;

/** Tells afterFirstScreen() that a screen has been drawn, once its Suspense boundary commits. */
function FirstScreenDrawn() {
  useEffect(() => markFirstScreenDrawn(), []);
  return null;
}

/** The logged-in layout (spec §2): top bar, left navigation and notifications panel on desktop, a drawer on mobile. */
export default function AppLayout() {
  const titleFor = useLocalTitleFor();
  const desktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's chunk loads on the first tap of the menu button; it stays mounted after (to slide out).
  const drawerOpened = useOpenedOnce(drawerOpen);
  const { pathname } = useLocation();
  const onBack = useBackHandler();
  const dispatch = useAppDispatch();
  const demoOpen = useAppSelector(selectOpenDemo);
  // A phone fetches the drawer's chunk once the first screen is drawn (afterFirstScreen), so the first
  // tap of the menu button opens it at once; the overlay shows only if it is not in yet.
  useEffect(() => {
    if (desktop) return;
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) mobileDrawer.preload().catch(() => undefined);
    });
    return () => {
      active = false;
    };
  }, [desktop]);
  // The live notifications start once the first screen is drawn: no screen waits for them.
  const live = useAfterFirstScreen();
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
      {/* New notifications arrive without a reload, on every logged-in screen (ADR 0030). */}
      {live && (
        <Suspense fallback={null}>
          <notificationsLive.Component />
        </Suspense>
      )}
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
            {/* Loaded with the layout on a desktop window; after a resize from a phone, on the way. */}
            <Suspense fallback={<PageLoader />}>
              <navMenu.Component mobile={false} />
            </Suspense>
          </Box>
        ) : drawerOpened ? (
          <Suspense fallback={<OverlayLoader />}>
            <mobileDrawer.Component open={drawerOpen} onClose={closeDrawer} />
          </Suspense>
        ) : null}
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
                {/* Committed with the screen, not before it: the boundary shows both or neither. */}
                <FirstScreenDrawn />
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
            <Suspense fallback={<PageLoader />}>
              <notificationsPanel.Component />
            </Suspense>
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
