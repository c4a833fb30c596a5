import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import WarningIcon from '@mui/icons-material/WarningAmber';
import DescriptionIcon from '@mui/icons-material/Description';
import {
  OPS_API_PATHS,
  type AnsweredFact,
  type CaseInstitutionRequests,
  type InstitutionAnswer,
  type InstitutionRequest,
  type InstitutionRequestStatus,
  type OpsCaseDocument,
  type OpsCaseVerification,
} from '@veridocs/shared';
import { isConsoleQueryError } from '../../app/api';
import { useLockMutation } from '../../app/ops-api';
import { PATHS } from '../../app/paths';
import { formatDate, formatDateTime, formatTime, m } from '../../messages';
import { StackedTable } from '../../components/stacked-table';
import { DocumentViewer } from './document-viewer';
import {
  useCaseInstitutionRequestsQuery,
  useDecideFromAnswerMutation,
  useSendInstitutionRequestMutation,
} from './institution-requests-api';

const t = m.cases.institutions;
const TERMINAL = ['COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED'];

type Askable = CaseInstitutionRequests['askable'][number];
type Notice = { severity: 'success' | 'error'; text: string };

/** The answers about one verification across the case's requests, oldest first (corrections in order). */
export function answersFor(
  data: CaseInstitutionRequests | undefined,
  verificationName: string,
): InstitutionAnswer[] {
  return (data?.requests ?? [])
    .flatMap((request) => request.answers)
    .filter((answer) => answer.verificationName === verificationName)
    .sort((a, b) => a.answeredAt.localeCompare(b.answeredAt));
}

/** What a refused call says: who holds the lock, else the server's message. */
function failureText(error: unknown): string {
  if (!isConsoleQueryError(error)) return m.app.unexpectedError;
  const lock = (error.data as { lock?: { name?: string; expiresAt?: string } } | null)?.lock;
  if (lock?.name && lock.expiresAt) return m.cases.lockedBy(lock.name, formatTime(lock.expiresAt));
  return error.message || m.app.unexpectedError;
}

export const statusColor = (status: InstitutionRequestStatus) =>
  status === 'answered'
    ? 'success'
    : status === 'escalated'
      ? 'warning'
      : status === 'open'
        ? 'info'
        : 'default';

