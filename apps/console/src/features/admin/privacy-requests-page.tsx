import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Chip,
  Link,
  MenuItem,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyTicketKind,
  type PrivacyTicketOps,
  type PrivacyTicketStatus,
} from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDate } from '../../messages';
import { ListTable, PageHeader } from './admin-ui';
import { privacyRequestsApi } from './privacy-requests-api';
import { prm } from './privacy-requests-messages';

export const privacyRequestPath = (id: string) => `${PATHS.admin}/privacy-requests/${encodeURIComponent(id)}`;

const summary = (r: PrivacyTicketOps) => r.subject ?? (r.category ? prm.category[r.category] : r.text);

/** Every correction request and grievance (issue 29): filters, open first by due date, overdue marked. */
export default function PrivacyRequestsPage() {
  const [kind, setKind] = useState<PrivacyTicketKind | ''>('');
  const [status, setStatus] = useState<PrivacyTicketStatus | ''>('open');
  const query = privacyRequestsApi.usePrivacyRequestsQuery({
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  });
  const list = query.data?.list ?? [];
  return (
    <>
      <PageHeader title={prm.title} intro={prm.intro} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={prm.kindLabel}
          value={kind}
          onChange={(e) => setKind(e.target.value as PrivacyTicketKind | '')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{prm.all}</MenuItem>
          {PRIVACY_REQUEST_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {prm.kind[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={prm.statusLabel}
          value={status}
          onChange={(e) => setStatus(e.target.value as PrivacyTicketStatus | '')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{prm.all}</MenuItem>
          {PRIVACY_REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {prm.status[s]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Paper variant="outlined">
        <ListTable
          query={query}
          items={list}
          emptyText={prm.empty}
          label={prm.listLabel}
          columns={[
            prm.columns.reference,
            prm.columns.kind,
            prm.columns.subject,
            prm.columns.filed,
            prm.columns.due,
            prm.columns.status,
          ]}
        >
          {list.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell>
                <Link component={RouterLink} to={privacyRequestPath(r.id)} sx={{ fontWeight: 600 }}>
                  {r.reference}
                </Link>
              </TableCell>
              <TableCell>{prm.kind[r.kind]}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography noWrap variant="body2">
                  {summary(r)}
                </Typography>
              </TableCell>
              <TableCell>{formatDate(r.createdAt)}</TableCell>
              <TableCell>
                {formatDate(r.dueAt)}
                {r.overdue && <Chip size="small" color="error" label={prm.overdue} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>
                {prm.status[r.status]}
                {r.outcome && ` · ${prm.outcome[r.outcome]}`}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
    </>
  );
}
