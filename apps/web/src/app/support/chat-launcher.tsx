import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { showsChatWidget, loadWithRetry } from '@veridocs/shared';
import { useT } from '../../i18n';
import { track } from '../../lib/telemetry/tracker';
import { supportCatalog } from './support-catalog';
import { useChatDelay } from './use-chat-delay';

/** The floating button: its height and its distance from the window's edges. */
const LAUNCHER_HEIGHT_PX = 48;
const LAUNCHER_INSET_PX = { xs: 16, sm: 24 };
/** Room kept free below the page's content: the button, its inset and a gap above it. */
const LAUNCHER_CLEARANCE_PX = {
  xs: LAUNCHER_HEIGHT_PX + LAUNCHER_INSET_PX.xs + 8,
  sm: LAUNCHER_HEIGHT_PX + LAUNCHER_INSET_PX.sm + 8,
};

const ChatPanel = lazy(() => loadWithRetry(() => import('./chat-panel')));

/**
 * The support chat widget (spec §2): on form screens only, not while the init screen shows, 3 s after
 * the screen appears. The conversation panel is loaded when opened.
 */
export function ChatLauncher({ initScreenShowing }: { initScreenShowing: boolean }) {
  const t = useT(supportCatalog);
  const { pathname } = useLocation();
  const visible = useChatDelay(showsChatWidget(pathname, initScreenShowing));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Nothing fixed may cover the primary action or a message (issue 24): while the button floats, the
  // page gets room below its last line (Continue, Submit, "Please correct the highlighted field.") to
  // scroll clear of it, and focus scrolls keep a focused control above it.
  useEffect(() => {
    if (!visible) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${LAUNCHER_CLEARANCE_PX.sm}px`;
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [visible]);
  if (!visible) return null;
  return (
    <>
      <Box aria-hidden data-testid="chat-launcher-clearance" sx={{ height: LAUNCHER_CLEARANCE_PX }} />
      <Fab
        ref={button}
        variant="extended"
        color="primary"
        size="medium"
        onClick={() => {
          setOpen(true);
          track('chat', 'opened');
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="chat-launcher"
        sx={{
          position: 'fixed',
          right: { xs: LAUNCHER_INSET_PX.xs, sm: LAUNCHER_INSET_PX.sm },
          bottom: { xs: LAUNCHER_INSET_PX.xs, sm: LAUNCHER_INSET_PX.sm },
          height: LAUNCHER_HEIGHT_PX,
          zIndex: 'speedDial',
          gap: 1,
        }}
      >
        <ChatBubbleOutlineIcon fontSize="small" aria-hidden />
        {t('openChat')}
      </Fab>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel
            onClose={() => {
              setOpen(false);
              track('chat', 'closed');
              // Focus returns to the button that opened the chat.
              setTimeout(() => button.current?.focus(), 0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
