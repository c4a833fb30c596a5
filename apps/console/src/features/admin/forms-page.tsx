import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PATHS } from '../../app/paths';
import { formatDate } from '../../messages';
import { adminApi } from './admin-api';
import { am } from './admin-messages';
import { LoadState, OrgSelect, PageHeader, TableScroll } from './admin-ui';

function OrgForms({ orgId }: { orgId: string }) {
  const forms = adminApi.useFormsQuery(orgId);
  const list = forms.data?.list ?? [];
  return (
    <Paper variant="outlined">
      <LoadState
        loading={forms.isLoading}
        error={forms.error}
        empty={list.length === 0}
        emptyText={am.forms.empty}
        onRetry={() => void forms.refetch()}
      >
        <TableScroll label={am.forms.title}>
          <Table aria-label={am.forms.title}>
            <TableHead>
              <TableRow>
                <TableCell>{am.forms.name}</TableCell>
                <TableCell>{am.forms.verifications}</TableCell>
                <TableCell>{am.forms.payment}</TableCell>
                <TableCell>{am.forms.expiry}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((form) => (
                <TableRow key={form.id} hover>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{form.name}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {form.id}
                    </Typography>
                  </TableCell>
                  <TableCell>{form.verifications.length}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={form.paymentRequired ? am.forms.paid : am.forms.free}
                      />
                      {form.expressAllowed && (
                        <Chip size="small" variant="outlined" label={am.forms.express} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {form.expiry === -1 ? (
                      am.forms.never
                    ) : form.isExpired ? (
                      <Chip size="small" color="warning" label={am.forms.expired} />
                    ) : (
                      formatDate(new Date(form.expiry * 1000).toISOString())
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="outlined"
                      component={RouterLink}
                      to={`${PATHS.admin}/forms/${encodeURIComponent(form.id)}`}
                      aria-label={`${am.common.edit} ${form.name}`}
                    >
                      {am.common.edit}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      </LoadState>
    </Paper>
  );
}

/** /admin/forms?org=: an organisation's forms. */
export default function FormsPage() {
  const [params, setParams] = useSearchParams();
  const orgId = params.get('org') ?? '';
  return (
    <>
      <PageHeader
        title={am.forms.title}
        intro={am.forms.intro}
        action={
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <OrgSelect value={orgId} onChange={(id) => setParams({ org: id })} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={!orgId}
              component={RouterLink}
              to={`${PATHS.admin}/forms/new?org=${encodeURIComponent(orgId)}`}
            >
              {am.forms.add}
            </Button>
          </Stack>
        }
      />
      {orgId ? <OrgForms key={orgId} orgId={orgId} /> : <Alert severity="info">{am.common.chooseOrg}</Alert>}
    </>
  );
}
