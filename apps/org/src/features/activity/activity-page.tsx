import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import type { OrgActivityEntry } from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { m } from '../../messages';
import { activityApi } from './activity-api';
import { am } from './activity-messages';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({ entry }: { entry: OrgActivityEntry }) {
  const who = entry.actor ? `${entry.actor.name} (${entry.actor.email})` : am.system;
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.25, sm: 2 }}
      sx={{ py: 1.25, justifyContent: 'space-between', minWidth: 0 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{am.actions[entry.action] ?? entry.action}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {who}
          {entry.targetType ? ` · ${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}` : ''}
        </Typography>
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        component="time"
        dateTime={entry.at}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {when(entry.at)}
      </Typography>
    </Stack>
  );
}

/** The owner's Activity page: the organisation's audit, newest first, a page at a time. */
export default function ActivityPage() {
  // The cursors of the pages walked: the last one is shown; Newer goes back one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const page = activityApi.useOrgActivityQuery(cursor);
  const list = page.data?.list ?? [];
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <div>
        <Typography variant="h1">{am.title}</Typography>
        <Typography color="text.secondary">{am.intro}</Typography>
      </div>
      {page.isFetching && !page.data && <CircularProgress aria-label={m.app.loading} />}
      {page.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void page.refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {am.loadFailed} {isOrgQueryError(page.error) ? page.error.message : ''}
        </Alert>
      )}
      {page.data && list.length === 0 && <Typography color="text.secondary">{am.empty}</Typography>}
      {list.length > 0 && (
        <Stack
          component="ul"
          aria-label={am.listLabel}
          divider={<Divider component="li" aria-hidden />}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {list.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {(cursors.length > 1 || page.data?.nextCursor) && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            disabled={cursors.length <= 1 || page.isFetching}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {am.newer}
          </Button>
          <Typography color="text.secondary">{am.page(cursors.length)}</Typography>
          <Button
            variant="outlined"
            disabled={!page.data?.nextCursor || page.isFetching}
            onClick={() => {
              const next = page.data?.nextCursor;
              if (next) setCursors((c) => [...c, next]);
            }}
          >
            {am.older}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
