import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import {
  ERROR_CODES,
  ORG_ROLES,
  orgUserInviteRequestSchema,
  type OrgRole,
  type OrgUserInvitation,
  type OrgUserInviteRequest,
  type OrgUserRow,
} from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { useSession } from '../../app/use-session';
import { usersApi } from './users-api';
import { um } from './users-messages';

const errorText = (error: unknown) => (isOrgQueryError(error) ? error.message : um.unexpected);

function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (email: string) => void }) {
  const [invite] = usersApi.useInviteOrgUserMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<OrgUserInviteRequest>({
    resolver: zodResolver(orgUserInviteRequestSchema),
    defaultValues: { name: '', email: '', role: 'manager' },
  });
  const submit = handleSubmit(async (body) => {
    setServerError(null);
    const result = await invite(body);
    if ('error' in result) {
      if (isOrgQueryError(result.error) && result.error.code === ERROR_CODES.ORG_USER_EMAIL_TAKEN.code)
        setError('email', { message: result.error.message });
      else setServerError(errorText(result.error));
      return;
    }
    onSent(result.data.email);
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{um.inviteTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DialogContentText>{um.inviteIntro}</DialogContentText>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              label={um.name}
              required
              autoFocus
              autoComplete="off"
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
            />
            <TextField
              label={um.email}
              type="email"
              required
              autoComplete="off"
              {...register('email')}
              error={Boolean(formState.errors.email)}
              helperText={formState.errors.email?.message}
            />
            <TextField select label={um.role} defaultValue="manager" {...register('role')}>
              {ORG_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {um.roles[role]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{um.cancel}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {um.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ConfirmDialog({
  title,
  body,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{um.cancel}</Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function status(user: OrgUserRow): { label: string; color: 'success' | 'default' | 'warning' } {
  if (user.disabledAt) return { label: um.disabled, color: 'default' };
  if (user.lockedUntil && new Date(user.lockedUntil) > new Date())
    return { label: um.lockedUntil(user.lockedUntil), color: 'warning' };
  return { label: um.active, color: 'success' };
}

const rowSx = {
  p: 2,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1.5,
  alignItems: 'center',
  '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
} as const;

type Confirm =
  { kind: 'disable'; user: OrgUserRow } | { kind: 'revoke'; invitation: OrgUserInvitation } | null;

/** /users (owner): the organisation's users with role and status, and open invitations. */
export default function UsersPage() {
  const session = useSession();
  const users = usersApi.useOrgUsersQuery();
  const [update] = usersApi.useUpdateOrgUserMutation();
  const [revoke] = usersApi.useRevokeOrgInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const change = async (user: OrgUserRow, body: { role?: OrgRole; disabled?: boolean }, done: string) => {
    setNote(null);
    const result = await update({ userId: user.id, body });
    setNote('error' in result ? { ok: false, text: errorText(result.error) } : { ok: true, text: done });
  };
  const revokeInvitation = async (invitation: OrgUserInvitation) => {
    setNote(null);
    const result = await revoke(invitation.id);
    setNote(
      'error' in result
        ? { ok: false, text: errorText(result.error) }
        : { ok: true, text: um.revoked(invitation.email) },
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h1">{um.title}</Typography>
          <Typography color="text.secondary">{um.intro}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={() => {
            setNote(null);
            setInviting(true);
          }}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {um.invite}
        </Button>
      </Stack>

      <Box aria-live="polite">
        {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
      </Box>

      {users.isLoading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
          <CircularProgress aria-label={um.usersLabel} />
        </Box>
      ) : users.isError || !users.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void users.refetch()}>
              {um.retry}
            </Button>
          }
        >
          {um.loadFailed}
        </Alert>
      ) : (
        <>
          <Paper
            variant="outlined"
            component="ul"
            aria-label={um.usersLabel}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {users.data.users.length === 0 && (
              <Box component="li" sx={rowSx}>
                {um.noUsers}
              </Box>
            )}
            {users.data.users.map((user) => {
              const s = status(user);
              const self = user.id === session?.user.id;
              return (
                <Box component="li" key={user.id} sx={rowSx} aria-label={user.name}>
                  <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {user.name} {self && <span>{um.you}</span>}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {um.lastSignIn(user.lastSignInAt)}
                    </Typography>
                  </Box>
                  <Chip size="small" label={s.label} color={s.color} variant="outlined" />
                  <TextField
                    select
                    size="small"
                    label={um.role}
                    value={user.role}
                    sx={{ minWidth: 140 }}
                    slotProps={{
                      // Named for the row's user ("Role of …") rather than by the visible "Role" alone.
                      select: {
                        SelectDisplayProps: {
                          'aria-label': um.roleOf(user.name),
                          'aria-labelledby': undefined,
                        },
                      },
                    }}
                    onChange={(event) => {
                      const role = event.target.value as OrgRole;
                      void change(user, { role }, um.roleChanged(user.name, um.roles[role]));
                    }}
                  >
                    {ORG_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {um.roles[role]}
                      </MenuItem>
                    ))}
                  </TextField>
                  {user.disabledAt ? (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={um.enableOf(user.name)}
                      onClick={() => void change(user, { disabled: false }, um.enabledDone(user.name))}
                    >
                      {um.enable}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      aria-label={um.disableOf(user.name)}
                      onClick={() => setConfirm({ kind: 'disable', user })}
                    >
                      {um.disable}
                    </Button>
                  )}
                </Box>
              );
            })}
          </Paper>

          <Box>
            <Typography variant="h2" sx={{ mb: 1.5 }}>
              {um.invitationsTitle}
            </Typography>
            {users.data.invitations.length === 0 ? (
              <Typography color="text.secondary">{um.noInvitations}</Typography>
            ) : (
              <Paper
                variant="outlined"
                component="ul"
                aria-label={um.invitationsLabel}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {users.data.invitations.map((invitation) => (
                  <Box component="li" key={invitation.id} sx={rowSx} aria-label={invitation.email}>
                    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {invitation.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {invitation.email}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {um.invitedAs(um.roles[invitation.role], invitation.expiresAt)}
                      </Typography>
                    </Box>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      aria-label={um.revokeOf(invitation.email)}
                      onClick={() => setConfirm({ kind: 'revoke', invitation })}
                    >
                      {um.revoke}
                    </Button>
                  </Box>
                ))}
              </Paper>
            )}
          </Box>
        </>
      )}

      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onSent={(email) => {
            setInviting(false);
            setNote({ ok: true, text: um.invited(email) });
          }}
        />
      )}
      {confirm?.kind === 'disable' && (
        <ConfirmDialog
          title={um.disableTitle(confirm.user.name)}
          body={um.disableBody}
          action={um.disable}
          onClose={() => setConfirm(null)}
          onConfirm={() => {
            const user = confirm.user;
            setConfirm(null);
            void change(user, { disabled: true }, um.disabledDone(user.name));
          }}
        />
      )}
      {confirm?.kind === 'revoke' && (
        <ConfirmDialog
          title={um.revokeTitle}
          body={um.revokeBody(confirm.invitation.email)}
          action={um.revoke}
          onClose={() => setConfirm(null)}
          onConfirm={() => {
            const invitation = confirm.invitation;
            setConfirm(null);
            void revokeInvitation(invitation);
          }}
        />
      )}
    </Stack>
  );
}
