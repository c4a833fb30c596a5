import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import BoltIcon from '@mui/icons-material/Bolt';
import { ERROR_CODES, type OpsCase, type OpsDecisionRequest } from '@veridocs/shared';
import { isConsoleQueryError } from '../../app/api';
import {
  useAssignMutation,
  useCaseQuery,
  useDecideMutation,
  useExpectedDateMutation,
  useLockMutation,
} from '../../app/ops-api';
import { PATHS } from '../../app/paths';
import { ShortcutsDialog, useShortcuts } from '../../app/shortcuts';
import { useSession } from '../../app/use-session';
import { DayField } from '../../components/day-field';
import { formatDate, formatDateTime, formatTime, m } from '../../messages';
import { DecisionDialog, type DecisionKind } from './decision-dialog';
import { IssuerAnswerPanel, IssuerEvidence, verifiedAtSourceOf, type IssuerAnswer } from './issuer-sources';
import { useAskIssuerMutation, useIssuerSourcesQuery } from './issuer-sources-api';
import { InstitutionsSection } from './institution-requests';
import { NomineeFact } from './nominee';
import { allowedDecisions, othersLock, stateColor, VerificationCard } from './verification-card';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" sx={{ p: 2 }} aria-label={title}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(96px, auto) 1fr',
        columnGap: 1.5,
        rowGap: 0.5,
        '& dt': { color: 'text.secondary', fontSize: 14 },
        '& dd': { m: 0, fontSize: 14, fontWeight: 500, wordBreak: 'break-word' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </Box>
      ))}
    </Box>
  );
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amount / 100);

/** The message a refused decision or lock shows: who holds the lock, else the server's message. */
function decisionError(error: unknown): string {
  if (!isConsoleQueryError(error)) return m.app.unexpectedError;
  if (error.code === ERROR_CODES.VERIFICATION_LOCKED.code) {
    const lock = (error.data as { lock?: { name?: string; expiresAt?: string } } | null)?.lock;
    if (lock?.name && lock.expiresAt) return m.cases.lockedBy(lock.name, formatTime(lock.expiresAt));
  }
  return error.message || m.app.unexpectedError;
}

