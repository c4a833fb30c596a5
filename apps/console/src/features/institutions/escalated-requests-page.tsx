import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { INSTITUTION_REQUEST_STATUSES, type InstitutionRequestStatus } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDate, m } from '../../messages';
import { im } from './institution-messages';
import { useInstitutionRequestListQuery } from './institutions-api';

const t = im.requests;
const LIMIT = 25;

/**
 * The team's queue of requests to institutions (issue 27): those escalated after their reminders by
 * default, any status on demand, each with a link to its case.
 */
export default function EscalatedRequestsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? 'escalated';
  const status = (INSTITUTION_REQUEST_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as InstitutionRequestStatus)
    : 'escalated';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const { data, isLoading, isFetching, isError, refetch } = useInstitutionRequestListQuery({
    status,
    offset,
    limit: LIMIT,
  });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const statusLabel = m.institutions.statuses[status] ?? status;
  const go = (next: Record<string, string>) => setParams(next, { replace: true });
  const columns = Object.values(t.columns);

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1">{t.title}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t.intro}
        </Typography>
      </Box>
      <Paper>
        <Box role="search" sx={{ p: 2 }}>
          <TextField
            select
            label={t.status}
            value={status}
            onChange={(event) => go(event.target.value === 'escalated' ? {} : { status: event.target.value })}
            sx={{ width: { xs: '100%', sm: 240 } }}
          >
            {INSTITUTION_REQUEST_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {m.institutions.statuses[value]}
              </MenuItem>
            ))}
          </TextField>
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
            {t.loadError}
          </Alert>
        ) : (
          <Box
            role="region"
            aria-label={t.tableLabel}
            tabIndex={0}
            sx={{ overflowX: 'auto', maxWidth: '100%' }}
          >
            <Table
              size="small"
              aria-label={t.tableLabel}
              aria-busy={isFetching}
              sx={{ '& th, & td': { px: 1 }, '& tr > :first-of-type': { pl: 2 } }}
            >
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column} align={column === t.columns.reminders ? 'right' : 'left'}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  [0, 1, 2].map((row) => (
                    <TableRow key={row}>
                      <TableCell colSpan={columns.length}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {!isLoading && items.length === 0 && (
                  <TableRow>
                    <TableCell
                      colSpan={columns.length}
                      sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
                    >
                      {t.empty(statusLabel)}
                    </TableCell>
                  </TableRow>
                )}
                {items.map((item) => (
                  <TableRow key={item.id} hover>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 650, minWidth: 120 }}>
                      <Link component={RouterLink} to={PATHS.case(item.txnId)}>
                        {item.candidateName}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ minWidth: 160 }}>{item.institution.name}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all', minWidth: 160 }}>{item.contactEmail}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={item.status === 'escalated' ? 'warning' : 'default'}
                        icon={item.status === 'escalated' ? <WarningIcon /> : undefined}
                        label={m.institutions.statuses[item.status] ?? item.status}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 110 }}>
                      {item.sentAt ? formatDate(item.sentAt) : t.waitingBatch}
                    </TableCell>
                    <TableCell align="right">{item.remindersSent}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {item.escalatedAt ? formatDate(item.escalatedAt) : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
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
              : total > 0
                ? im.directory.shown(offset + 1, offset + items.length, total)
                : ''}
          </Typography>
          <Button
            disabled={offset === 0 || isFetching}
            onClick={() =>
              go({
                ...(status === 'escalated' ? {} : { status }),
                offset: String(Math.max(0, offset - LIMIT)),
              })
            }
          >
            {im.directory.previous}
          </Button>
          <Button
            variant="outlined"
            disabled={offset + LIMIT >= total || isFetching}
            onClick={() =>
              go({ ...(status === 'escalated' ? {} : { status }), offset: String(offset + LIMIT) })
            }
          >
            {im.directory.next}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
