import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Avatar,
  Button,
  MenuItem,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import {
  adminOrgCreateSchema,
  ERROR_CODES,
  LOGO_LIMITS,
  opsOrgOwnerCreateSchema,
  type AdminOrg,
  type OpsOrgOwnerCreate,
} from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDate } from '../../messages';
import { adminApi, adminSend } from './admin-api';
import { am } from './admin-messages';
import { errorText, FormDialog, ListTable, PageHeader } from './admin-ui';
import { OPS_API_PATHS } from '@veridocs/shared';

interface OrgFields {
  id?: string;
  name: string;
  partnerOrgId: string | null;
}

/** Create (no org) or edit an organisation: name, partner, and its logo. */
function OrgDialog({
  org,
  partnerOrgIds,
  open,
  onClose,
}: {
  org: AdminOrg | null;
  partnerOrgIds: string[];
  open: boolean;
  onClose: () => void;
}) {
  const [createOrg] = adminApi.useCreateOrgMutation();
  const [updateOrg] = adminApi.useUpdateOrgMutation();
  const orgs = adminApi.useOrgsQuery();
  const [serverError, setServerError] = useState<string | null>(null);
  const [logoNote, setLogoNote] = useState<{ ok: boolean; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<OrgFields>({
    resolver: zodResolver(adminOrgCreateSchema) as never,
    values: { id: org?.id ?? '', name: org?.name ?? '', partnerOrgId: org?.partnerOrgId ?? null },
  });
  const { register, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const partnerOrgId = values.partnerOrgId || null;
    const result = org
      ? await updateOrg({ orgId: org.id, body: { name: values.name, partnerOrgId } })
      : await createOrg({ name: values.name, partnerOrgId, ...(values.id ? { id: values.id } : {}) });
    if ('error' in result) {
      const message = errorText(result.error);
      if ((result.error as { code?: number }).code === ERROR_CODES.ORG_ID_TAKEN.code)
        setError('id', { message });
      else setServerError(message);
      return;
    }
    onClose();
  });

  async function upload(file: File) {
    if (!org) return;
    setLogoNote(null);
    const body = new FormData();
    body.append('file', file);
    try {
      await adminSend<AdminOrg>(OPS_API_PATHS.adminOrgLogo(org.id), { method: 'PUT', body });
      setLogoNote({ ok: true, text: am.orgs.logoUploaded });
      void orgs.refetch();
    } catch (error) {
      setLogoNote({ ok: false, text: errorText(error) });
    }
  }

  const current = orgs.data?.list.find((o) => o.id === org?.id) ?? org;
  return (
    <FormDialog
      open={open}
      title={org ? am.orgs.editTitle(org.name) : am.orgs.add}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={org ? am.common.save : am.common.create}
      submitting={formState.isSubmitting}
      serverError={serverError}
    >
      <TextField
        label={am.orgs.name}
        required
        autoFocus
        {...register('name')}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message}
      />
      {!org && (
        <TextField
          label={am.orgs.id}
          {...register('id', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v.trim()) })}
          error={Boolean(formState.errors.id)}
          helperText={formState.errors.id?.message ?? am.orgs.idHelp}
        />
      )}
      <TextField
        select
        label={am.orgs.partner}
        defaultValue={org?.partnerOrgId ?? ''}
        {...register('partnerOrgId', { setValueAs: (v: string) => (v ? v : null) })}
      >
        <MenuItem value="">{am.orgs.noPartner}</MenuItem>
        {partnerOrgIds.map((id) => (
          <MenuItem key={id} value={id}>
            {id}
          </MenuItem>
        ))}
      </TextField>
      {current && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar
            src={current.imageUrl ?? undefined}
            alt=""
            variant="rounded"
            sx={{ width: 64, height: 64, bgcolor: 'action.hover' }}
          >
            {current.name.slice(0, 1)}
          </Avatar>
          <Stack spacing={0.5}>
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {am.orgs.uploadLogo}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {am.orgs.logoHelp}
            </Typography>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label={am.orgs.uploadLogo}
              accept={LOGO_LIMITS.mimeTypes.join(',')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Stack>
        </Stack>
      )}
      {logoNote && <Alert severity={logoNote.ok ? 'success' : 'error'}>{logoNote.text}</Alert>}
    </FormDialog>
  );
}

