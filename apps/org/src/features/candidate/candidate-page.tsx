import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ERROR_CODES, type OrgCandidateDetail } from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { PATHS } from '../../app/paths';
import { m } from '../../messages';
import { candidateApi, downloadCredential, downloadReport } from './candidate-api';
import { cm } from './candidate-messages';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const errorMessage = (error: unknown) =>
  typeof error === 'object' && error && 'message' in error ? String(error.message) : m.app.unexpectedError;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function Details({ c }: { c: OrgCandidateDetail }) {
  const rows: [string, string][] = [
    [cm.mobile, c.mobile],
    [cm.email, c.email ?? cm.none],
    [cm.form, c.formName],
    [cm.status, `${cm.buckets[c.bucket]} · ${cm.states[c.state]}`],
    [cm.invited, c.invitedAt ? day(c.invitedAt) : cm.none],
    [cm.submitted, c.submittedAt ? day(c.submittedAt) : cm.none],
    [cm.expected, c.expectedMaxDate ? day(c.expectedMaxDate) : cm.none],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Verifications({ c }: { c: OrgCandidateDetail }) {
  if (c.verifications.length === 0)
    return <Typography color="text.secondary">{cm.noVerifications}</Typography>;
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {c.verifications.map((v) => (
        <Stack
          component="li"
          key={v.name}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ py: 1, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{v.label}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                v.source ? cm.source(cm.sources[v.source]) : null,
                v.updatedAt ? cm.updated(day(v.updatedAt)) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Chip size="small" label={cm.states[v.state]} />
        </Stack>
      ))}
    </Stack>
  );
}

function Timeline({ c }: { c: OrgCandidateDetail }) {
  if (c.timeline.length === 0) return <Typography color="text.secondary">{cm.noTimeline}</Typography>;
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {c.timeline.map((event, index) => (
        <Box
          component="li"
          key={`${event.at}-${index}`}
          sx={{ borderLeft: 2, borderColor: 'divider', pl: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            <time dateTime={event.at}>{dateTime(event.at)}</time>
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {event.what}
            {event.state ? ` · ${cm.states[event.state]}` : ''}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Report({ c }: { c: OrgCandidateDetail }) {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const report = c.report;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography id="report-note" color={report ? 'text.primary' : 'text.secondary'}>
        {report ? cm.reportIssued(report.code, day(report.issuedAt)) : cm.reportNotReady}
      </Typography>
      <Button
        variant="contained"
        disabled={!report || busy}
        aria-describedby="report-note"
        onClick={() => {
          if (!report) return;
          setFailed(false);
          setBusy(true);
          downloadReport(c.transactionId, report.code)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {cm.downloadReport}
      </Button>
      {failed && <Alert severity="error">{cm.reportFailed}</Alert>}
    </Stack>
  );
}

function Credentials({ c }: { c: OrgCandidateDetail }) {
  const [failed, setFailed] = useState(false);
  if (c.credentials.length === 0) return <Typography color="text.secondary">{cm.noCredentials}</Typography>;
  return (
    <Stack spacing={1}>
      {failed && <Alert severity="error">{cm.credentialFailed}</Alert>}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {c.credentials.map((credential) => (
          <Stack
            component="li"
            key={credential.id}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ py: 1, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{credential.type}</Typography>
              <Typography variant="body2" color="text.secondary">
                {cm.credentialIssued(day(credential.issuedAt))}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              size="small"
              aria-label={cm.downloadCredentialLabel(credential.type)}
              onClick={() => {
                setFailed(false);
                downloadCredential(c.transactionId, credential.id).catch(() => setFailed(true));
              }}
            >
              {cm.downloadCredential}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** One candidate of the organisation: details, verifications, timeline, report, credentials (issue 28). */
export default function CandidatePage() {
  const { txnId = '' } = useParams();
  const candidate = candidateApi.useOrgCandidateQuery(txnId);
  const notFound =
    isOrgQueryError(candidate.error) &&
    (candidate.error.status === 404 || candidate.error.code === ERROR_CODES.ORG_CANDIDATE_NOT_FOUND.code);
  const c = candidate.data;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <div>
        <Link
          component={RouterLink}
          to={PATHS.dashboard}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden />
          {cm.back}
        </Link>
      </div>
      {candidate.isLoading && <CircularProgress aria-label={m.app.loading} />}
      {notFound && (
        <Stack spacing={1}>
          <Typography variant="h1">{cm.notFoundTitle}</Typography>
          <Typography color="text.secondary">{cm.notFoundBody}</Typography>
        </Stack>
      )}
      {candidate.isError && !notFound && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void candidate.refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {cm.loadFailed} {errorMessage(candidate.error)}
        </Alert>
      )}
      {c && !candidate.isError && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {c.name}
            </Typography>
            <Chip label={cm.buckets[c.bucket]} />
          </Stack>
          <Section title={cm.details}>
            <Details c={c} />
          </Section>
          <Section title={cm.report}>
            <Report c={c} />
          </Section>
          <Section title={cm.verifications}>
            <Verifications c={c} />
          </Section>
          <Section title={cm.timeline}>
            <Timeline c={c} />
          </Section>
          <Section title={cm.credentials}>
            <Credentials c={c} />
          </Section>
        </>
      )}
    </Stack>
  );
}
