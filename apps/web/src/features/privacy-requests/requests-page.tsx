import { Controller, useForm, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CORRECTION_CATEGORIES,
  correctionInputSchema,
  grievanceInputSchema,
  type CorrectionInput,
  type GrievanceInput,
  type PrivacyTicket,
  type PrivacyTicketChoice,
  type PrivacyTicketKind,
  type PrivacyTicketList,
} from '@veridocs/shared';
import { QueryStates } from '../../components/query-states/query-states';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import {
  useClosePrivacyRequestMutation,
  useFileCorrectionMutation,
  useFileGrievanceMutation,
  useGetPrivacyRequestsQuery,
} from './privacy-requests-api';
import { privacyRequestsCatalog, validationKey } from './privacy-requests-catalog';

/** A schema's message in the reader's language (the catalogue holds each by its English text). */
function useFieldError() {
  const t = useT(privacyRequestsCatalog);
  return (message: string | undefined) => {
    if (!message) return ' ';
    const key = validationKey(message);
    return key ? t(key) : message;
  };
}

const multiline = { multiline: true, minRows: 3, maxRows: 12, fullWidth: true } as const;

/** The candidate's forms (requests) to choose from; "none" unless required. */
function RequestSelect<F extends FieldValues>({
  control,
  choices,
  required,
}: {
  control: Control<F>;
  choices: PrivacyTicketChoice[];
  required: boolean;
}) {
  const t = useT(privacyRequestsCatalog);
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={'txnId' as Path<F>}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={required ? t('request') : t('requestOptional')}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={Boolean(fieldState.error)}
          helperText={fieldError(fieldState.error?.message)}
        >
          <MenuItem value="">{t('noRequest')}</MenuItem>
          {choices.map((c) => (
            <MenuItem key={c.txnId} value={c.txnId}>
              {`${c.orgName} — ${c.formName}`}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function CorrectionForm({ choices }: { choices: PrivacyTicketChoice[] }) {
  const t = useT(privacyRequestsCatalog);
  const fieldError = useFieldError();
  const [file] = useFileCorrectionMutation();
  const form = useForm<CorrectionInput>({
    resolver: zodResolver(correctionInputSchema) as never,
    defaultValues: { category: 'name', txnId: '', text: '', proposed: '' },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, formState } = form;
  const category = useWatch({ control, name: 'category' });
  const submit = handleSubmit(async (values) => {
    const result = await file(values);
    if ('error' in result) return;
    notify(t('sentCorrection'), 'success');
    reset();
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }}>
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <TextField select fullWidth label={t('category')} {...field}>
            {CORRECTION_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`category_${c}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <RequestSelect
        control={control}
        choices={choices}
        required={category === 'answer' || category === 'document'}
      />
      <TextField
        {...multiline}
        label={t('correctionText')}
        required
        error={Boolean(formState.errors.text)}
        helperText={fieldError(formState.errors.text?.message)}
        {...register('text')}
      />
      <TextField
        {...multiline}
        minRows={2}
        label={t('proposed')}
        required
        error={Boolean(formState.errors.proposed)}
        helperText={fieldError(formState.errors.proposed?.message)}
        {...register('proposed')}
      />
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('submitCorrection')}
        </Button>
      </Box>
    </Box>
  );
}

function GrievanceForm({ choices }: { choices: PrivacyTicketChoice[] }) {
  const t = useT(privacyRequestsCatalog);
  const fieldError = useFieldError();
  const [file] = useFileGrievanceMutation();
  const form = useForm<GrievanceInput>({
    resolver: zodResolver(grievanceInputSchema) as never,
    defaultValues: { subject: '', text: '', txnId: '' },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, formState } = form;
  const submit = handleSubmit(async (values) => {
    const result = await file(values);
    if ('error' in result) return;
    notify(t('sentGrievance'), 'success');
    reset();
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        fullWidth
        label={t('subject')}
        required
        error={Boolean(formState.errors.subject)}
        helperText={fieldError(formState.errors.subject?.message)}
        {...register('subject')}
      />
      <TextField
        {...multiline}
        minRows={4}
        label={t('grievanceText')}
        required
        error={Boolean(formState.errors.text)}
        helperText={fieldError(formState.errors.text?.message)}
        {...register('text')}
      />
      <RequestSelect control={control} choices={choices} required={false} />
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('submitGrievance')}
        </Button>
      </Box>
    </Box>
  );
}

function Ticket({ ticket }: { ticket: PrivacyTicket }) {
  const t = useT(privacyRequestsCatalog);
  const [close, { isLoading }] = useClosePrivacyRequestMutation();
  const withdraw = async () => {
    const result = await close(ticket.id);
    if (!('error' in result)) notify(t('withdrawn'), 'success');
  };
  const color = ticket.status === 'answered' ? 'success' : ticket.status === 'open' ? 'info' : 'default';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 0.75, overflowWrap: 'anywhere' }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('reference', { reference: ticket.reference })}</Typography>
        <Chip size="small" color={color} label={t(`status_${ticket.status}`)} />
        {ticket.outcome && <Chip size="small" variant="outlined" label={t(`outcome_${ticket.outcome}`)} />}
      </Stack>
      {ticket.kind === 'correction' && ticket.category && (
        <Typography variant="body2" color="text.secondary">
          {t(`category_${ticket.category}`)}
        </Typography>
      )}
      {ticket.subject && <Typography sx={{ fontWeight: 600 }}>{ticket.subject}</Typography>}
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{ticket.text}</Typography>
      {ticket.proposed && (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          {t('proposed')}: {ticket.proposed}
        </Typography>
      )}
      {ticket.requestLabel && (
        <Typography variant="body2" color="text.secondary">
          {t('concerns', { label: ticket.requestLabel })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('filedOn', { date: formatDate(ticket.createdAt) })}
        {ticket.status === 'open' && ` · ${t('dueOn', { date: formatDate(ticket.dueAt) })}`}
      </Typography>
      {ticket.answer && (
        <Alert
          severity={ticket.outcome === 'refused' || ticket.outcome === 'rejected' ? 'warning' : 'success'}
        >
          <Typography sx={{ fontWeight: 600 }}>{t('answerHeading')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{ticket.answer}</Typography>
          {ticket.answeredAt && (
            <Typography variant="body2">
              {t('answeredOn', { date: formatDate(ticket.answeredAt) })}
            </Typography>
          )}
        </Alert>
      )}
      {ticket.status === 'open' && (
        <Box>
          <Button size="small" onClick={() => void withdraw()} loading={isLoading}>
            {t('withdraw')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function Officer({ data }: { data: PrivacyTicketList }) {
  const t = useT(privacyRequestsCatalog);
  const { officer } = data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="grievance-officer" sx={{ p: 2 }}>
      <Typography id="grievance-officer" variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {t('officerHeading')}
      </Typography>
      {officer.name && <Typography>{officer.name}</Typography>}
      {officer.email && <Typography>{t('officerEmail', { email: officer.email })}</Typography>}
      {officer.phone && <Typography>{t('officerPhone', { phone: officer.phone })}</Typography>}
    </Paper>
  );
}

/**
 * /privacy/correction and /privacy/grievance (issue 29, ADR 0049): a new request of the kind, the
 * candidate's own with their status, due date and the team's answer, and the grievance officer.
 */
export function RequestsPage({ kind }: { kind: PrivacyTicketKind }) {
  const t = useT(privacyRequestsCatalog);
  const { data, isLoading, isError, refetch } = useGetPrivacyRequestsQuery();
  const correction = kind === 'correction';
  const mine = (data?.requests ?? []).filter((r) => r.kind === kind);
  const open = (data?.requests ?? []).filter((r) => r.status === 'open').length;
  const days = String(data?.dueDays ?? 90);
  return (
    <Box sx={{ maxWidth: 760, display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {correction ? t('correctionTitle') : t('grievanceTitle')}
        </Typography>
        <Typography color="text.secondary">
          {correction ? t('correctionIntro', { days }) : t('grievanceIntro', { days })}
        </Typography>
      </Box>
      <QueryStates
        data={data}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        failedLabel={t('loadFailed')}
        retryLabel={t('retry')}
        skeleton={[160, 96]}
      >
        {(data) => (
          <>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="new-request"
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Typography id="new-request" variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
                {correction ? t('newCorrection') : t('newGrievance')}
              </Typography>
              {open >= data.maxOpen ? (
                <Alert severity="info">{t('tooMany', { max: String(data.maxOpen) })}</Alert>
              ) : correction ? (
                <CorrectionForm choices={data.choices} />
              ) : (
                <GrievanceForm choices={data.choices} />
              )}
            </Paper>
            <Box component="section" aria-labelledby="my-requests">
              <Typography id="my-requests" variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                {correction ? t('yourCorrections') : t('yourGrievances')}
              </Typography>
              {mine.length === 0 ? (
                <Typography color="text.secondary">
                  {correction ? t('emptyCorrections') : t('emptyGrievances')}
                </Typography>
              ) : (
                <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
                  {mine.map((r) => (
                    <Ticket key={r.id} ticket={r} />
                  ))}
                </Box>
              )}
            </Box>
            <Officer data={data} />
            {!correction && <Typography color="text.secondary">{t('boardNote')}</Typography>}
          </>
        )}
      </QueryStates>
    </Box>
  );
}
