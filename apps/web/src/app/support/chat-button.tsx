import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { loadWithRetry } from '@veridocs/shared';
import { useT } from '../../i18n';
import { track } from '../../lib/telemetry/tracker';
import { supportCatalog } from './support-catalog';

/** The floating button: its height and its distance from the window's edges. */
const LAUNCHER_HEIGHT_PX = 48;
const LAUNCHER_INSET_PX = { xs: 16, sm: 24 };
/** Room kept free below the page's content: the button, its inset and a gap above it. */
const LAUNCHER_CLEARANCE_PX = {
  xs: LAUNCHER_HEIGHT_PX + LAUNCHER_INSET_PX.xs + 8,
  sm: LAUNCHER_HEIGHT_PX + LAUNCHER_INSET_PX.sm + 8,
};

const ChatPanel = lazy(() => loadWithRetry(() => import('./chat-panel')));

/** The chat's floating button (ChatLauncher shows it); the conversation panel is loaded when opened. */
export default function ChatButton() {
  const t = useT(supportCatalog);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Nothing fixed may cover the primary action or a message (issue 24): while the button floats, the
  // page gets room below its last line (Continue, Submit, "Please correct the highlighted field.") to
  // scroll clear of it, and focus scrolls keep a focused control above it.
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${LAUNCHER_CLEARANCE_PX.sm}px`;
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, []);
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
