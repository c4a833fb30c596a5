import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, Chip, Link, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { BreachVersionInput } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../messages';
import { ListTable, PageHeader, errorText } from './admin-ui';
import { BreachFormDialog } from './breach-form';
import { bm } from './breach-messages';
import { breachesApi } from './breaches-api';

export const breachPath = (id: string) => `${PATHS.admin}/breaches/${encodeURIComponent(id)}`;

/** The breach register (issue 29, ADR 0049): every entry newest first, and a new one. */
export default function BreachesPage() {
  const breaches = breachesApi.useBreachesQuery();
  const [create, created] = breachesApi.useCreateBreachMutation();
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const list = breaches.data?.list ?? [];

  async function submit(input: BreachVersionInput) {
    setServerError(null);
    try {
      const made = await create(input).unwrap();
      setOpen(false);
      void navigate(breachPath(made.id));
    } catch (error) {
      setServerError(errorText(error));
    }
  }

  return (
    <>
      <PageHeader
        title={bm.title}
        intro={bm.intro}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
            {bm.add}
          </Button>
        }
      />
      <Paper variant="outlined">
        <ListTable
          query={breaches}
          items={list}
          emptyText={bm.empty}
          label={bm.listLabel}
          columns={[
            bm.columns.title,
            bm.columns.found,
            bm.columns.data,
            { label: bm.columns.affected, align: 'right' },
            bm.columns.board,
            { label: bm.columns.sent, align: 'right' },
          ]}
        >
          {list.map((b) => (
            <TableRow key={b.id} hover>
              <TableCell>
                <Link component={RouterLink} to={breachPath(b.id)} sx={{ fontWeight: 600 }}>
                  {b.current.title}
                </Link>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {bm.version(b.current.version)}
                </Typography>
              </TableCell>
              <TableCell>{formatDateTime(b.current.foundAt)}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {b.current.dataClasses.map((c) => (
                    <Chip key={c} size="small" variant="outlined" label={bm.dataClass[c]} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right">{b.current.affectedCount}</TableCell>
              <TableCell>
                {b.current.boardNotifiedAt ? formatDateTime(b.current.boardNotifiedAt) : bm.notYet}
              </TableCell>
              <TableCell align="right">{b.sent}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {open && (
        <BreachFormDialog
          onClose={() => {
            setOpen(false);
            setServerError(null);
          }}
          onSubmit={(input) => void submit(input)}
          submitting={created.isLoading}
          serverError={serverError}
        />
      )}
    </>
  );
}
