import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { showsChatWidget } from '@veridocs/shared';
import { afterFirstScreen } from '../../lib/after-first-screen';
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
  // Fetched during the delay once the screen is drawn, so the button shows on time without holding
  // the screen back; a failure is asked again on render.
  useEffect(() => {
    if (!allowed) return;
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) chatButton.preload().catch(() => undefined);
    });
    return () => {
      active = false;
    };
  }, [allowed]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <chatButton.Component />
    </Suspense>
  );
}
