import { Suspense, lazy, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Fab from '@mui/material/Fab';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { showsChatWidget, loadWithRetry } from '@veridocs/shared';
import { useT } from '../../i18n';
import { track } from '../../lib/telemetry/tracker';
import { supportCatalog } from './support-catalog';
import { useChatDelay } from './use-chat-delay';

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
  if (!visible) return null;
  return (
    <>
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
          right: { xs: 16, sm: 24 },
          bottom: { xs: 16, sm: 24 },
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
