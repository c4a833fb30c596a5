import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import BoltIcon from '@mui/icons-material/Bolt';
import { OPS_QUEUES, STATES, type OpsQueue } from '@veridocs/shared';
import { useCasesQuery } from '../../app/ops-api';
import { PATHS } from '../../app/paths';
import { ShortcutsDialog, useShortcuts } from '../../app/shortcuts';
import { DayField } from '../../components/day-field';
import { formatDate, formatDateTime, m } from '../../messages';

const VERIFICATION_TYPES = ['identification', 'education', 'employment', 'address'];
const FILTER_KEYS = ['orgId', 'formId', 'state', 'verificationType', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The queues (issue 14): one tab per queue, filters and search kept in the address (a reload or a
 * shared link shows the same list), keyset paging with the server's cursor, keyboard shortcuts.
 */
export default function QueuesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const queue = (OPS_QUEUES as readonly string[]).includes(params.get('queue') ?? '')
    ? (params.get('queue') as OpsQueue)
    : 'new';
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<
    FilterKey,
    string
  >;
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  // The cursors of the pages before this one (the server's cursor is bound to the filters).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const [selected, setSelected] = useState(0);
  const [help, setHelp] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const filterKey = `${queue}|${q}|${FILTER_KEYS.map((k) => filters[k]).join('|')}`;
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (lastFilterKey !== filterKey) {
    setLastFilterKey(filterKey);
    setCursors([]);
    setSelected(0);
  }

  const query = useMemo(
    () => ({
      queue,
      q: q.length > 0 ? q : undefined,
      cursor,
      ...Object.fromEntries(FILTER_KEYS.filter((k) => filters[k]).map((k) => [k, filters[k]])),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey, cursor],
  );
  const { data, isFetching, isLoading, isError, refetch } = useCasesQuery(query);
  const list = data?.list ?? [];
  const filtered = q.length > 0 || FILTER_KEYS.some((k) => filters[k]);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParam('q', q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const open = (index: number) => {
    const item = list[index];
    if (item) void navigate(PATHS.case(item.txnId));
  };
  useShortcuts(
    {
      j: () => setSelected((i) => Math.min(i + 1, Math.max(list.length - 1, 0))),
      k: () => setSelected((i) => Math.max(i - 1, 0)),
      Enter: () => open(selected),
      n: () => open(Math.min(selected + 1, list.length - 1)),
      '/': () => searchRef.current?.focus(),
      '?': () => setHelp(true),
    },
    !help,
  );
  useEffect(() => {
    document.querySelector(`[data-row-index="${selected}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1">{m.queues.title}</Typography>
        <Button startIcon={<KeyboardIcon />} onClick={() => setHelp(true)} size="small">
          {m.queues.shortcutsButton}
        </Button>
      </Stack>
      <Paper>
        <Tabs
          value={queue}
          onChange={(_e, value: string) => setParam('queue', value === 'new' ? '' : value)}
          aria-label={m.queues.tabsLabel}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {OPS_QUEUES.map((key) => (
            <Tab key={key} value={key} label={m.queues.tabs[key]} />
          ))}
        </Tabs>
        <Box
          role="search"
          sx={{
            p: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr repeat(3, 1fr)' },
          }}
        >
          <TextField
            label={m.queues.search}
            placeholder={m.queues.searchPlaceholder}
            inputRef={searchRef}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            type="search"
            fullWidth
          />
          <TextField
            label={m.queues.organisation}
            value={filters.orgId}
            onChange={(e) => setParam('orgId', e.target.value.trim())}
            fullWidth
          />
          <TextField
            label={m.queues.form}
            value={filters.formId}
            onChange={(e) => setParam('formId', e.target.value.trim())}
            fullWidth
          />
          <TextField
            select
            label={m.queues.verificationState}
            value={filters.state}
            onChange={(e) => setParam('state', e.target.value)}
            fullWidth
          >
            <MenuItem value="">{m.queues.any}</MenuItem>
            {STATES.map((state) => (
              <MenuItem key={state} value={state}>
                {m.states[state]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={m.queues.verificationType}
            value={filters.verificationType}
            onChange={(e) => setParam('verificationType', e.target.value)}
            fullWidth
          >
            <MenuItem value="">{m.queues.any}</MenuItem>
            {VERIFICATION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {m.verificationTypes[type] ?? type}
              </MenuItem>
            ))}
          </TextField>
          <DayField
            label={m.queues.from}
            value={filters.from}
            onChange={(day) => setParam('from', day)}
            fullWidth
          />
          <DayField
            label={m.queues.to}
            value={filters.to}
            onChange={(day) => setParam('to', day)}
            fullWidth
          />
          <Button
            variant="text"
            disabled={!filtered}
            onClick={() => {
              setSearch('');
              setParams(queue === 'new' ? {} : { queue }, { replace: true });
            }}
            sx={{ justifySelf: 'start', alignSelf: 'center' }}
          >
            {m.queues.clearFilters}
          </Button>
        </Box>
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
            {m.queues.error}
          </Alert>
        ) : (
          <TableContainer
            // It scrolls sideways on a narrow screen: keyboard users reach it (axe's
            // scrollable-region-focusable), and it is named for what it holds.
            tabIndex={0}
            role="region"
            aria-label={m.queues.tableRegion(m.queues.tabs[queue])}
          >
            <Table size="small" aria-label={m.queues.tabs[queue]} aria-busy={isFetching}>
              <TableHead>
                <TableRow>
                  <TableCell>{m.queues.columns.candidate}</TableCell>
                  <TableCell>{m.queues.columns.organisation}</TableCell>
                  <TableCell>{m.queues.columns.form}</TableCell>
                  <TableCell>{m.queues.columns.state}</TableCell>
                  <TableCell>{m.queues.columns.deadline}</TableCell>
                  <TableCell>{m.queues.columns.submitted}</TableCell>
                  <TableCell>{m.queues.columns.assignee}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  [0, 1, 2, 3, 4].map((row) => (
                    <TableRow key={row}>
                      <TableCell colSpan={7}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {!isLoading && list.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                      {filtered ? m.queues.emptyFiltered : m.queues.empty}
                    </TableCell>
                  </TableRow>
                )}
                {list.map((item, index) => (
                  <TableRow
                    key={item.txnId}
                    hover
                    selected={index === selected}
                    data-row-index={index}
                    aria-selected={index === selected}
                    onClick={() => open(index)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>
                      <Button
                        variant="text"
                        size="small"
                        onClick={(e) => {
                          e.stopPropagation();
                          open(index);
                        }}
                        sx={{ p: 0, minWidth: 0, textAlign: 'left', fontWeight: 650 }}
                      >
                        {item.candidateName ?? m.queues.noName}
                      </Button>
                      <Typography variant="caption" component="p" color="text.secondary">
                        {item.mobileMasked} · {item.txnId.slice(0, 12)}
                      </Typography>
                    </TableCell>
                    <TableCell>{item.orgName}</TableCell>
                    <TableCell>{item.formName}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                        <Chip size="small" label={m.states[item.state]} />
                        {item.fastTrack && (
                          <Chip size="small" color="warning" icon={<BoltIcon />} label={m.queues.fastTrack} />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.deadline)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.submittedAt)}</TableCell>
                    <TableCell>{item.assignee?.name ?? m.queues.unassigned}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{
            p: 1.5,
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
            {isLoading
              ? m.app.loading
              : isError
                ? ''
                : m.queues.shown(list.length, Boolean(data?.nextCursor))}
          </Typography>
          <Button
            disabled={cursors.length === 0 || isFetching}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {m.queues.previous}
          </Button>
          <Button
            variant="outlined"
            disabled={!data?.nextCursor || isFetching}
            onClick={() => {
              if (data?.nextCursor) setCursors((c) => [...c, data.nextCursor as string]);
              setSelected(0);
            }}
          >
            {m.queues.next}
          </Button>
        </Stack>
      </Paper>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={m.queues.shortcuts} />
    </Stack>
  );
}
