import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Button, Chip, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PATHS } from '../../app/paths';
import { formatDate } from '../../messages';
import { adminApi } from './admin-api';
import { am } from './admin-messages';
import { ListTable, OrgSelect, PageHeader } from './admin-ui';

function OrgForms({ orgId }: { orgId: string }) {
  const forms = adminApi.useFormsQuery(orgId);
  const list = forms.data?.list ?? [];
  return (
    <Paper variant="outlined">
      <ListTable
        query={forms}
        items={list}
        emptyText={am.forms.empty}
        label={am.forms.title}
        columns={[am.forms.name, am.forms.verifications, am.forms.payment, am.forms.expiry, '']}
      >
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
                {form.expressAllowed && <Chip size="small" variant="outlined" label={am.forms.express} />}
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
      </ListTable>
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
