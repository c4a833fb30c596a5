import { forwardRef, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import type { OpsCaseVerification, State } from '@veridocs/shared';
import { formatDateTime, formatTime, m } from '../../messages';
import type { DecisionKind } from './decision-dialog';
import { DocumentViewer } from './document-viewer';
import { VerifiedAtSourceChip, type IssuerChannel } from './issuer-sources';

const TERMINAL: State[] = ['COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED'];

/** The decisions a verification in this state can take (ADR 0007's verification machine). */
export function allowedDecisions(verification: OpsCaseVerification): DecisionKind[] {
  if (verification.markedAsSkip || TERMINAL.includes(verification.state)) return [];
  const allowed: DecisionKind[] = [];
  // Action Required goes back to the team only through the candidate's answer (→ SUBMITTED): the server
  // refuses IN_PROGRESS from there, so offering "start" would only earn a 123.
  if (verification.state === 'SUBMITTED') allowed.push('start');
  if (verification.state === 'IN_PROGRESS') allowed.push('verify', 'fail', 'ask');
  allowed.push('close');
  return allowed;
}

export const stateColor = (state: State) =>
  state === 'COMPLETED' || state === 'VERIFIED' || state === 'SUCCESS'
    ? 'success'
    : state === 'FAILED'
      ? 'error'
      : state === 'INSUFFICIENT_DATA'
        ? 'warning'
        : state === 'IN_PROGRESS'
          ? 'info'
          : 'default';

/** Another's live lock on the verification (null: free, or the viewer's own). */
export function othersLock(verification: OpsCaseVerification, staffId: string) {
  const lock = verification.lock;
  if (!lock || lock.staffId === staffId || new Date(lock.expiresAt).getTime() <= Date.now()) return null;
  return lock;
}

interface Props {
  verification: OpsCaseVerification;
  staffId: string;
  focused: boolean;
  expanded: boolean;
  onToggle: () => void;
  onFocus: () => void;
  onDecide: (kind: DecisionKind) => void;
  /** The issuer an API can ask about this verification now (issue 26), or null. */
  issuer?: string | null;
  /** Asking the issuer: the button shows progress, and no other decision is taken meanwhile. */
  asking?: boolean;
  onAskIssuer?: () => void;
  /** The issuer's answer (or why it could not be asked), under the buttons. */
  issuerAnswer?: ReactNode;
  /** Completed with the issuer's own answer, through this channel. */
  verifiedAtSource?: IssuerChannel | null;
}

/** One verification of the case: its data, documents, findings, insufficiency history and decisions. */
export const VerificationCard = forwardRef<HTMLDivElement, Props>(function VerificationCard(
  {
    verification: v,
    staffId,
    focused,
    expanded,
    onToggle,
    onFocus,
    onDecide,
    issuer = null,
    asking = false,
    onAskIssuer,
    issuerAnswer,
    verifiedAtSource = null,
  },
  ref,
) {
  const lock = othersLock(v, staffId);
  const allowed = allowedDecisions(v);
  // Only a verification being checked can be asked about (the server refuses the others with 123).
  const askable = Boolean(issuer && onAskIssuer && v.state === 'IN_PROGRESS' && allowed.includes('verify'));
  const blocked = Boolean(lock) || asking;
  const headingId = `verification-${v.name}`;
  return (
    <Accordion
      ref={ref}
      expanded={expanded}
      onChange={onToggle}
      onFocus={onFocus}
      disableGutters
      sx={{
        outline: focused ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        '&:before': { display: 'none' },
      }}
      data-verification={v.name}
      // The j / k cursor, for assistive technology as well as the outline.
      aria-current={focused ? 'true' : undefined}
      // MUI wraps the summary in an h3 of its own: the label below is the heading, not the whole row.
      slots={{ heading: 'div' }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${headingId}-content`} id={headingId}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', width: '100%', pr: 1 }}>
          <Typography component="h3" variant="h3">
            {v.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {m.verificationTypes[v.category] ?? v.category}
            {v.subType ? ` · ${v.subType}` : ''}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {lock && (
            <Chip
              size="small"
              icon={<LockIcon />}
              label={m.cases.lockedBy(lock.name, formatTime(lock.expiresAt))}
            />
          )}
          <Chip
            size="small"
            color={stateColor(v.state)}
            label={v.markedAsSkip ? m.states.SKIPPED : m.states[v.state]}
          />
          {verifiedAtSource && v.state === 'COMPLETED' && <VerifiedAtSourceChip channel={verifiedAtSource} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-content`}>
        <Stack spacing={2}>
          {lock && (
            <Alert severity="info" icon={<LockIcon />}>
              {m.cases.lockedBy(lock.name, formatTime(lock.expiresAt))}
            </Alert>
          )}
          {v.fields.length > 0 && (
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' },
                columnGap: 2,
                rowGap: 0.75,
                '& dt': { color: 'text.secondary', fontSize: 14 },
                '& dd': { m: 0, fontWeight: 500, wordBreak: 'break-word' },
              }}
            >
              {v.fields.map((field) => (
                <Box key={field.key} sx={{ display: 'contents' }}>
                  <dt>{field.label}</dt>
                  <dd>{field.value || '—'}</dd>
                </Box>
              ))}
            </Box>
          )}
          {v.documents.length > 0 ? (
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                // Side by side when there are several; a single document takes the whole width.
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
              }}
            >
              {v.documents.map((doc) => (
                <DocumentViewer key={doc.fileId} document={doc} />
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">{m.cases.noDocuments}</Typography>
          )}
          {v.insufficiencies.length > 0 && (
            <Box>
              <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
                {m.cases.insufficiencyHistory}
              </Typography>
              <Stack spacing={1}>
                {v.insufficiencies.map((round) => (
                  <Box key={round.id} sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5 }}>
                    <Typography variant="body2">
                      <strong>{formatDateTime(round.raisedAt)}</strong> · {round.reason}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {m.cases.asked(round.documents.map((d) => d.label).join(', '))}
                      {' · '}
                      {round.answeredAt
                        ? m.cases.answered(formatDateTime(round.answeredAt))
                        : m.cases.awaiting}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </Box>
          )}
          {allowed.length > 0 && (
            <Stack
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap' }}
              role="group"
              aria-label={m.cases.decisionsFor(v.label)}
            >
              {allowed.includes('start') && (
                <Button variant="contained" disabled={blocked} onClick={() => onDecide('start')}>
                  {m.cases.decisions.start.button}
                </Button>
              )}
              {allowed.includes('verify') && (
                <Button
                  variant="contained"
                  color="success"
                  disabled={blocked}
                  onClick={() => onDecide('verify')}
                >
                  {m.cases.decisions.verify.button}
                </Button>
              )}
              {askable && (
                <Button
                  variant="outlined"
                  color="success"
                  loading={asking}
                  loadingPosition="start"
                  disabled={blocked}
                  onClick={onAskIssuer}
                  // A long issuer's name wraps inside the button on a phone.
                  sx={{ textAlign: 'left' }}
                >
                  {m.cases.sources.ask(issuer ?? '')}
                </Button>
              )}
              {allowed.includes('ask') && (
                <Button variant="outlined" color="warning" disabled={blocked} onClick={() => onDecide('ask')}>
                  {m.cases.decisions.ask.button}
                </Button>
              )}
              {allowed.includes('fail') && (
                <Button variant="outlined" color="error" disabled={blocked} onClick={() => onDecide('fail')}>
                  {m.cases.decisions.fail.button}
                </Button>
              )}
              <Button variant="text" disabled={blocked} onClick={() => onDecide('close')}>
                {m.cases.decisions.close.button}
              </Button>
              {askable && (
                // Always there, so that assistive technology hears it fill in.
                <Typography
                  variant="body2"
                  color="text.secondary"
                  role="status"
                  component="span"
                  sx={{ alignSelf: 'center' }}
                >
                  {asking ? m.cases.sources.asking(issuer ?? '') : ''}
                </Typography>
              )}
            </Stack>
          )}
          {issuerAnswer}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
});
