import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemButton,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import {
  ERROR_CODES,
  SUPPORT_INBOX_FILTERS,
  SUPPORT_MESSAGE_MAX,
  type SupportConversationSummary,
  type SupportMessage,
} from '@veridocs/shared';
import { isConsoleQueryError } from '../../app/api';
import { PATHS } from '../../app/paths';
import { formatWhen, m } from '../../messages';
import { useSupportConversationQuery, useSupportInboxQuery, useSupportReplyMutation } from './support-api';

type Filter = (typeof SUPPORT_INBOX_FILTERS)[number];

/** New candidate messages show while the page is open (the candidate's widget polls every 5 s). */
export const INBOX_POLL_MS = 20_000;
export const CONVERSATION_POLL_MS = 10_000;

const nameOf = (c: { candidate: { name: string | null } }) => c.candidate.name ?? m.support.noName;

function lastLine(message: SupportMessage | null): string {
  if (!message) return m.support.noMessages;
  const prefix =
    message.author === 'team' ? m.support.lastFromTeam(message.authorName ?? m.support.team) : '';
  return `${prefix}${message.body}`;
}

function ConversationRow({
  item,
  selected,
  to,
}: {
  item: SupportConversationSummary;
  selected: boolean;
  to: string;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{ alignItems: 'flex-start', py: 1.25, gap: 1 }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography component="span" sx={{ fontWeight: item.waiting ? 700 : 600, minWidth: 0 }} noWrap>
              {nameOf(item)}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {formatWhen(item.lastMessage?.createdAt ?? item.updatedAt)}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 24 }}>
            <Typography component="span" variant="caption" color="text.secondary" noWrap>
              {item.candidate.mobile}
            </Typography>
            {item.waiting && (
              <Chip
                size="small"
                color="warning"
                label={m.support.waiting}
                sx={{ height: 20, fontSize: 12 }}
              />
            )}
          </Stack>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ display: 'block' }}
          >
            {lastLine(item.lastMessage)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function Bubble({ message, candidateName }: { message: SupportMessage; candidateName: string }) {
  const team = message.author === 'team';
  return (
    <Box
      data-author={message.author}
      sx={{
        alignSelf: team ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '90%', sm: '75%' },
        px: 1.5,
        py: 1,
        borderRadius: 2,
        border: 1,
        borderColor: team ? 'primary.main' : 'divider',
        bgcolor: team ? 'primary.main' : 'background.paper',
        color: team ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography component="p" variant="caption" sx={{ fontWeight: 650 }}>
        {team ? (message.authorName ?? m.support.team) : candidateName}
        <Box component="span" sx={{ fontWeight: 400, ml: 1 }}>
          {formatWhen(message.createdAt)}
        </Box>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Typography>
    </Box>
  );
}

function Conversation({ id, backTo }: { id: string; backTo: string }) {
  const headingId = useId();
  const { data, isLoading, isError, error, refetch } = useSupportConversationQuery(id, {
    pollingInterval: CONVERSATION_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [reply, { isLoading: sending }] = useSupportReplyMutation();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;

  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [count, id]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setFailed(false);
    try {
      await reply({ conversationId: id, body }).unwrap();
      setText('');
    } catch {
      setFailed(true);
    }
  }

  const back = (
    <Link
      component={RouterLink}
      to={backTo}
      sx={{ display: { xs: 'inline-flex', md: 'none' }, alignItems: 'center', gap: 0.5, mb: 1 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {m.support.backToInbox}
    </Link>
  );

  if (isLoading)
    return (
      <Box sx={{ p: 2 }} role="status" aria-label={m.app.loading}>
        <Skeleton width="40%" height={32} />
        <Skeleton width="25%" />
        <Skeleton variant="rounded" height={56} sx={{ mt: 2, width: '60%' }} />
        <Skeleton variant="rounded" height={56} sx={{ mt: 1.5, width: '50%', ml: 'auto' }} />
      </Box>
    );
  if (isError || !data) {
    const missing =
      isConsoleQueryError(error) && error.code === ERROR_CODES.SUPPORT_CONVERSATION_NOT_FOUND.code;
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {m.app.retry}
              </Button>
            )
          }
        >
          {missing ? m.support.notFound : m.support.loadError}
        </Alert>
      </Box>
    );
  }

  const name = nameOf(data);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {back}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Chip
            size="small"
            color={data.waiting ? 'warning' : 'default'}
            label={data.waiting ? m.support.waiting : m.support.answered}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {m.support.mobile(data.candidate.mobile)}
        </Typography>
      </Box>
      <Box
        ref={log}
        role="log"
        aria-label={m.support.messagesLabel}
        tabIndex={0}
        sx={{
          flex: 1,
          minHeight: 200,
          overflowY: 'auto',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.25,
          bgcolor: 'background.default',
        }}
      >
        {data.messages.length === 0 ? (
          <Typography color="text.secondary">{m.support.noMessages}</Typography>
        ) : (
          data.messages.map((message) => <Bubble key={message.id} message={message} candidateName={name} />)
        )}
      </Box>
      <Box
        component="form"
        onSubmit={(event) => void submit(event)}
        sx={{ p: 2, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
      >
        {failed && (
          <Alert severity="error" role="alert">
            {m.support.sendFailed}
          </Alert>
        )}
        <TextField
          label={m.support.reply}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          helperText={m.support.replyHint}
          slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX } }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={sending || text.trim() === ''}
          sx={{ justifySelf: 'end' }}
        >
          {sending ? m.support.sending : m.support.send}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The support inbox (issue 15, ADR 0035): the conversations (those waiting for an answer first, then
 * the newest), and the chosen one with its messages and a reply box. Both side by side on a wide
 * screen; one at a time on a narrow one. The filter is kept in the address.
 */
export default function SupportPage() {
  const { conversationId } = useParams();
  const [params, setParams] = useSearchParams();
  const filter: Filter = params.get('filter') === 'waiting' ? 'waiting' : 'all';
  const search = params.toString() ? `?${params.toString()}` : '';
  const [cursors, setCursors] = useState<string[]>([]);
  const [lastFilter, setLastFilter] = useState(filter);
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setCursors([]);
  }
  const cursor = cursors.at(-1);
  const { data, isLoading, isFetching, isError, refetch } = useSupportInboxQuery(
    { filter, cursor },
    { pollingInterval: INBOX_POLL_MS, skipPollingIfUnfocused: true },
  );
  const list = data?.list ?? [];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box>
        <Typography variant="h1">{m.support.title}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {m.support.intro}
        </Typography>
      </Box>
      <Paper
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(280px, 360px) minmax(0, 1fr)' },
          height: { md: 'calc(100vh - 210px)' },
          minHeight: { md: 520 },
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            display: { xs: conversationId ? 'none' : 'flex', md: 'flex' },
            flexDirection: 'column',
            minHeight: 0,
            borderRight: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          <Tabs
            value={filter}
            onChange={(_e, value: Filter) => {
              const next = new URLSearchParams(params);
              if (value === 'all') next.delete('filter');
              else next.set('filter', value);
              setParams(next, { replace: true });
            }}
            aria-label={m.support.filterLabel}
            variant="fullWidth"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {SUPPORT_INBOX_FILTERS.map((key) => (
              <Tab key={key} value={key} label={m.support.filters[key]} />
            ))}
          </Tabs>
          <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
            {isError ? (
              <Alert
                severity="error"
                sx={{ m: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void refetch()}>
                    {m.app.retry}
                  </Button>
                }
              >
                {m.support.error}
              </Alert>
            ) : isLoading ? (
              <Box role="status" aria-label={m.app.loading} sx={{ p: 2 }}>
                {[0, 1, 2, 3].map((row) => (
                  <Box key={row} sx={{ mb: 2 }}>
                    <Skeleton width="60%" />
                    <Skeleton width="35%" />
                    <Skeleton />
                  </Box>
                ))}
              </Box>
            ) : list.length === 0 ? (
              <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
                {filter === 'waiting' ? m.support.emptyWaiting : m.support.empty}
              </Typography>
            ) : (
              <List disablePadding aria-label={m.support.listLabel} aria-busy={isFetching}>
                {list.map((item) => (
                  <ConversationRow
                    key={item.id}
                    item={item}
                    selected={item.id === conversationId}
                    to={`${PATHS.supportConversation(item.id)}${search}`}
                  />
                ))}
              </List>
            )}
          </Box>
          <Stack
            direction="row"
            spacing={1}
            sx={{ p: 1, minHeight: 48, alignItems: 'center', borderTop: 1, borderColor: 'divider' }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }} role="status">
              {isLoading || isError ? '' : m.support.shown(list.length, Boolean(data?.nextCursor))}
            </Typography>
            {/* Paging only when there is more than one page. */}
            {(cursors.length > 0 || Boolean(data?.nextCursor)) && (
              <>
                <Button
                  size="small"
                  disabled={cursors.length === 0 || isFetching}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  {m.support.previous}
                </Button>
                <Button
                  size="small"
                  disabled={!data?.nextCursor || isFetching}
                  onClick={() => {
                    if (data?.nextCursor) setCursors((c) => [...c, data.nextCursor as string]);
                  }}
                >
                  {m.support.next}
                </Button>
              </>
            )}
          </Stack>
        </Box>
        <Box
          sx={{
            display: { xs: conversationId ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
            minHeight: 0,
            minWidth: 0,
          }}
        >
          {conversationId ? (
            <Conversation key={conversationId} id={conversationId} backTo={`${PATHS.support}${search}`} />
          ) : (
            <Stack
              spacing={1.5}
              sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', p: 4, color: 'text.secondary' }}
            >
              <ForumOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} aria-hidden />
              <Typography color="text.secondary">{m.support.choose}</Typography>
            </Stack>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