function CaseSummary({ data }: { data: OpsCase }) {
  // The timeline names verifications as the cards do.
  const labels = new Map(data.verifications.map((v) => [v.name, v.label]));
  return (
    <Stack spacing={2}>
      <Section title={m.cases.candidate}>
        <Facts
          rows={[
            [m.cases.name, data.candidate.name],
            ...(data.candidate.verifiedName
              ? ([[m.cases.verifiedName, data.candidate.verifiedName]] as Array<[string, ReactNode]>)
              : []),
            [m.cases.mobile, data.candidate.mobile],
            [m.cases.email, data.candidate.email],
            [m.cases.dateOfBirth, formatDate(data.candidate.dateOfBirth)],
            [m.cases.nominee, <NomineeFact key="n" profileId={data.candidate.profileId} />],
            [m.cases.organisation, data.organisation.name],
            [m.cases.form, data.form.name],
          ]}
        />
      </Section>
      <Section title={m.cases.identity}>
        {data.identity ? (
          <Facts
            rows={[
              [m.cases.method, m.cases.identityMethods[data.identity.method]],
              [
                m.cases.result,
                <Chip
                  key="s"
                  size="small"
                  color={stateColor(data.identity.state)}
                  label={m.states[data.identity.state]}
                />,
              ],
              [m.cases.name, data.identity.name],
              [m.cases.documentNumber, data.identity.documentNumber],
              [m.cases.verifiedAt, formatDateTime(data.identity.verifiedAt)],
            ]}
          />
        ) : (
          <Typography color="text.secondary">{m.cases.noIdentity}</Typography>
        )}
      </Section>
      <Section title={m.cases.evaluationPartner}>
        {data.evaluationPartner ? (
          <Facts
            rows={[
              [m.cases.provider, data.evaluationPartner.provider],
              [m.cases.reference, data.evaluationPartner.reference],
              [m.cases.email, data.evaluationPartner.emailMasked],
              [m.cases.validatedAt, formatDateTime(data.evaluationPartner.validatedAt)],
            ]}
          />
        ) : (
          <Typography color="text.secondary">{m.cases.noPartner}</Typography>
        )}
      </Section>
      <Section title={m.cases.payments}>
        {data.payments.length === 0 ? (
          <Typography color="text.secondary">{m.cases.noPayments}</Typography>
        ) : (
          <Stack spacing={1.5}>
            {data.payments.map((payment) => (
              <Box key={payment.orderId}>
                <Typography variant="body2" sx={{ fontWeight: 650 }}>
                  {money(payment.amount, payment.currency)} · {payment.status}
                  {payment.express ? ` · ${m.queues.fastTrack}` : ''}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ wordBreak: 'break-all' }}
                >
                  {payment.provider} · {payment.orderId} · {formatDateTime(payment.createdAt)}
                </Typography>
                {payment.refunds.map((refund) => (
                  <Typography key={refund.id} variant="body2" sx={{ pl: 1.5 }}>
                    {m.cases.refund(money(refund.amount, payment.currency), refund.status, refund.reason)}
                  </Typography>
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={m.cases.timeline}>
        {data.timeline.length === 0 ? (
          <Typography color="text.secondary">{m.cases.noTimeline}</Typography>
        ) : (
          // It scrolls on a long case: focusable, so the keyboard can scroll it too.
          <Box
            component="ol"
            tabIndex={0}
            aria-label={m.cases.timeline}
            sx={{ m: 0, pl: 2.5, maxHeight: 320, overflow: 'auto' }}
          >
            {data.timeline.map((entry, index) => (
              <Box component="li" key={index} sx={{ mb: 0.75 }}>
                <Typography variant="body2">
                  {entry.verificationName
                    ? (labels.get(entry.verificationName) ?? entry.verificationName)
                    : m.cases.transaction}
                  :{' '}
                  {entry.action === 'skip'
                    ? m.states.SKIPPED
                    : `${entry.fromState ? m.states[entry.fromState] : '—'} → ${m.states[entry.toState]}`}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(entry.at)} · {m.cases.timelineActions[entry.action] ?? entry.action}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </Stack>
  );
}

/**
 * The case view (issue 14): the candidate and the checks already done on the left, each
 * verification with its documents and decisions on the right. A verifier takes a verification's lock
 * before deciding on it; others see who holds it until when.
 */
export default function CasePage() {
  const { txnId = '' } = useParams();
  const session = useSession();
  const staffId = session?.staff.id ?? '';
  const { data, isLoading, isError, error, refetch } = useCaseQuery(txnId);
  const [assign, assignState] = useAssignMutation();
  const [takeLock] = useLockMutation();
  const [decide] = useDecideMutation();
  const [setExpected, expectedState] = useExpectedDateMutation();
  const sources = useIssuerSourcesQuery(txnId);
  const [askIssuer] = useAskIssuerMutation();
  const [asking, setAsking] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, IssuerAnswer>>({});
  const [focused, setFocused] = useState(0);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [dialog, setDialog] = useState<{ kind: DecisionKind; name: string; label: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [help, setHelp] = useState(false);
  const [date, setDate] = useState('');
  const cards = useRef<Array<HTMLDivElement | null>>([]);
  const verifications = data?.verifications ?? [];

  const openDecision = (index: number, kind: DecisionKind) => {
    const v = verifications[index];
    if (!v || asking === v.name || othersLock(v, staffId) || !allowedDecisions(v).includes(kind)) return;
    setDialogError(null);
    setDialog({ kind, name: v.name, label: v.label });
  };

  const confirm = async (decision: OpsDecisionRequest) => {
    setBusy(true);
    setDialogError(null);
    try {
      // Working a verification takes its lock first: another verifier then sees who has it.
      await takeLock({ txnId, name: decision.verificationName }).unwrap();
      await decide({ txnId, decision }).unwrap();
      setDialog(null);
      setNotice({
        severity: 'success',
        text: m.cases.decided(dialog?.label ?? '', m.states[decision.state]),
      });
    } catch (failure) {
      setDialogError(decisionError(failure));
      void refetch();
    } finally {
      setBusy(false);
    }
  };

  /**
   * Asks the issuer (API Setu) about one verification: its lock first, as for a decision. The answer
   * stays on the card (kept open) even once a match has completed it; an error says why, in the card.
   */
  const ask = async (name: string, issuer: string) => {
    setAsking(name);
    setExpanded((state) => ({ ...state, [name]: true }));
    setAnswers(({ [name]: _previous, ...rest }) => rest);
    let answer: IssuerAnswer;
    try {
      await takeLock({ txnId, name }).unwrap();
      answer = { kind: 'answer', issuer, result: await askIssuer({ txnId, name }).unwrap() };
    } catch (failure) {
      answer = { kind: 'error', issuer, message: decisionError(failure) };
      void refetch();
    }
    setAnswers((state) => ({ ...state, [name]: answer }));
    setAsking(null);
  };

  const move = (step: number) => {
    const next = Math.min(Math.max(focused + step, 0), Math.max(verifications.length - 1, 0));
    setFocused(next);
    cards.current[next]?.scrollIntoView?.({ block: 'nearest' });
  };
  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      s: () => openDecision(focused, 'start'),
      v: () => openDecision(focused, 'verify'),
      f: () => openDecision(focused, 'fail'),
      i: () => openDecision(focused, 'ask'),
      c: () => openDecision(focused, 'close'),
      '?': () => setHelp(true),
    },
    !dialog && !help,
  );

  if (isLoading)
    return (
      <Stack spacing={2} role="status" aria-label={m.app.loading}>
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rectangular" height={160} />
        <Skeleton variant="rectangular" height={320} />
      </Stack>
    );
  if (isError || !data) {
    const notFound = isConsoleQueryError(error) && error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Alert
          severity="error"
          action={
            notFound ? undefined : (
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {m.app.retry}
              </Button>
            )
          }
        >
          {notFound ? m.cases.notFound : m.cases.loadError}
        </Alert>
        <Button component={RouterLink} to={PATHS.queues} sx={{ alignSelf: 'flex-start' }}>
          {m.app.backToQueues}
        </Button>
      </Stack>
    );
  }

  const mine = data.assignee?.staffId === staffId;
  const labels = new Map(verifications.map((v) => [v.name, v.label]));
  const issuerOf = (name: string) =>
    sources.data?.askable.find((a) => a.verificationName === name)?.issuer ?? null;
  return (
    <Stack spacing={2}>
      <Breadcrumbs aria-label={m.cases.breadcrumb}>
        <Link component={RouterLink} to={PATHS.queues} underline="hover" color="inherit">
          {m.queues.title}
        </Link>
        <Typography color="text.primary">{data.candidate.name ?? data.txnId}</Typography>
      </Breadcrumbs>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h1">{data.candidate.name ?? m.queues.noName}</Typography>
            <Chip color={stateColor(data.state)} label={m.states[data.state]} />
            {data.queue && <Chip variant="outlined" label={m.cases.inQueue(m.queues.tabs[data.queue])} />}
            {data.fastTrack && <Chip color="warning" icon={<BoltIcon />} label={m.queues.fastTrack} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {m.cases.caseLine(data.txnId, formatDateTime(data.submittedAt))}
          </Typography>
        </Box>
        <Button startIcon={<KeyboardIcon />} size="small" onClick={() => setHelp(true)}>
          {m.queues.shortcutsButton}
        </Button>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {m.queues.columns.assignee}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{data.assignee?.name ?? m.queues.unassigned}</Typography>
              {!mine && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={assignState.isLoading}
                  onClick={() =>
                    void assign({ txnId })
                      .unwrap()
                      .catch((failure: unknown) =>
                        setNotice({ severity: 'error', text: decisionError(failure) }),
                      )
                  }
                >
                  {m.cases.assignToMe}
                </Button>
              )}
            </Stack>
          </Box>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!date) return;
              void setExpected({ txnId, date })
                .unwrap()
                .then(
                  () => setNotice({ severity: 'success', text: m.cases.expectedDateSet(formatDate(date)) }),
                  (failure: unknown) => setNotice({ severity: 'error', text: decisionError(failure) }),
                );
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ mr: 1 }}>
              {m.cases.deadline(formatDate(data.deadline))}
            </Typography>
            <DayField label={m.cases.expectedDate} value={date} onChange={setDate} sx={{ width: 180 }} />
            <Button type="submit" variant="outlined" disabled={!date || expectedState.isLoading}>
              {m.cases.setDate}
            </Button>
          </Box>
        </Stack>
      </Paper>
      {notice && (
        <Alert
          severity={notice.severity}
          onClose={() => setNotice(null)}
          role={notice.severity === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(280px, 340px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: 2, lg: 1 }, minWidth: 0 }}>
          <CaseSummary data={data} />
        </Box>
        <Stack
          spacing={1.5}
          sx={{ order: { xs: 1, lg: 2 }, minWidth: 0 }}
          component="section"
          aria-label={m.cases.verifications}
        >
          <Typography component="h2" variant="h2">
            {m.cases.verificationsCount(verifications.length)}
          </Typography>
          {verifications.length === 0 && (
            <Typography color="text.secondary">{m.cases.noVerifications}</Typography>
          )}
          {verifications.map((verification, index) => (
            <VerificationCard
              key={verification.name}
              ref={(element) => {
                cards.current[index] = element;
              }}
              verification={verification}
              staffId={staffId}
              focused={index === focused}
              expanded={expanded[verification.name] ?? allowedDecisions(verification).length > 0}
              onToggle={() =>
                setExpanded((state) => ({
                  ...state,
                  [verification.name]: !(
                    state[verification.name] ?? allowedDecisions(verification).length > 0
                  ),
                }))
              }
              onFocus={() => setFocused(index)}
              onDecide={(kind) => openDecision(index, kind)}
              issuer={issuerOf(verification.name)}
              asking={asking === verification.name}
              onAskIssuer={() => {
                const issuer = issuerOf(verification.name);
                if (issuer && !asking) void ask(verification.name, issuer);
              }}
              issuerAnswer={
                answers[verification.name] && <IssuerAnswerPanel answer={answers[verification.name]!} />
              }
              verifiedAtSource={
                verification.verifiedAtSource?.channel ??
                verifiedAtSourceOf(sources.data?.pulls, verification.name)
              }
            />
          ))}
          <IssuerEvidence
            data={sources.data}
            isLoading={sources.isLoading}
            isError={sources.isError}
            onRetry={() => void sources.refetch()}
            labels={labels}
            staffId={staffId}
          />
          <InstitutionsSection
            txnId={txnId}
            verifications={verifications}
            isAdmin={session?.staff.role === 'admin'}
          />
        </Stack>
      </Box>
      {dialog && (
        <DecisionDialog
          kind={dialog.kind}
          verificationName={dialog.name}
          verificationLabel={dialog.label}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={(decision) => void confirm(decision)}
        />
      )}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={m.queues.caseShortcuts} />
    </Stack>
  );
}
