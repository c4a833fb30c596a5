import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Chip, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  PRIVACY_REQUEST_OUTCOMES,
  privacyTicketAnswerSchema,
  type PrivacyTicketAnswer,
  type PrivacyTicketOps,
} from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../messages';
import { LoadState, errorText } from './admin-ui';
import { privacyRequestsApi } from './privacy-requests-api';
import { prm } from './privacy-requests-messages';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

function AnswerForm({ request }: { request: PrivacyTicketOps }) {
  const [answer, answering] = privacyRequestsApi.useAnswerPrivacyRequestMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const outcomes = PRIVACY_REQUEST_OUTCOMES[request.kind];
  const { control, register, handleSubmit, formState } = useForm<PrivacyTicketAnswer>({
    resolver: zodResolver(privacyTicketAnswerSchema),
    defaultValues: { outcome: outcomes[0], answer: '' },
  });
  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await answer({ id: request.id, body }).unwrap();
    } catch (error) {
      setServerError(errorText(error));
    }
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-labelledby="answer-heading"
      onSubmit={(e) => void submit(e)}
      sx={{ p: 2.5, display: 'grid', gap: 2 }}
    >
      <Typography variant="h2" id="answer-heading" sx={{ fontSize: '1.1rem' }}>
        {prm.answerHeading}
      </Typography>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <Controller
        control={control}
        name="outcome"
        render={({ field }) => (
          <TextField select label={prm.outcomeLabel} {...field} sx={{ maxWidth: 280 }}>
            {outcomes.map((o) => (
              <MenuItem key={o} value={o}>
                {prm.outcome[o]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={prm.answerLabel}
        required
        multiline
        minRows={4}
        fullWidth
        error={Boolean(formState.errors.answer)}
        helperText={formState.errors.answer?.message ?? prm.answerHelp}
        {...register('answer')}
      />
      <Box>
        <Button type="submit" variant="contained" loading={answering.isLoading}>
          {prm.send}
        </Button>
      </Box>
    </Paper>
  );
}

function RequestView({ request }: { request: PrivacyTicketOps }) {
  const correction = request.kind === 'correction';
  return (
    <Stack spacing={3}>
      <Box>
        <Link component={RouterLink} to={`${PATHS.admin}/privacy-requests`}>
          {prm.back}
        </Link>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Typography variant="h1">{`${prm.kind[request.kind]} ${request.reference}`}</Typography>
          <Chip label={prm.status[request.status]} />
          {request.overdue && <Chip color="error" label={prm.overdue} />}
        </Stack>
      </Box>
      <Paper variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 1.5 }}>
        <Fact label={prm.candidate}>{prm.candidateRef(request.candidateName, request.profileId)}</Fact>
        <Fact label={prm.concerns}>{request.requestLabel ?? prm.none}</Fact>
        {correction && request.category && (
          <Fact label={prm.kindLabel}>{prm.category[request.category]}</Fact>
        )}
        {request.subject && <Fact label={prm.subject}>{request.subject}</Fact>}
        <Fact label={correction ? prm.whatWrong : prm.text}>{request.text}</Fact>
        {request.proposed && <Fact label={prm.proposed}>{request.proposed}</Fact>}
        <Fact label={prm.filed}>{formatDateTime(request.createdAt)}</Fact>
        <Fact label={prm.due}>{formatDateTime(request.dueAt)}</Fact>
      </Paper>
      {request.status === 'answered' && (
        <Paper variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 1.5 }}>
          <Fact label={prm.outcomeLabel}>{request.outcome ? prm.outcome[request.outcome] : ''}</Fact>
          <Fact label={prm.answer}>{request.answer ?? prm.erased}</Fact>
          <Fact label={prm.answered}>{formatDateTime(request.answeredAt)}</Fact>
        </Paper>
      )}
      {request.status === 'closed' && <Alert severity="info">{prm.closedByCandidate}</Alert>}
      {request.status === 'open' && <AnswerForm request={request} />}
    </Stack>
  );
}

/** One correction request or grievance (issue 29): the candidate's reference and text, and the answer. */
export default function PrivacyRequestPage() {
  const { requestId = '' } = useParams();
  const request = privacyRequestsApi.usePrivacyRequestQuery(requestId);
  return (
    <LoadState
      loading={request.isLoading}
      error={request.error}
      empty={!request.data}
      emptyText={prm.notFound}
      onRetry={() => void request.refetch()}
    >
      {request.data && <RequestView request={request.data} />}
    </LoadState>
  );
}
