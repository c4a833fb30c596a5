import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import type { InviteBatch, InviteBatchChecked, InviteBatchRow } from '@veridocs/shared';
import { api, isOrgQueryError } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { downloadBatchResult, inviteApi } from './invite-api';
import { im } from './invite-messages';

/** Out of sight but still focusable: the label button opens it, and the keyboard reaches it. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const errorText = (error: unknown) => (isOrgQueryError(error) ? error.message : im.unexpected);

/** The batch's rows in a table that scrolls inside its own box on a narrow screen. */
function RowsTable({
  rows,
  label,
  withReason,
}: {
  rows: InviteBatchRow[];
  label: string;
  withReason: boolean;
}) {
  return (
    // Scrolls by itself on a phone: focusable and named, so a keyboard can scroll it too.
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ maxHeight: 360 }}
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{im.file.row}</TableCell>
            <TableCell>{im.file.name}</TableCell>
            <TableCell>{im.file.mobile}</TableCell>
            <TableCell>{withReason ? im.file.reason : im.file.form}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.row}>
              <TableCell>{row.row}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.mobile}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                {withReason ? row.reason : row.formId}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One upload: its counts, the preview from the check, sending and its progress, the result. */
function BatchView({
  batchId,
  preview,
  onClose,
}: {
  batchId: string;
  preview: InviteBatchChecked | null;
  onClose: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [send] = inviteApi.useSendInviteBatchMutation();
  // Polls every 2 s while the batch is sending; stops once the server says it is sent.
  const [poll, setPoll] = useState(false);
  const query = inviteApi.useInviteBatchQuery(batchId, { pollingInterval: poll ? 2000 : 0 });
  const batch: InviteBatch | undefined =
    query.data ?? (preview?.batch.id === batchId ? preview.batch : undefined);
  const shouldPoll = batch?.status === 'sending';
  if (shouldPoll !== poll) setPoll(shouldPoll);
  // Once sent, the recent uploads show the new status too.
  const dispatch = useAppDispatch();
  const status = batch?.status;
  useEffect(() => {
    if (status === 'sent') dispatch(api.util.invalidateTags([{ type: 'Batches', id: 'LIST' }]));
  }, [dispatch, status]);

  if (!batch) {
    if (query.isError)
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {im.retry}
            </Button>
          }
        >
          {im.file.batchFailed}
        </Alert>
      );
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 80 }}>
        <CircularProgress aria-label={im.file.progressLabel} />
      </Box>
    );
  }

  const sendNow = async () => {
    setError(null);
    setSending(true);
    const result = await send(batch.id);
    setSending(false);
    if ('error' in result) setError(errorText(result.error));
  };
  const done = batch.sent + batch.failed;
  const percent = batch.valid === 0 ? 100 : Math.min(100, Math.round((done / batch.valid) * 100));
  const showPreview = preview?.batch.id === batch.id;

  return (
    <Stack spacing={2} component="section" aria-label={im.file.batchTitle(batch.fileName)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {im.file.batchTitle(batch.fileName)}
        </Typography>
        <Chip size="small" variant="outlined" label={im.file.statuses[batch.status]} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={onClose}>
          {im.file.close}
        </Button>
      </Stack>
      <Typography>{im.file.counts(batch)}</Typography>
      {error && <Alert severity="error">{error}</Alert>}

      {showPreview && preview.refusedRows.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
            {im.file.refusedTitle}
          </Typography>
          <RowsTable rows={preview.refusedRows} label={im.file.refusedLabel} withReason />
        </Box>
      )}
      {showPreview && batch.status === 'checked' && preview.validPreview.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
            {im.file.validTitle}
          </Typography>
          <RowsTable rows={preview.validPreview} label={im.file.validLabel} withReason={false} />
        </Box>
      )}

      {batch.status === 'checked' &&
        (batch.valid > 0 ? (
          <Box>
            <Button variant="contained" disabled={sending} onClick={() => void sendNow()}>
              {im.file.send(batch.valid)}
            </Button>
          </Box>
        ) : (
          <Alert severity="warning">{im.file.nothingToSend}</Alert>
        ))}

      {(batch.status === 'sending' || batch.status === 'sent') && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={batch.status === 'sent' ? 100 : percent}
            aria-label={im.file.progressLabel}
            sx={{ height: 8, borderRadius: 1, mb: 1 }}
          />
          <Typography role="status">
            {batch.status === 'sent' ? im.file.done(batch) : im.file.progress(batch)}
          </Typography>
        </Box>
      )}
      {batch.status === 'sent' && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => {
              setError(null);
              downloadBatchResult(batch).catch(() => setError(im.file.downloadFailed));
            }}
          >
            {im.file.download}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function RecentUploads({ onOpen }: { onOpen: (id: string) => void }) {
  const list = inviteApi.useInviteBatchesQuery();
  return (
    <Box>
      <Typography variant="h3" id="recent-uploads" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {im.file.recentTitle}
      </Typography>
      {list.isLoading ? (
        <CircularProgress size={24} aria-label={im.file.recentLabel} />
      ) : list.isError || !list.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void list.refetch()}>
              {im.retry}
            </Button>
          }
        >
          {im.file.recentFailed}
        </Alert>
      ) : list.data.list.length === 0 ? (
        <Typography color="text.secondary">{im.file.recentEmpty}</Typography>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          aria-labelledby="recent-uploads"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {list.data.list.map((batch) => (
            <Box
              component="li"
              key={batch.id}
              sx={{
                p: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{batch.fileName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {im.file.uploadedAt(batch.createdAt)} · {im.file.counts(batch)}
                </Typography>
              </Box>
              <Chip size="small" variant="outlined" label={im.file.statuses[batch.status]} />
              <Button
                size="small"
                aria-label={im.file.openOf(batch.fileName)}
                onClick={() => onOpen(batch.id)}
              >
                {im.file.open}
              </Button>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}

/** Many candidates: a CSV or XLSX checked into a batch, then sent; the batch id stays in the URL (?batch=). */
export function InviteFile() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<InviteBatchChecked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [check, checking] = inviteApi.useCheckInviteFileMutation();

  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('batch', id);
        else next.delete('batch');
        return next;
      },
      { replace: false },
    );

  const upload = async () => {
    setError(null);
    if (!file) {
      setError(im.file.noFile);
      return;
    }
    const result = await check(file);
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    setPreview(result.data);
    setFile(null);
    if (input.current) input.current.value = '';
    open(result.data.batch.id);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-file-title" sx={{ p: 2 }}>
      <Typography id="invite-file-title" variant="h2" sx={{ mb: 1 }}>
        {im.file.title}
      </Typography>
      <Stack spacing={2.5}>
        <Box>
          <Typography color="text.secondary">{im.file.columns}</Typography>
          <Typography color="text.secondary">{im.file.xlsx}</Typography>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          {/* One control: the button opens the file picker of an input kept out of the tab order. */}
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
            {im.file.choose}
          </Button>
          <input
            ref={input}
            type="file"
            tabIndex={-1}
            aria-hidden
            style={visuallyHidden}
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={im.file.choose}
            onChange={(event) => {
              setError(null);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <Button variant="contained" disabled={checking.isLoading} onClick={() => void upload()}>
            {checking.isLoading ? im.file.checking : im.file.check}
          </Button>
        </Stack>
        {file && <Typography sx={{ overflowWrap: 'anywhere' }}>{im.file.chosen(file.name)}</Typography>}
        {batchId && (
          <BatchView key={batchId} batchId={batchId} preview={preview} onClose={() => open(null)} />
        )}
        <RecentUploads onOpen={open} />
      </Stack>
    </Paper>
  );
}
