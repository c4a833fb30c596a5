import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  adminStaffCreateSchema,
  STAFF_ROLES,
  type AdminStaff,
  type AdminStaffCreate,
} from '@veridocs/shared';
import { useSession } from '../../app/use-session';
import { formatDateTime, m } from '../../messages';
import { adminApi } from './admin-api';
import { am } from './admin-messages';
import { errorText, FormDialog, ListTable, PageHeader, ShownOnceDialog } from './admin-ui';

function CreateStaffDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (email: string, password: string | null) => void;
}) {
  const [createStaff] = adminApi.useCreateStaffMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<AdminStaffCreate>({
    resolver: zodResolver(adminStaffCreateSchema) as never,
    defaultValues: { email: '', name: '', role: 'verifier' },
  });
  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await createStaff({ ...values, ...(values.password ? {} : { password: undefined }) });
    if ('error' in result) return setServerError(errorText(result.error));
    onCreated(result.data.staff.email, result.data.password);
  });
  return (
    <FormDialog
      title={am.staff.add}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={am.common.create}
      submitting={formState.isSubmitting}
      serverError={serverError}
    >
      <TextField
        label={am.staff.name}
        required
        autoFocus
        {...register('name')}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message}
      />
      <TextField
        label={am.staff.email}
        type="email"
        required
        {...register('email')}
        error={Boolean(formState.errors.email)}
        helperText={formState.errors.email?.message}
      />
      <TextField select label={am.staff.role} defaultValue="verifier" {...register('role')}>
        {STAFF_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {m.roles[role]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={am.staff.password}
        type="password"
        autoComplete="new-password"
        {...register('password', { setValueAs: (v: string) => (v ? v : undefined) })}
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message ?? am.staff.passwordHelp}
      />
    </FormDialog>
  );
}

/** Confirms disabling an account or resetting its password (optionally choosing the new one). */
function ConfirmDialog({
  staff,
  kind,
  onClose,
  onDone,
}: {
  staff: AdminStaff;
  kind: 'disable' | 'reset';
  onClose: () => void;
  onDone: (password: string | null) => void;
}) {
  const [setDisabled] = adminApi.useSetDisabledMutation();
  const [resetPassword] = adminApi.useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tooShort = password !== '' && password.length < 12;
  async function confirm() {
    setError(null);
    const result =
      kind === 'disable'
        ? await setDisabled({ staffId: staff.id, disabled: true })
        : await resetPassword({ staffId: staff.id, ...(password ? { password } : {}) });
    if ('error' in result) return setError(errorText(result.error));
    onDone(kind === 'reset' && 'password' in result.data ? result.data.password : null);
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{kind === 'disable' ? am.staff.disable : am.staff.resetPassword}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <DialogContentText>
            {kind === 'disable' ? am.staff.disableConfirm(staff.name) : am.staff.resetConfirm(staff.name)}
          </DialogContentText>
          {kind === 'reset' && (
            <TextField
              label={am.staff.newPassword}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={tooShort}
              helperText={tooShort ? 'At least 12 characters' : am.staff.passwordHelp}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{am.common.cancel}</Button>
        <Button
          variant="contained"
          color={kind === 'disable' ? 'error' : 'primary'}
          disabled={tooShort}
          onClick={() => void confirm()}
        >
          {kind === 'disable' ? am.staff.disable : am.staff.resetPassword}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /admin/staff: accounts, roles, disable/enable, password resets. */
export default function StaffPage() {
  const staff = adminApi.useStaffQuery();
  const session = useSession();
  const [setRole] = adminApi.useSetRoleMutation();
  const [setDisabled] = adminApi.useSetDisabledMutation();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ staff: AdminStaff; kind: 'disable' | 'reset' } | null>(null);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = staff.data?.list ?? [];
  const meId = session?.staff.id;

  async function changeRole(row: AdminStaff, role: AdminStaff['role']) {
    setError(null);
    const result = await setRole({ staffId: row.id, role });
    if ('error' in result) setError(errorText(result.error));
  }

  return (
    <>
      <PageHeader
        title={am.staff.title}
        intro={am.staff.intro}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {am.staff.add}
          </Button>
        }
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Paper variant="outlined">
        <ListTable
          query={staff}
          items={list}
          emptyText={am.staff.title}
          label={am.staff.title}
          columns={[
            am.staff.name,
            am.staff.email,
            am.staff.role,
            am.staff.status,
            am.staff.lastSignIn,
            { align: 'right' },
          ]}
        >
          {list.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>
                  {row.name}
                  {row.id === meId && (
                    <Typography component="span" color="text.secondary">
                      {` (${am.staff.you})`}
                    </Typography>
                  )}
                </Typography>
              </TableCell>
              <TableCell>{row.email}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={row.role}
                  onChange={(event) => void changeRole(row, event.target.value as AdminStaff['role'])}
                  slotProps={{ htmlInput: { 'aria-label': `${am.staff.role}: ${row.name}` } }}
                  sx={{ minWidth: 130 }}
                >
                  {STAFF_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {m.roles[role]}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                {row.disabledAt ? (
                  <Chip size="small" label={am.staff.disabled} />
                ) : row.lockedUntil && new Date(row.lockedUntil) > new Date() ? (
                  <Chip size="small" color="warning" label={am.staff.locked} />
                ) : (
                  <Chip size="small" color="success" variant="outlined" label={am.staff.active} />
                )}
              </TableCell>
              <TableCell>{formatDateTime(row.lastSignInAt)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    size="small"
                    sx={{ whiteSpace: 'nowrap' }}
                    onClick={() => setConfirm({ staff: row, kind: 'reset' })}
                  >
                    {am.staff.resetPassword}
                  </Button>
                  {row.disabledAt ? (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() =>
                        void setDisabled({ staffId: row.id, disabled: false }).then((r) => {
                          if ('error' in r) setError(errorText(r.error));
                        })
                      }
                    >
                      {am.staff.enable}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      onClick={() => setConfirm({ staff: row, kind: 'disable' })}
                    >
                      {am.staff.disable}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {creating && (
        <CreateStaffDialog
          onClose={() => setCreating(false)}
          onCreated={(email, password) => {
            setCreating(false);
            if (password) setShown({ email, password });
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          staff={confirm.staff}
          kind={confirm.kind}
          onClose={() => setConfirm(null)}
          onDone={(password) => {
            const email = confirm.staff.email;
            setConfirm(null);
            if (password) setShown({ email, password });
          }}
        />
      )}
      <ShownOnceDialog
        title={am.staff.generatedTitle}
        label={shown ? am.staff.generated(shown.email) : ''}
        secret={shown?.password ?? null}
        onClose={() => setShown(null)}
      />
    </>
  );
}