/** Invites the organisation portal's owner of `org` (name, e-mail): an e-mailed link. */
function InviteOwnerDialog({
  org,
  onClose,
  onSent,
}: {
  org: AdminOrg;
  onClose: () => void;
  onSent: (email: string) => void;
}) {
  const [invite] = adminApi.useInviteOrgOwnerMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<OpsOrgOwnerCreate>({
    resolver: zodResolver(opsOrgOwnerCreateSchema),
    defaultValues: { name: '', email: '' },
  });
  const submit = handleSubmit(async (body) => {
    setServerError(null);
    const result = await invite({ orgId: org.id, body });
    if ('error' in result) {
      const message = errorText(result.error);
      if ((result.error as { code?: number }).code === ERROR_CODES.ORG_USER_EMAIL_TAKEN.code)
        setError('email', { message });
      else setServerError(message);
      return;
    }
    onSent(result.data.email);
  });
  return (
    <FormDialog
      open
      title={am.orgs.inviteOwnerTitle(org.name)}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={am.orgs.sendInvitation}
      submitting={formState.isSubmitting}
      serverError={serverError}
    >
      <Typography variant="body2" color="text.secondary">
        {am.orgs.inviteOwnerIntro}
      </Typography>
      <TextField
        label={am.orgs.ownerName}
        required
        autoFocus
        autoComplete="off"
        {...register('name')}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message}
      />
      <TextField
        label={am.orgs.ownerEmail}
        type="email"
        required
        autoComplete="off"
        {...register('email')}
        error={Boolean(formState.errors.email)}
        helperText={formState.errors.email?.message}
      />
    </FormDialog>
  );
}

/** /admin/orgs: every organisation, create and edit (name, partner, logo). */
export default function OrgsPage() {
  const orgs = adminApi.useOrgsQuery();
  const [editing, setEditing] = useState<AdminOrg | null>(null);
  const [open, setOpen] = useState(false);
  const [inviting, setInviting] = useState<AdminOrg | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const list = orgs.data?.list ?? [];
  return (
    <>
      <PageHeader
        title={am.orgs.title}
        intro={am.orgs.intro}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {am.orgs.add}
          </Button>
        }
      />
      {sentTo && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSentTo(null)}>
          {am.orgs.ownerInvited(sentTo)}
        </Alert>
      )}
      <Paper variant="outlined">
        <ListTable
          query={orgs}
          items={list}
          emptyText={am.orgs.empty}
          label={am.orgs.title}
          columns={[
            am.orgs.name,
            am.orgs.id,
            am.orgs.partner,
            { label: am.orgs.forms, align: 'right' },
            'Created',
            { align: 'right' },
          ]}
        >
          {list.map((org) => (
            <TableRow key={org.id} hover>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar
                    src={org.imageUrl ?? undefined}
                    alt=""
                    variant="rounded"
                    sx={{ width: 36, height: 36, bgcolor: 'action.hover', color: 'text.primary' }}
                  >
                    {org.name.slice(0, 1)}
                  </Avatar>
                  <Typography sx={{ fontWeight: 600 }}>{org.name}</Typography>
                </Stack>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{org.id}</TableCell>
              <TableCell>{org.partnerOrgId ?? am.orgs.noPartner}</TableCell>
              <TableCell align="right">{org.formCount}</TableCell>
              <TableCell>{formatDate(org.createdAt)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`${PATHS.admin}/forms?org=${encodeURIComponent(org.id)}`}
                  >
                    {am.orgs.openForms}
                  </Button>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`${PATHS.admin}/integration?org=${encodeURIComponent(org.id)}`}
                  >
                    {am.orgs.openIntegration}
                  </Button>
                  <Button
                    size="small"
                    aria-label={`${am.orgs.inviteOwner}: ${org.name}`}
                    onClick={() => {
                      setSentTo(null);
                      setInviting(org);
                    }}
                  >
                    {am.orgs.inviteOwner}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`${am.common.edit} ${org.name}`}
                    onClick={() => {
                      setEditing(org);
                      setOpen(true);
                    }}
                  >
                    {am.common.edit}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {inviting && (
        <InviteOwnerDialog
          org={inviting}
          onClose={() => setInviting(null)}
          onSent={(email) => {
            setInviting(null);
            setSentTo(email);
          }}
        />
      )}
      {open && (
        <OrgDialog
          org={editing}
          partnerOrgIds={orgs.data?.partnerOrgIds ?? []}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
