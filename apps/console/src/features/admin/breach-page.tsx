import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Paper,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { BreachAffected, BreachDetail, BreachVersion, BreachVersionInput } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../messages';
import { DateTimeField, isLocalDateTime } from '../../components/date-time-field';
import { FormDialog, ListTable, LoadState, errorText } from './admin-ui';
import { BreachFormDialog, fromLocalInput, toLocalInput } from './breach-form';
import { bm } from './breach-messages';
import { breachesApi } from './breaches-api';

function selectorText(affected: BreachAffected): string {
  if (affected.kind === 'all') return bm.everyone;
  return bm.selector([
    ...(affected.orgId ? [bm.selectorOrg(affected.orgId)] : []),
    ...(affected.formId ? [bm.selectorForm(affected.formId)] : []),
    ...(affected.createdFrom ? [bm.selectorFrom(formatDateTime(affected.createdFrom))] : []),
    ...(affected.createdTo ? [bm.selectorTo(formatDateTime(affected.createdTo))] : []),
  ]);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One version: its facts and the notice the people read. */
function VersionView({ v, matchingNow }: { v: BreachVersion; matchingNow?: number }) {
  return (
    <Stack spacing={1.5}>
      <Fact label={bm.whenFound}>{formatDateTime(v.foundAt)}</Fact>
      <Fact label={bm.period}>
        {v.occurredFrom || v.occurredTo
          ? `${formatDateTime(v.occurredFrom)} – ${formatDateTime(v.occurredTo)}`
          : bm.unknown}
      </Fact>
      <Fact label={bm.dataLabel}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {v.dataClasses.map((c) => (
            <Chip key={c} size="small" variant="outlined" label={bm.dataClass[c]} />
          ))}
        </Stack>
      </Fact>
      <Fact label={bm.whose}>
        {selectorText(v.affected)}
        <Typography variant="body2" color="text.secondary">
          {bm.matched(v.affectedCount, matchingNow ?? v.affectedCount)}
        </Typography>
      </Fact>
      <Fact label={bm.board}>{v.boardNotifiedAt ? formatDateTime(v.boardNotifiedAt) : bm.notYet}</Fact>
      <Fact label={bm.preview}>
        {(['whatHappened', 'consequences', 'actionsTaken', 'whatTheyCanDo'] as const).map((key) => (
          <Typography key={key} variant="body2" sx={{ mb: 0.5 }}>
            <strong>{bm.notice[key]}:</strong> {v.notice.en[key]}
            {v.notice.hi && (
              <Box component="span" lang="hi" sx={{ display: 'block', color: 'text.secondary' }}>
                {v.notice.hi[key]}
              </Box>
            )}
          </Typography>
        ))}
        {!v.notice.hi && (
          <Typography variant="body2" color="text.secondary">
            {bm.noHindi}
          </Typography>
        )}
      </Fact>
      <Typography variant="caption" color="text.secondary">
        {bm.by(v.authorName ?? bm.someone, formatDateTime(v.at))}
      </Typography>
    </Stack>
  );
}

function BreachView({ breach }: { breach: BreachDetail }) {
  const [dialog, setDialog] = useState<'version' | 'board' | 'notify' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [boardAt, setBoardAt] = useState(() => toLocalInput(new Date().toISOString()));
  // Said once Save is pressed: a date or time missing or half typed.
  const [boardShown, setBoardShown] = useState(false);
  const boardError =
    boardShown && !isLocalDateTime(boardAt) ? (boardAt ? bm.dateAndTime : bm.required) : undefined;
  const [addVersion, adding] = breachesApi.useAddBreachVersionMutation();
  const [markBoard, marking] = breachesApi.useMarkBoardNotifiedMutation();
  const [notify, notifying] = breachesApi.useNotifyBreachMutation();
  const { current } = breach;
  const close = () => {
    setDialog(null);
    setServerError(null);
    setBoardShown(false);
  };
  async function run(action: () => Promise<string>) {
    setServerError(null);
    try {
      setDone(await action());
      setDialog(null);
    } catch (error) {
      setServerError(errorText(error));
    }
  }
  const saveVersion = (body: BreachVersionInput) =>
    void run(async () => {
      const saved = await addVersion({ id: breach.id, body }).unwrap();
      return bm.version(saved.current.version);
    });

  return (
    <>
      <Link component={RouterLink} to={`${PATHS.admin}/breaches`}>
        {bm.back}
      </Link>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {current.title}
          </Typography>
          <Typography color="text.secondary">{bm.version(current.version)}</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => setDialog('version')}>
            {bm.addVersion}
          </Button>
          <Button variant="outlined" onClick={() => setDialog('board')}>
            {bm.markBoard}
          </Button>
          <Button variant="contained" onClick={() => setDialog('notify')}>
            {bm.notify}
          </Button>
        </Stack>
      </Stack>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="breach-facts"
          sx={{ p: 2.5, flex: 2, width: '100%' }}
        >
          <Typography variant="h2" id="breach-facts" sx={{ fontSize: '1.1rem', mb: 2 }}>
            {bm.facts}
          </Typography>
          <VersionView v={current} matchingNow={breach.matchingNow} />
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="breach-sends"
          sx={{ p: 2.5, flex: 1, width: '100%' }}
        >
          <Typography variant="h2" id="breach-sends" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {bm.sends}
          </Typography>
          <ListTable
            query={{ isLoading: false, refetch: () => undefined }}
            items={breach.sends}
            emptyText={bm.sendsEmpty}
            label={bm.sendsLabel}
            size="small"
            columns={[
              bm.sendsColumns.version,
              { label: bm.sendsColumns.queued, align: 'right' },
              { label: bm.sendsColumns.sent, align: 'right' },
              { label: bm.sendsColumns.failed, align: 'right' },
            ]}
          >
            {breach.sends.map((s) => (
              <TableRow key={s.version}>
                <TableCell>{s.version}</TableCell>
                <TableCell align="right">{s.queued}</TableCell>
                <TableCell align="right">{s.sent}</TableCell>
                <TableCell align="right">{s.failed}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        </Paper>
      </Stack>
      {breach.versions.length > 1 && (
        <Box component="section" aria-labelledby="breach-history" sx={{ mt: 3 }}>
          <Typography variant="h2" id="breach-history" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {bm.history}
          </Typography>
          <Stack spacing={2}>
            {breach.versions.slice(1).map((v) => (
              <Paper key={v.version} variant="outlined" sx={{ p: 2.5 }}>
                <Typography
                  variant="h3"
                  sx={{ fontSize: '1rem', fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}
                >
                  {bm.version(v.version)}: {v.title}
                </Typography>
                <VersionView v={v} />
              </Paper>
            ))}
          </Stack>
        </Box>
      )}

      {dialog === 'version' && (
        <BreachFormDialog
          from={current}
          onClose={close}
          onSubmit={saveVersion}
          submitting={adding.isLoading}
          serverError={serverError}
        />
      )}
      {dialog === 'board' && (
        <FormDialog
          title={bm.boardTitle}
          onClose={close}
          submitLabel={bm.save}
          submitting={marking.isLoading}
          serverError={serverError}
          onSubmit={(event) => {
            event.preventDefault();
            setBoardShown(true);
            if (!isLocalDateTime(boardAt)) return;
            const notifiedAt = fromLocalInput(boardAt);
            if (!notifiedAt) return;
            void run(async () => {
              const saved = await markBoard({ id: breach.id, notifiedAt }).unwrap();
              return bm.version(saved.current.version);
            });
          }}
        >
          <Typography color="text.secondary">{bm.boardIntro}</Typography>
          <DateTimeField
            label={bm.boardAt}
            required
            value={boardAt}
            onChange={(value) => {
              setBoardAt(value);
              setBoardShown(false);
            }}
            error={boardError !== undefined}
            helperText={boardError}
          />
        </FormDialog>
      )}
      <Dialog open={dialog === 'notify'} onClose={close} maxWidth="sm" fullWidth>
        <DialogTitle>{bm.notifyTitle}</DialogTitle>
        <DialogContent>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <DialogContentText>
            {breach.matchingNow > 0 ? bm.notifyBody(breach.matchingNow, current.version) : bm.notifyNone}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{bm.cancel}</Button>
          <Button
            variant="contained"
            disabled={notifying.isLoading || breach.matchingNow === 0}
            onClick={() =>
              void run(async () => {
                const result = await notify({ id: breach.id, version: current.version }).unwrap();
                return bm.notified(result.queued, result.already);
              })
            }
          >
            {bm.notifySend}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** One breach (issue 29): its current version, its notices, its history; corrections and notices. */
export default function BreachPage() {
  const { breachId = '' } = useParams();
  const breach = breachesApi.useBreachQuery(breachId);
  return (
    <LoadState
      loading={breach.isLoading}
      error={breach.error}
      empty={!breach.data}
      emptyText={bm.notFound}
      onRetry={() => void breach.refetch()}
    >
      {breach.data && <BreachView breach={breach.data} />}
    </LoadState>
  );
}
