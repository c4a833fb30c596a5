import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { SUPPORT_MESSAGE_MAX } from '@veridocs/shared';
import { useT } from '../../i18n';
import { track } from '../../lib/telemetry/tracker';
import { supportCatalog } from './support-catalog';
import { useGetSupportChatQuery, useSendSupportMessageMutation } from './support-api';

/** Replies are polled while the chat is open. */
export const CHAT_POLL_MS = 5000;

/** The conversation (a dialog: focus stays inside, Escape closes, focus returns to the launcher). */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const t = useT(supportCatalog);
  const id = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { data, isLoading } = useGetSupportChatQuery(undefined, { pollingInterval: CHAT_POLL_MS });
  const [send, { isLoading: sending }] = useSendSupportMessageMutation();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const messages = data?.messages ?? [];

  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [messages.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setFailed(false);
    try {
      await send({ body }).unwrap();
      setText('');
      track('chat', 'message_sent');
    } catch {
      setFailed(true);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      slotProps={{ paper: { sx: { height: { sm: 560 }, display: 'flex', flexDirection: 'column' } } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {t('chatTitle')}
        <IconButton
          onClick={onClose}
          aria-label={t('closeChat')}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 2 }}>
        <Typography id={`${id}-intro`} variant="body2" color="text.secondary">
          {t('chatIntro')}
        </Typography>
        <Box
          ref={list}
          role="log"
          aria-live="polite"
          aria-label={t('chatTitle')}
          tabIndex={0}
          sx={{
            flex: 1,
            minHeight: 160,
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
          }}
        >
          {isLoading ? (
            <Typography variant="body2">{t('loading')}</Typography>
          ) : messages.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('noMessages')}
            </Typography>
          ) : (
            messages.map((message) => {
              const mine = message.author === 'candidate';
              return (
                <Box
                  key={message.id}
                  data-author={message.author}
                  sx={{
                    alignSelf: mine ? 'flex-end' : 'flex-start',
                    maxWidth: '85%',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'grey.100',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                  }}
                >
                  <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
                    {mine ? t('you') : (message.authorName ?? t('team'))}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.body}
                  </Typography>
                </Box>
              );
            })
          )}
        </Box>
        {failed && (
          <Alert severity="error" role="alert">
            {t('sendFailed')}
          </Alert>
        )}
        <Box
          component="form"
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
        >
          <TextField
            label={t('messageLabel')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            maxRows={4}
            size="small"
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void submit(event);
              }
            }}
          />
          <Button type="submit" variant="contained" disabled={sending || text.trim() === ''}>
            {sending ? t('sending') : t('send')}
          </Button>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
