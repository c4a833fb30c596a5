import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { showsChatWidget } from '@veridocs/shared';
import { lazyScreen } from '../../lib/lazy-screen';
import { useChatDelay } from './use-chat-delay';

/** The button's code (MUI's Fab), loaded during the delay: the screen draws without it (issue 31 §2). */
const chatButton = lazyScreen(() => import('./chat-button'));

/**
 * The support chat widget (spec §2): on form screens only, not while the init screen shows, 3 s after
 * the screen appears.
 */
export function ChatLauncher({ initScreenShowing }: { initScreenShowing: boolean }) {
  const { pathname } = useLocation();
  const allowed = showsChatWidget(pathname, initScreenShowing);
  const visible = useChatDelay(allowed);
  // Fetched when the delay starts, so the button shows on time; a failure is asked again on render.
  useEffect(() => {
    if (allowed) chatButton.preload().catch(() => undefined);
  }, [allowed]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <chatButton.Component />
    </Suspense>
  );
}