/** A request's status in words (a chip's colour alone says nothing to a screen reader). */
export function StatusChip({ status }: { status: InstitutionRequestStatus }) {
  return (
    <Chip
      size="small"
      color={statusColor(status)}
      icon={status === 'escalated' ? <WarningIcon /> : undefined}
      label={m.institutions.statuses[status] ?? status}
    />
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' },
        columnGap: 1.5,
        rowGap: { xs: 0, sm: 0.5 },
        '& dt': { color: 'text.secondary', fontSize: 14, mt: { xs: 0.5, sm: 0 } },
        '& dd': { m: 0, fontSize: 14, fontWeight: 500, wordBreak: 'break-word' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** Several verifications at one institution: one request covers those ticked, to one confirmed contact. */
function AskGroup({
  txnId,
  items,
  consent,
  isAdmin,
  onSent,
}: {
  txnId: string;
  items: Askable[];
  consent: boolean;
  isAdmin: boolean;
  onSent: (notice: Notice) => void;
}) {
  const institution = items[0]!.institution;
  const askable = items.filter((item) => !item.openRequestId);
  const confirmed = institution.contacts.filter((contact) => contact.confirmed);
  const [ticked, setTicked] = useState<string[]>(() => askable.map((item) => item.verificationName));
  const [contactId, setContactId] = useState(confirmed[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useSendInstitutionRequestMutation();
  const titleId = useId();
  const reasonsId = useId();
  const directoryLink = `${PATHS.institutions}?${new URLSearchParams(
    institution.id
      ? { q: institution.name }
      : { add: institution.kind, value: institution.refValue ?? institution.name },
  ).toString()}`;

  const reasons: ReactNode[] = [];
  if (!consent) reasons.push(t.noConsent);
  if (!institution.id)
    reasons.push(
      <>
        {t.notInDirectory(institution.name)}{' '}
        {isAdmin ? (
          <Link component={RouterLink} to={directoryLink}>
            {t.addToDirectory}
          </Link>
        ) : (
          t.askAdmin
        )}
      </>,
    );
  else if (confirmed.length === 0)
    reasons.push(
      <>
        {t.noContact(institution.name)}{' '}
        {isAdmin ? (
          <Link component={RouterLink} to={directoryLink}>
            {t.addContact}
          </Link>
        ) : (
          t.askAdmin
        )}
      </>,
    );
  if (askable.length === 0) reasons.push(t.allOpen);
  else if (ticked.length === 0) reasons.push(t.noneTicked);

  const submit = async () => {
    setError(null);
    const contact = confirmed.find((c) => c.id === contactId);
    if (!institution.id || !contact) return;
    try {
      await send({
        txnId,
        body: { institutionId: institution.id, contactId: contact.id, verificationNames: ticked },
      }).unwrap();
      onSent({
        severity: 'success',
        // The e-mail job sends it within moments (sentAt is set then), a daily contact's at the digest hour.
        text: contact.batchDaily ? t.queued(contact.email) : t.sent(contact.email),
      });
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.25, sm: 1.5 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {institution.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={m.institutions.kinds[institution.kind] ?? institution.kind}
        />
      </Stack>
      <Facts
        rows={[
          [
            m.cases.method,
            institution.method
              ? (m.institutions.methods[institution.method] ?? institution.method)
              : t.methodUnknown,
          ],
          [
            t.confirmedContacts,
            confirmed.length === 0
              ? t.noConfirmedContacts
              : confirmed.map((c) => (c.batchDaily ? `${c.email} (${t.dailyBatch})` : c.email)).join(', '),
          ],
        ]}
      />
      <FormGroup
        role="group"
        aria-label={t.verificationsToAsk}
        sx={{ mt: 1, '& .MuiFormControlLabel-label': { wordBreak: 'break-word' } }}
      >
        {items.map((item) => (
          <FormControlLabel
            key={item.verificationName}
            disabled={Boolean(item.openRequestId)}
            control={
              <Checkbox
                checked={ticked.includes(item.verificationName)}
                onChange={(event) =>
                  setTicked((list) =>
                    event.target.checked
                      ? [...list, item.verificationName]
                      : list.filter((name) => name !== item.verificationName),
                  )
                }
              />
            }
            label={item.openRequestId ? `${item.label} (${t.openAlready})` : item.label}
          />
        ))}
      </FormGroup>
      {institution.id && confirmed.length > 0 && (
        <TextField
          select
          size="small"
          label={t.contact}
          value={contactId}
          onChange={(event) => setContactId(event.target.value)}
          sx={{ mt: 1.5, width: { xs: '100%', sm: 360 }, maxWidth: '100%' }}
        >
          {confirmed.map((contact) => (
            <MenuItem
              key={contact.id}
              value={contact.id}
              sx={{ whiteSpace: 'normal', wordBreak: 'break-all' }}
            >
              {contact.batchDaily ? `${contact.email} (${t.dailyBatch})` : contact.email}
            </MenuItem>
          ))}
        </TextField>
      )}
      {reasons.length > 0 && (
        <Alert severity="info" role="note" sx={{ mt: 1.5 }} id={reasonsId}>
          <AlertTitle>{t.blockedTitle}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </Box>
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        sx={{ mt: 1.5 }}
        disabled={reasons.length > 0 || sending.isLoading}
        loading={sending.isLoading}
        loadingPosition="start"
        aria-describedby={reasons.length > 0 ? reasonsId : undefined}
        onClick={() => void submit()}
      >
        {sending.isLoading ? t.sending : t.send}
      </Button>
    </Box>
  );
}

const VERDICT_ICONS = {
  confirmed: CheckCircleIcon,
  differs: ErrorIcon,
  no_record: HelpIcon,
} as const;

/** The verdict in words with its icon: a difference reads as one without the colour. */
function Verdict({ verdict }: { verdict: AnsweredFact['verdict'] }) {
  const Icon = VERDICT_ICONS[verdict];
  return (
    <Stack
      direction="row"
      component="span"
      sx={{
        alignItems: 'center',
        gap: 0.5,
        color: verdict === 'confirmed' ? 'success.main' : 'error.main',
        fontWeight: 700,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon fontSize="small" aria-hidden />
      <span>{t.verdicts[verdict] ?? verdict}</span>
    </Stack>
  );
}

/**
 * An answer's facts: the candidate's claim, the institution's verdict and its value on record (on a
 * phone each fact stacks, as the issuer comparison does).
 */
export function AnswerFactsTable({ facts, label }: { facts: AnsweredFact[]; label: string }) {
  return (
    <StackedTable
      label={label}
      rows={facts}
      rowKey={(fact) => fact.key}
      rowData={(fact) => ({ 'data-verdict': fact.verdict })}
      // A difference stands out by its background and bar as well as by its words and icon.
      flagged={(fact) => fact.verdict !== 'confirmed'}
      rowHeader={{ header: t.columns.fact, cell: (fact) => fact.label }}
      columns={[
        {
          header: t.columns.claimed,
          cell: (fact) => fact.claimed || t.none,
          phoneOrder: 2,
          labelled: true,
        },
        { header: t.columns.verdict, cell: (fact) => <Verdict verdict={fact.verdict} />, phoneOrder: 1 },
        {
          header: t.columns.onRecord,
          cell: (fact) => fact.onRecord ?? t.none,
          phoneOrder: 3,
          labelled: true,
          strong: (fact) => fact.verdict === 'differs',
        },
      ]}
    />
  );
}

/** The institution's letter, fetched with the ops token like the case's documents. */
function Letter({ fileId, institution }: { fileId: string; institution: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const document: OpsCaseDocument = {
    fileId,
    fieldKey: null,
    originalName: t.letterName(institution),
    mimeType: 'application/pdf',
    sizeBytes: 0,
    pageCount: null,
    state: 'COMPLETED',
    issues: [],
    ocrStatus: 'none',
    ocrText: null,
    fileUrl: OPS_API_PATHS.file(fileId),
    uploadedAt: '',
  };
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DescriptionIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t.hideLetter : t.showLetter}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={panelId} sx={{ mt: 1 }}>
          <DocumentViewer document={document} />
        </Box>
      </Collapse>
    </Box>
  );
}

/** Fail from an answer (the reason the candidate reads), or complete one that differs (why it may). */
function ReasonDialog({
  mode,
  label,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  mode: 'COMPLETED' | 'FAILED';
  label: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const failing = mode === 'FAILED';
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{failing ? t.failTitle(label) : t.completeTitle(label)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{failing ? t.failBody : t.completeBody}</DialogContentText>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={failing ? m.cases.reason : t.completeNote}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? m.cases.reasonRequired : undefined}
            required
            multiline
            minRows={2}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {m.app.cancel}
        </Button>
        <Button
          variant="contained"
          color={failing ? 'error' : 'success'}
          disabled={busy}
          onClick={() => {
            const trimmed = reason.trim();
            if (!trimmed) return setInvalid(true);
            onConfirm(trimmed);
          }}
        >
          {failing ? m.cases.decisions.fail.confirm : t.completeConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One answer as evidence: who, from where, when, the facts, the letter, and (the latest) the decision. */
function AnswerItem({
  answer,
  index,
  latest,
  label,
  institution,
  decidable,
  onDecide,
}: {
  answer: InstitutionAnswer;
  index: number;
  latest: boolean;
  label: string;
  institution: string;
  decidable: boolean;
  onDecide: (state: 'COMPLETED' | 'FAILED', reason?: string) => Promise<string | null>;
}) {
  const [asking, setAsking] = useState<'COMPLETED' | 'FAILED' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const titleId = useId();
  const reasonId = useId();
  const differing = answer.facts.filter((fact) => fact.verdict !== 'confirmed').length;
  // No record of a fact cannot be completed; a difference can, with the verifier's note of why.
  const noRecord = answer.facts.some((fact) => fact.verdict === 'no_record');

  const decide = async (state: 'COMPLETED' | 'FAILED', reason?: string) => {
    setBusy(true);
    setError(null);
    setDialogError(null);
    const failure = await onDecide(state, reason);
    setBusy(false);
    if (failure === null) setAsking(null);
    else if (reason !== undefined) setDialogError(failure);
    else setError(failure);
  };

  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{
        listStyle: 'none',
        borderLeft: 3,
        borderColor: latest ? 'primary.main' : 'divider',
        pl: { xs: 1, sm: 1.5 },
        py: 0.5,
        opacity: latest ? 1 : 0.92,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={titleId} component="h6" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t.answerTitle(index + 1, formatDate(answer.answeredAt))}
        </Typography>
        {latest ? (
          <Chip size="small" color="primary" label={t.latest} />
        ) : (
          <Chip size="small" variant="outlined" label={t.corrected} />
        )}
      </Stack>
      <Facts
        rows={[
          [t.who, t.whoValue(answer.responderName, answer.designation)],
          [t.from, answer.fromEmail],
          [t.when, formatDateTime(answer.answeredAt)],
        ]}
      />
      {differing > 0 && (
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 700, mt: 1 }}
        >
          <ErrorIcon fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t.differences(differing)}
          </Typography>
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <AnswerFactsTable facts={answer.facts} label={`${t.facts(label)} (${index + 1})`} />
      </Box>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {answer.letterFileId && <Letter fileId={answer.letterFileId} institution={institution} />}
        {latest && decidable && (
          <>
            <Stack
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap' }}
              role="group"
              aria-label={m.cases.decisionsFor(label)}
            >
              <Button
                variant="contained"
                color="success"
                disabled={noRecord || busy}
                aria-describedby={answer.allConfirmed ? undefined : reasonId}
                onClick={() => {
                  if (answer.allConfirmed) return void decide('COMPLETED');
                  setDialogError(null);
                  setAsking('COMPLETED');
                }}
              >
                {t.complete}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => {
                  setDialogError(null);
                  setAsking('FAILED');
                }}
              >
                {t.fail}
              </Button>
            </Stack>
            {!answer.allConfirmed && (
              <Typography id={reasonId} variant="body2" color="text.secondary">
                {noRecord ? t.noRecordBlocks : t.notAllConfirmed}
              </Typography>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </>
        )}
      </Stack>
      {asking && (
        <ReasonDialog
          mode={asking}
          label={label}
          busy={busy}
          error={dialogError}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void decide(asking, reason)}
        />
      )}
    </Box>
  );
}

function RequestItem({
  request,
  labels,
  decidable,
  onDecide,
}: {
  request: InstitutionRequest;
  labels: ReadonlyMap<string, string>;
  decidable: (name: string) => boolean;
  onDecide: (
    name: string,
    answerId: string,
    state: 'COMPLETED' | 'FAILED',
    reason?: string,
  ) => Promise<string | null>;
}) {
  const titleId = useId();
  const names = [...new Set(request.answers.map((answer) => answer.verificationName))];
  const labelOf = (name: string) => labels.get(name) ?? name;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.75 }}>
        <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {t.requestLabel(request.institution.name)}
        </Typography>
        <StatusChip status={request.status} />
      </Stack>
      <Facts
        rows={[
          [t.contactEmail, request.contactEmail],
          [t.covers, request.verificationNames.map(labelOf).join(', ')],
          [t.sentAt, request.sentAt ? formatDateTime(request.sentAt) : t.waitingBatch],
          [t.reminders, String(request.remindersSent)],
          [t.nextReminder, request.nextReminderAt ? formatDate(request.nextReminderAt) : t.none],
          [t.escalatedAt, request.escalatedAt ? formatDate(request.escalatedAt) : t.none],
          [t.linkExpires, formatDate(request.linkExpiresAt)],
        ]}
      />
      {names.map((name) => {
        const answers = request.answers
          .filter((answer) => answer.verificationName === name)
          .sort((a, b) => a.answeredAt.localeCompare(b.answeredAt));
        return (
          <Box key={name} component="section" aria-label={t.answersTitle(labelOf(name))} sx={{ mt: 1.5 }}>
            <Typography component="h5" variant="subtitle2" sx={{ mb: 0.75 }}>
              {t.answersTitle(labelOf(name))}
            </Typography>
            <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
              {answers.map((answer, index) => (
                <AnswerItem
                  key={answer.id}
                  answer={answer}
                  index={index}
                  latest={index === answers.length - 1}
                  label={labelOf(name)}
                  institution={request.institution.name}
                  decidable={decidable(name)}
                  onDecide={(state, reason) => onDecide(name, answer.id, state, reason)}
                />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The case's institutions (issue 27): what can be asked of which institution or former employer,
 * the requests sent and their answers, from which the verifier completes or fails a verification.
 */
export function InstitutionsSection({
  txnId,
  verifications,
  isAdmin,
}: {
  txnId: string;
  verifications: readonly OpsCaseVerification[];
  isAdmin: boolean;
}) {
  const { data, isLoading, isError, refetch } = useCaseInstitutionRequestsQuery(txnId);
  const [takeLock] = useLockMutation();
  const [decideFromAnswer] = useDecideFromAnswerMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const titleId = useId();
  const labels = new Map(verifications.map((v) => [v.name, v.label]));
  const decidable = (name: string) => {
    const v = verifications.find((item) => item.name === name);
    return Boolean(v && !v.markedAsSkip && !TERMINAL.includes(v.state));
  };

  /** Its lock first, as for every decision; null on success, else what to show. */
  const decide = async (
    name: string,
    answerId: string,
    state: 'COMPLETED' | 'FAILED',
    reason?: string,
  ): Promise<string | null> => {
    try {
      await takeLock({ txnId, name }).unwrap();
      await decideFromAnswer({
        txnId,
        name,
        body: reason ? { answerId, state, reason } : { answerId, state },
      }).unwrap();
      const label = labels.get(name) ?? name;
      setNotice({ severity: 'success', text: state === 'COMPLETED' ? t.completed(label) : t.failed(label) });
      return null;
    } catch (failure) {
      return failureText(failure);
    }
  };

  const groups = new Map<string, Askable[]>();
  for (const item of data?.askable ?? []) {
    const { id, kind, refValue, name } = item.institution;
    const key = id ?? `${kind}:${refValue ?? name}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const requests = [...(data?.requests ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="h2" sx={{ mb: 0.5 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.intro}
      </Typography>
      {isLoading ? (
        <Stack spacing={1} role="status" aria-label={m.app.loading}>
          <Skeleton variant="rectangular" height={72} />
          <Skeleton variant="rectangular" height={56} />
        </Stack>
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {t.loadError}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {data.consent && (
            <Typography variant="body2">{t.consentGiven(formatDate(data.consent.givenAt))}</Typography>
          )}
          {notice && (
            <Alert
              severity={notice.severity}
              onClose={() => setNotice(null)}
              role={notice.severity === 'error' ? 'alert' : 'status'}
            >
              {notice.text}
            </Alert>
          )}
          <Box>
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
              {t.ask}
            </Typography>
            {groups.size === 0 ? (
              <Typography color="text.secondary">{t.nothingToAsk}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {[...groups.entries()].map(([key, items]) => (
                  <AskGroup
                    // A sent request changes what is askable: the group starts again from the server's view.
                    key={`${key}|${items.map((i) => i.openRequestId ?? '').join(',')}`}
                    txnId={txnId}
                    items={items}
                    consent={data.consent !== null}
                    isAdmin={isAdmin}
                    onSent={setNotice}
                  />
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Typography component="h3" variant="h3" sx={{ mb: 0.5 }}>
              {t.requestsCount(requests.length)}
            </Typography>
            {requests.length === 0 ? (
              <Typography color="text.secondary">{t.noRequests}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t.requests}>
                {requests.map((request) => (
                  <RequestItem
                    key={request.id}
                    request={request}
                    labels={labels}
                    decidable={decidable}
                    onDecide={decide}
                  />
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
