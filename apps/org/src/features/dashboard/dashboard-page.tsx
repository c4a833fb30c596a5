import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { ORG_BUCKETS, type OrgBucket, type OrgCandidateRow, type OrgFormSummary } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { m } from '../../messages';
import { dashboardApi, exportCandidates, type CandidateFilters } from './dashboard-api';
import { dm } from './dashboard-messages';
import { useLiveUpdates } from './use-live-updates';

const SEARCH_DELAY_MS = 300;
const PANEL_ID = 'candidates-panel';
const tabId = (bucket: string) => `bucket-tab-${bucket}`;
const DAY_MS = 86_400_000;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const errorMessage = (error: unknown) =>
  typeof error === 'object' && error && 'message' in error ? String(error.message) : m.app.unexpectedError;
const isBucket = (value: string | null): value is OrgBucket =>
  value !== null && (ORG_BUCKETS as readonly string[]).includes(value);

function CandidateItem({ row, now }: { row: OrgCandidateRow; now: number }) {
  const days = Math.max(0, Math.floor((now - new Date(row.bucketSince).getTime()) / DAY_MS));
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Paper
        variant="outlined"
        component={RouterLink}
        to={PATHS.candidate(row.transactionId)}
        aria-label={dm.open(row.name)}
        sx={{
          display: 'block',
          p: 2,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{row.name}</Typography>
          <Chip size="small" label={dm.buckets[row.bucket]} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[
            dm.mobile(row.mobile),
            dm.ageing(days),
            row.invitedAt ? dm.invited(day(row.invitedAt)) : null,
            row.expectedMaxDate ? dm.expected(day(row.expectedMaxDate)) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Paper>
    </Box>
  );
}

/** One keyset page of the list; the last one offers the next. */
function CandidatePage({
  filters,
  cursor,
  isFirst,
  isLast,
  onMore,
  now,
}: {
  filters: CandidateFilters;
  cursor: string | undefined;
  isFirst: boolean;
  isLast: boolean;
  onMore: (cursor: string) => void;
  now: number;
}) {
  const page = dashboardApi.useCandidatePageQuery({ ...filters, ...(cursor ? { cursor } : {}) });
  if (page.isLoading)
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
        <CircularProgress size={24} aria-label={m.app.loading} />
      </Box>
    );
  if (page.isError)
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void page.refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {dm.loadFailed} {errorMessage(page.error)}
        </Alert>
      </Box>
    );
  const data = page.data;
  if (!data) return null;
  if (isFirst && data.list.length === 0)
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
        <Typography color="text.secondary">{filters.q ? dm.noMatch(filters.q) : dm.empty}</Typography>
      </Box>
    );
  const next = data.nextCursor;
  return (
    <>
      {data.list.map((row) => (
        <CandidateItem key={row.transactionId} row={row} now={now} />
      ))}
      {isLast && next && (
        <Box component="li" sx={{ listStyle: 'none' }}>
          <Button variant="outlined" onClick={() => onMore(next)} disabled={page.isFetching}>
            {dm.loadMore}
          </Button>
        </Box>
      )}
    </>
  );
}

function CandidateList({ filters }: { filters: CandidateFilters }) {
  // The cursors of the pages shown; a new filter starts again from the first page.
  const key = `${filters.formId}|${filters.bucket ?? ''}|${filters.q ?? ''}`;
  const [pages, setPages] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key,
    cursors: [undefined],
  });
  const cursors = pages.key === key ? pages.cursors : [undefined];
  // The ageing's "now": when the list was opened.
  const [now] = useState(Date.now);
  return (
    <Stack component="ul" aria-label={dm.listLabel} spacing={1} sx={{ p: 0, m: 0 }}>
      {cursors.map((cursor, index) => (
        <CandidatePage
          key={cursor ?? ''}
          filters={filters}
          cursor={cursor}
          isFirst={index === 0}
          isLast={index === cursors.length - 1}
          onMore={(next) => setPages({ key, cursors: [...cursors, next] })}
          now={now}
        />
      ))}
    </Stack>
  );
}

function BucketTabs({
  form,
  bucket,
  onChange,
}: {
  form: OrgFormSummary;
  bucket: OrgBucket | undefined;
  onChange: (bucket: OrgBucket | undefined) => void;
}) {
  const total = ORG_BUCKETS.reduce((sum, b) => sum + (form.counts[b] ?? 0), 0);
  return (
    <Tabs
      value={bucket ?? 'all'}
      onChange={(_event, value: string) => onChange(isBucket(value) ? value : undefined)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={dm.bucketsLabel}
      sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Tab value="all" label={dm.tab(dm.all, total)} id={tabId('all')} aria-controls={PANEL_ID} />
      {ORG_BUCKETS.map((b) => (
        <Tab
          key={b}
          value={b}
          label={dm.tab(dm.buckets[b], form.counts[b] ?? 0)}
          id={tabId(b)}
          aria-controls={PANEL_ID}
        />
      ))}
    </Tabs>
  );
}

/** The organisation's candidates by form and state, live (issue 28). */
export default function DashboardPage() {
  useLiveUpdates();
  const forms = dashboardApi.useOrgFormsQuery();
  const [params, setParams] = useSearchParams();
  const list = forms.data?.list ?? [];
  const form = list.find((f) => f.formId === params.get('form')) ?? list[0];
  const bucketParam = params.get('bucket');
  const bucket = isBucket(bucketParam) ? bucketParam : undefined;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [exportError, setExportError] = useState(false);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // The search waits for a pause in the typing.
  useEffect(() => {
    const value = search.trim();
    if (value === q) return;
    const timer = setTimeout(() => update({ q: value || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is a fresh closure each render
  }, [search, q]);

  const filters = useMemo<CandidateFilters | null>(
    () => (form ? { formId: form.formId, ...(bucket ? { bucket } : {}), ...(q ? { q } : {}) } : null),
    [form, bucket, q],
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <div>
        <Typography variant="h1">{dm.title}</Typography>
        <Typography color="text.secondary">{dm.intro}</Typography>
      </div>
      {forms.isLoading && <CircularProgress aria-label={m.app.loading} />}
      {forms.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void forms.refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {dm.formsFailed} {errorMessage(forms.error)}
        </Alert>
      )}
      {forms.data && !form && <Typography color="text.secondary">{dm.noForms}</Typography>}
      {form && filters && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              select
              label={dm.form}
              value={form.formId}
              onChange={(event) => update({ form: event.target.value, bucket: undefined })}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {list.map((f) => (
                <MenuItem key={f.formId} value={f.formId}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={dm.search}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              helperText={dm.searchHelp}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              sx={{ mt: { sm: 1 }, flexShrink: 0 }}
              onClick={() => {
                setExportError(false);
                exportCandidates(filters).catch(() => setExportError(true));
              }}
            >
              {dm.export}
            </Button>
          </Stack>
          {exportError && <Alert severity="error">{dm.exportFailed}</Alert>}
          <BucketTabs form={form} bucket={bucket} onChange={(next) => update({ bucket: next })} />
          <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(bucket ?? 'all')}>
            <CandidateList filters={filters} />
          </Box>
        </>
      )}
    </Stack>
  );
}
