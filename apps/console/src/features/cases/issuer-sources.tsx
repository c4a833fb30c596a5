import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Collapse,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { AskIssuerResponse, CaseIssuerSources, FieldComparison, IssuerPullView } from '@veridocs/shared';
import { formatDateTime, m } from '../../messages';
import { StackedTable } from '../../components/stacked-table';

const t = m.cases.sources;

/** How a verification was completed at its source: a pull's channel, or the institution's own answer (issue 27). */
export type IssuerChannel = IssuerPullView['channel'] | 'institution';

/** The channel that completed a verification at its source (its completed pull), or null. */
export function verifiedAtSourceOf(
  pulls: readonly IssuerPullView[] | undefined,
  verificationName: string,
): IssuerChannel | null {
  return pulls?.find((p) => p.verificationName === verificationName && p.completed)?.channel ?? null;
}

export const doctypeName = (doctype: string) => t.doctypes[doctype] ?? doctype;

/** Beside a verification's state: completed with the issuer's own answer, and through which channel. */
export function VerifiedAtSourceChip({ channel }: { channel: IssuerChannel }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color="success"
      icon={<VerifiedIcon />}
      label={t.verifiedAtSource[channel] ?? t.verifiedAtSource.apisetu}
      // A long label wraps inside the chip on a phone instead of pushing the page sideways.
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

function Outcome({ matches }: { matches: boolean }) {
  return (
    <Stack
      direction="row"
      component="span"
      sx={{
        alignItems: 'center',
        gap: 0.5,
        color: matches ? 'success.main' : 'error.main',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {matches ? (
        <CheckCircleIcon fontSize="small" aria-hidden />
      ) : (
        <CancelIcon fontSize="small" aria-hidden />
      )}
      <span>{matches ? t.matches : t.differs}</span>
    </Stack>
  );
}

/** The issuer's answer field by field: what the case says, what the issuer says, whether they match. */
export function ComparisonTable({ comparison, label }: { comparison: FieldComparison[]; label: string }) {
  return (
    <StackedTable
      label={label}
      rows={comparison}
      rowKey={(row) => row.field}
      rowHeader={{ header: t.columns.field, cell: (row) => row.label }}
      columns={[
        {
          header: t.columns.expected,
          cell: (row) => row.expected ?? t.notGiven,
          phoneOrder: 2,
          labelled: true,
        },
        { header: t.columns.found, cell: (row) => row.found ?? t.notGiven, phoneOrder: 3, labelled: true },
        { header: t.columns.result, cell: (row) => <Outcome matches={row.matches} />, phoneOrder: 1 },
      ]}
    />
  );
}

/** What asking the issuer gave for one verification: its answer, or why it could not be asked. */
export type IssuerAnswer =
  | { kind: 'answer'; issuer: string; result: AskIssuerResponse }
  | { kind: 'error'; issuer: string; message: string };

/**
 * The answer shown under the buttons. It takes the focus when it appears: on a match the button it
 * answers is gone (the verification is completed), and the answer is what the verifier reads next.
 */
export function IssuerAnswerPanel({ answer }: { answer: IssuerAnswer }) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  if (answer.kind === 'error')
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{t.failedTitle}</AlertTitle>
        {answer.message}
      </Alert>
    );
  const { result } = answer;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 1.5 } }}
    >
      {/* Not an alert: the focus moves to its title, which says it once. */}
      <Alert
        severity={result.matched ? 'success' : 'warning'}
        role="none"
        sx={{ mb: result.comparison.length ? 1 : 0 }}
      >
        <Typography
          ref={title}
          id={titleId}
          component="h4"
          variant="subtitle1"
          tabIndex={-1}
          sx={{ fontWeight: 700, outline: 'none', lineHeight: 1.4 }}
        >
          {result.matched ? t.verifiedTitle : t.notVerifiedTitle}
        </Typography>
        <Typography variant="body2">
          {result.matched ? t.verifiedBody(result.issuer || answer.issuer) : result.message}
        </Typography>
        {!result.matched && <Typography variant="body2">{t.unchanged}</Typography>}
      </Alert>
      {result.comparison.length > 0 && (
        <ComparisonTable comparison={result.comparison} label={t.comparison} />
      )}
    </Box>
  );
}

interface EvidenceProps {
  data: CaseIssuerSources | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The case's verification labels by name. */
  labels: ReadonlyMap<string, string>;
  staffId: string;
}

function PullItem({ pull, label, mine }: { pull: IssuerPullView; label: string; mine: boolean }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const panelId = useId();
  return (
    <Box component="li" sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1.25 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h3" variant="subtitle2" sx={{ mr: 'auto', minWidth: 0 }}>
          {label} · {doctypeName(pull.doctype)}
        </Typography>
        <Chip
          size="small"
          color={pull.matched ? 'success' : 'warning'}
          icon={pull.matched ? <CheckCircleIcon /> : <CancelIcon />}
          label={pull.matched ? t.matched : t.notMatched}
        />
        {pull.completed && <Chip size="small" variant="outlined" color="success" label={t.completedIt} />}
      </Stack>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {pull.channel === 'apisetu' && mine ? t.byYou : (t.channels[pull.channel] ?? pull.channel)} ·{' '}
        {pull.issuer}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t.pulledAt(formatDateTime(pull.pulledAt))}
      </Typography>
      {pull.comparison.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t.noComparison}
        </Typography>
      ) : (
        <>
          <Button
            size="small"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            aria-describedby={titleId}
            endIcon={
              <ExpandMoreIcon
                sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
              />
            }
            sx={{ mt: 0.5, ml: -0.75 }}
          >
            {open ? t.hideComparison : t.showComparison}
          </Button>
          <Collapse in={open} unmountOnExit>
            <Box id={panelId} sx={{ mt: 0.5 }}>
              <ComparisonTable comparison={pull.comparison} label={`${t.comparison}: ${label}`} />
            </Box>
          </Collapse>
        </>
      )}
    </Box>
  );
}

/** The case's pulls from issuers, newest first: who pulled what from whom, when, and how it compared. */
export function IssuerEvidence({ data, isLoading, isError, onRetry, labels, staffId }: EvidenceProps) {
  const pulls = [...(data?.pulls ?? [])].sort((a, b) => b.pulledAt.localeCompare(a.pulledAt));
  return (
    <Paper component="section" aria-label={t.evidence} sx={{ p: 2 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 0.5 }}>
        {data ? t.evidenceCount(pulls.length) : t.evidence}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.evidenceIntro}
      </Typography>
      {isLoading ? (
        <Stack spacing={1} role="status" aria-label={m.app.loading}>
          <Skeleton variant="rectangular" height={56} />
          <Skeleton variant="rectangular" height={56} />
        </Stack>
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {m.app.retry}
            </Button>
          }
        >
          {t.loadError}
        </Alert>
      ) : pulls.length === 0 ? (
        <Typography color="text.secondary">{t.noPulls}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {pulls.map((pull) => (
            <PullItem
              key={pull.id}
              pull={pull}
              label={labels.get(pull.verificationName) ?? pull.verificationName}
              mine={pull.staffId !== null && pull.staffId === staffId}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
