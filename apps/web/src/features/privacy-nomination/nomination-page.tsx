import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ERROR_CODES,
  NOMINEE_RELATIONSHIPS,
  nominationRequestSchema,
  type NominationHistoryEntry,
  type Nominee,
} from '@veridocs/shared';
import { QueryStates } from '../../components/query-states/query-states';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useT } from '../../i18n';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { formatDate, formatDateTime } from '../../lib/dates';
import { notify } from '../../lib/notify';
import {
  useGetNominationQuery,
  useRemoveNominationMutation,
  useSaveNominationMutation,
} from './nomination-api';
import { nominationCatalog } from './nomination-catalog';

type FormInput = z.input<typeof nominationRequestSchema>;
type FormOutput = z.output<typeof nominationRequestSchema>;
const FIELDS = ['name', 'relationship', 'mobile', 'email'] as const;
const EMPTY: FormInput = { name: '', relationship: '' as FormInput['relationship'], mobile: '', email: '' };

const formOf = (nominee: Nominee | null): FormInput =>
  nominee
    ? {
        name: nominee.name,
        relationship: nominee.relationship,
        mobile: nominee.mobile,
        email: nominee.email ?? '',
      }
    : EMPTY;

function History({ history }: { history: NominationHistoryEntry[] }) {
  const t = useT(nominationCatalog);
  if (history.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="nomination-history">
      <Typography id="nomination-history" variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('history')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.action}`}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(entry.at)} —{' '}
              {entry.action === 'removed'
                ? t('action_removed')
                : t(`action_${entry.action}`, {
                    name: entry.name ?? '',
                    relationship: entry.relationship ? t(`rel_${entry.relationship}`) : '',
                  })}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Nomination (issue 29, DPDP Act s. 14, ADR 0049): what a nominee can do, the one the candidate named,
 * a form (the shared zod schema) to name or change them, removal behind a confirmation, and every change.
 */
export default function NominationPage() {
  const t = useT(nominationCatalog);
  const { data, isLoading, isError, refetch } = useGetNominationQuery();
  const [save, saving] = useSaveNominationMutation();
  const [remove, removing] = useRemoveNominationMutation();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const nominee = data?.nominee ?? null;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(nominationRequestSchema),
    defaultValues: EMPTY,
  });
  // The form starts from the nominee named (and follows a save or a removal).
  useEffect(() => reset(formOf(nominee)), [nominee, reset]);

  const submit = handleSubmit(async (body) => {
    setRefusal(null);
    const answer = await save(body);
    if (!('error' in answer)) {
      notify(t('saved'), 'success');
      return;
    }
    const error = answer.error;
    if (isApiQueryError(error) && error.code === ERROR_CODES.NOMINEE_IS_SELF.code) {
      setError('mobile', { message: 'self' });
      return;
    }
    if (isApiQueryError(error) && error.code === ERROR_CODES.VALIDATION_FAILED.code) {
      const issues = Array.isArray(error.data) ? (error.data as { path?: string }[]) : [];
      for (const field of FIELDS)
        if (issues.some((i) => i.path === field)) setError(field, { message: field });
      if (issues.length > 0) return;
    }
    setRefusal(queryErrorMessage(error));
  });

  const confirmRemove = async () => {
    const answer = await remove();
    setConfirming(false);
    if (!('error' in answer)) notify(t('removed'), 'success');
  };

  const fieldError = (field: (typeof FIELDS)[number]) =>
    errors[field] ? (errors[field].message === 'self' ? t('error_self') : t(`error_${field}`)) : undefined;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h2" component="h2">
        {t('title')}
      </Typography>
      <Typography>{t('intro')}</Typography>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('whatTheyCan')}
        </Typography>
        <Typography>{t('can')}</Typography>
      </Box>

      <QueryStates
        data={data}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        failedLabel={t('loadError')}
        retryLabel={t('retry')}
        skeleton={[32, 220]}
      >
        {({ history }) => (
          <>
            <Box component="section" aria-labelledby="nominee-current">
              <Typography id="nominee-current" variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                {t('current')}
              </Typography>
              {nominee ? (
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {nominee.name} ({t(`rel_${nominee.relationship}`)}), {nominee.mobile}
                  {nominee.email ? `, ${nominee.email}` : ''}.{' '}
                  {t('since', { date: formatDate(nominee.since) })}
                </Typography>
              ) : (
                <Typography color="text.secondary">{t('none')}</Typography>
              )}
            </Box>

            <Box
              component="form"
              noValidate
              onSubmit={(event) => void submit(event)}
              sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
            >
              {refusal && <Alert severity="error">{refusal}</Alert>}
              <TextField
                label={t('name')}
                autoComplete="off"
                error={Boolean(errors.name)}
                helperText={fieldError('name') ?? ' '}
                {...register('name')}
              />
              <TextField
                select
                label={t('relationship')}
                error={Boolean(errors.relationship)}
                helperText={fieldError('relationship') ?? ' '}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                {...register('relationship')}
              >
                <option value="">{t('chooseRelationship')}</option>
                {NOMINEE_RELATIONSHIPS.map((r) => (
                  <option key={r} value={r}>
                    {t(`rel_${r}`)}
                  </option>
                ))}
              </TextField>
              <TextField
                label={t('mobile')}
                type="tel"
                autoComplete="off"
                error={Boolean(errors.mobile)}
                helperText={fieldError('mobile') ?? t('mobileHint')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
                {...register('mobile')}
              />
              <TextField
                label={t('email')}
                type="email"
                autoComplete="off"
                error={Boolean(errors.email)}
                helperText={fieldError('email') ?? ' '}
                {...register('email')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Button type="submit" variant="contained" loading={saving.isLoading}>
                  {nominee ? t('change') : t('save')}
                </Button>
                {nominee && (
                  <Button color="error" onClick={() => setConfirming(true)}>
                    {t('remove')}
                  </Button>
                )}
              </Stack>
            </Box>
            <History history={history} />
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        id="nomination-remove"
        open={confirming}
        title={t('removeTitle')}
        confirmLabel={t('confirmRemove')}
        closeLabel={t('cancel')}
        confirmColor="error"
        busy={removing.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setConfirming(false)}
      >
        <Typography>{t('removeText')}</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
