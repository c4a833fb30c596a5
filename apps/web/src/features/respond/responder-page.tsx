import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  ERROR_CODES,
  type ResponderCodeResponse,
  type ResponderRequest,
  type ResponderRequestList,
  type ResponderSessionResponse,
} from '@veridocs/shared';
import type { BlockCodeInputHandle } from '../../components/block-code-input';
import { OtpEntry } from '../../components/otp-entry';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useT } from '../../i18n';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { formatDate } from '../../lib/dates';
import { MIN_TOKEN } from './confirm-contact-page';
import {
  sessionEnded,
  useGetResponderRequestQuery,
  useGetResponderRequestsQuery,
  useOpenResponderSessionMutation,
  useSendResponderCodeMutation,
} from './respond-api';
import { respondCatalog } from './respond-catalog';
import { clearSession, loadSession, saveSession, type ResponderSession } from './responder-session';
import { VerificationAnswer, type Responder } from './verification-answer';

const CODE_LENGTH = 6;
const LINK_INVALID = ERROR_CODES.RESPONSE_LINK_INVALID.code;
const LOCKED = ERROR_CODES.RESPONSE_LOCKED.code;

function Frame({ children, narrow = false }: { children: React.ReactNode; narrow?: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 4 },
        display: 'grid',
        gap: 2.5,
        minWidth: 0,
        ...(narrow ? { maxWidth: 640, width: '100%' } : {}),
      }}
    >
      {children}
    </Paper>
  );
}

/**
 * The registrar's or HR person's page (issue 27, INSTITUTION_API_PATHS.responderPage): the e-mail's
 * link (`?t=`) opens nothing by itself; a one-time code sent to the same contact address opens a short
 * session, kept in this tab only, with which the contact reads and answers its requests.
 */
export function ResponderPage() {
  const t = useT(respondCatalog);
  const [params] = useSearchParams();
  const token = (params.get('t') ?? '').trim();
  const [session, setSession] = useState<ResponderSession | null>(() => loadSession(token));
  const [ended, setEnded] = useState(false);

  const opened = useCallback(
    (answer: ResponderSessionResponse) => {
      const next: ResponderSession = {
        linkToken: token,
        sessionToken: answer.sessionToken,
        expiresAt: Date.now() + answer.expiresIn * 1000,
        requestId: answer.requestId,
      };
      saveSession(next);
      setEnded(false);
      setSession(next);
    },
    [token],
  );
  const end = useCallback(() => {
    clearSession();
    setSession(null);
    setEnded(true);
  }, []);
  const keepResponder = useCallback((responder: Responder) => {
    setSession((current) => {
      if (!current) return current;
      const next = { ...current, ...responder };
      saveSession(next);
      return next;
    });
  }, []);

  if (token.length < MIN_TOKEN)
    return (
      <Frame narrow>
        <Alert severity="error" role="alert">
          {t('linkInvalid')}
        </Alert>
      </Frame>
    );
  if (!session) return <CodeStep token={token} onOpened={opened} ended={ended} />;
  return <Workspace session={session} onEnded={end} onResponder={keepResponder} />;
}

type Sent = ResponderCodeResponse & { key: number };

/** What the page is, "Send me a code", then the code (the shared OTP step, its resend countdown). */
function CodeStep({
  token,
  onOpened,
  ended,
}: {
  token: string;
  onOpened: (answer: ResponderSessionResponse) => void;
  ended: boolean;
}) {
  const t = useT(respondCatalog);
  const headingId = useId();
  const codeRef = useRef<BlockCodeInputHandle>(null);
  const [send, sending] = useSendResponderCodeMutation();
  const [open, opening] = useOpenResponderSessionMutation();
  const [sent, setSent] = useState<Sent | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);

  const failed = (failure: unknown) => {
    const message = queryErrorMessage(failure);
    const code = isApiQueryError(failure) ? failure.code : null;
    if (code === LINK_INVALID) setInvalid(message);
    else if (code === LOCKED) setLocked(message);
    else setError(message);
  };
  const ask = async (again: boolean) => {
    setError(null);
    setNotice(null);
    const answer = await send({ token });
    if ('error' in answer) return failed(answer.error);
    setSent({ ...answer.data, key: Date.now() });
    setOtp('');
    if (again) setNotice(t('newCodeSent'));
  };
  const verify = async () => {
    setError(null);
    setNotice(null);
    const answer = await open({ token, code: otp });
    if ('error' in answer) {
      failed(answer.error);
      setOtp('');
      codeRef.current?.focus();
      return;
    }
    onOpened(answer.data);
  };

  if (invalid)
    return (
      <Frame narrow>
        <Alert severity="error" role="alert">
          {invalid}
        </Alert>
      </Frame>
    );
  return (
    <Frame narrow>
      <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('introTitle')}
        </Typography>
        {!sent && (
          <>
            <Typography>{t('introBody')}</Typography>
            <Typography color="text.secondary">{t('introCode')}</Typography>
          </>
        )}
      </Box>
      {ended && !sent && (
        <Alert severity="info" role="status">
          {t('sessionEnded')}
        </Alert>
      )}
      {!sent ? (
        <>
          {(locked ?? error) && (
            <Alert severity="error" role="alert">
              {locked ?? error}
            </Alert>
          )}
          <div>
            <Button
              variant="contained"
              size="large"
              onClick={() => void ask(false)}
              loading={sending.isLoading}
              disabled={locked !== null}
            >
              {t('sendCode')}
            </Button>
          </div>
        </>
      ) : (
        <OtpEntry
          length={CODE_LENGTH}
          sentTo={t('codeSentTo', { email: sent.maskedEmail, institution: sent.institution })}
          changeLabel={t('back')}
          onChange={() => {
            setSent(null);
            setOtp('');
            setError(null);
          }}
          otp={otp}
          onOtpChange={setOtp}
          onVerify={() => void verify()}
          onIncomplete={() => {
            setError(t('codeIncomplete'));
            codeRef.current?.focus();
          }}
          onResend={() => void ask(true)}
          verifying={opening.isLoading}
          resending={sending.isLoading}
          resendIn={sent.resendIn}
          sendKey={sent.key}
          // A lock ends only on the server's clock: the inputs stay off until the page is opened again.
          blockedUntil={locked ? Number.MAX_SAFE_INTEGER : null}
          error={locked ?? error}
          notice={notice}
          codeRef={codeRef}
          text={{
            codeLabel: t('codeLabel'),
            digitLabel: (position, count) => t('codeDigit', { position, count }),
            verify: t('openRequest'),
            didntReceive: t('didntReceive'),
            resend: t('resend'),
            resendIn: (seconds) => t('resendIn', { seconds }),
          }}
        />
      )}
    </Frame>
  );
}

type ListedRequest = ResponderRequestList['requests'][number];
const isOpen = (r: ListedRequest) =>
  (r.status === 'open' || r.status === 'escalated') && r.verifications.some((v) => !v.answered);

/** The contact's requests beside the one open on the page; answered ones are marked. */
function Workspace({
  session,
  onEnded,
  onResponder,
}: {
  session: ResponderSession;
  onEnded: () => void;
  onResponder: (responder: Responder) => void;
}) {
  const t = useT(respondCatalog);
  const list = useGetResponderRequestsQuery({ sessionToken: session.sessionToken });
  const [currentId, setCurrentId] = useState(session.requestId);
  const ended = list.isError && sessionEnded(list.error);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  if (list.isLoading) return <PageLoader label={t('loading')} />;
  if (!list.data)
    return (
      <Frame narrow>
        <Alert severity="error" role="alert">
          {queryErrorMessage(list.error)}
        </Alert>
      </Frame>
    );
  const requests = list.data.requests;
  const next = requests.find((r) => r.id !== currentId && isOpen(r)) ?? null;
  const go = (id: string) => {
    setCurrentId(id);
    // To the top of the new request, for keyboard and screen reader users too.
    document.getElementById('main-content')?.focus();
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <RequestList list={list.data} currentId={currentId} onOpen={go} />
      {requests.length === 0 ? (
        <Frame>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('noOpenRequests')}
          </Typography>
          <Typography>{t('noOpenRequestsBody')}</Typography>
        </Frame>
      ) : (
        <RequestView
          key={currentId}
          sessionToken={session.sessionToken}
          id={currentId}
          responder={
            session.responderName && session.designation
              ? { responderName: session.responderName, designation: session.designation }
              : null
          }
          onResponder={onResponder}
          onEnded={onEnded}
          next={next}
          onNext={go}
        />
      )}
    </Box>
  );
}

function RequestList({
  list,
  currentId,
  onOpen,
}: {
  list: ResponderRequestList;
  currentId: string;
  onOpen: (id: string) => void;
}) {
  const t = useT(respondCatalog);
  const headingId = useId();
  const open = list.requests.filter(isOpen).length;
  return (
    <Paper variant="outlined" component="nav" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', wordBreak: 'break-word' }}>
        {t('listTitle', { institution: list.institution })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word', mb: 1.5 }}>
        {t('listSignedInAs', { email: list.email })}
      </Typography>
      {open === 0 && (
        <Alert severity="success" sx={{ mb: 1.5 }}>
          {t('noOpenRequests')}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {list.requests.map((r) => {
          const answered = r.verifications.filter((v) => v.answered).length;
          const current = r.id === currentId;
          return (
            <li key={r.id}>
              <Button
                onClick={() => onOpen(r.id)}
                aria-current={current ? 'true' : undefined}
                variant={current ? 'outlined' : 'text'}
                fullWidth
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  textTransform: 'none',
                  display: 'grid',
                  gap: 0.5,
                  p: 1.25,
                  color: 'text.primary',
                  border: 1,
                  borderColor: current ? 'primary.main' : 'divider',
                  bgcolor: current ? 'action.selected' : 'transparent',
                }}
              >
                <Typography component="span" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {r.candidateName}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {r.organisation}
                </Typography>
                <Box
                  component="span"
                  sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <StatusChip request={r} />
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('answeredCount', { answered, count: r.verifications.length })}
                  </Typography>
                </Box>
              </Button>
            </li>
          );
        })}
      </Box>
    </Paper>
  );
}

function StatusChip({ request }: { request: ListedRequest }) {
  const t = useT(respondCatalog);
  if (request.status === 'cancelled')
    return <Chip component="span" size="small" label={t('statusCancelled')} />;
  if (!isOpen(request))
    return <Chip component="span" size="small" color="success" label={t('statusAnswered')} />;
  return (
    <Chip
      component="span"
      size="small"
      color={request.status === 'escalated' ? 'warning' : 'info'}
      variant="outlined"
      label={request.status === 'escalated' ? t('statusEscalated') : t('statusOpen')}
    />
  );
}

/** One request in full: who asks about whom, the candidate's consent, each verification's facts. */
function RequestView({
  sessionToken,
  id,
  responder,
  onResponder,
  onEnded,
  next,
  onNext,
}: {
  sessionToken: string;
  id: string;
  responder: Responder | null;
  onResponder: (responder: Responder) => void;
  onEnded: () => void;
  next: ListedRequest | null;
  onNext: (id: string) => void;
}) {
  const t = useT(respondCatalog);
  const query = useGetResponderRequestQuery({ sessionToken, id });
  const ended = query.isError && sessionEnded(query.error);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  if (query.isLoading) return <PageLoader label={t('loading')} />;
  if (!query.data)
    return (
      <Frame>
        <Alert severity="error" role="alert">
          {queryErrorMessage(query.error)}
        </Alert>
      </Frame>
    );
  const request: ResponderRequest = query.data;
  const answered = (name: string) => request.answers.some((a) => a.verificationName === name);
  const done = request.verifications.every((v) => answered(v.verificationName));
  const closed = request.status === 'cancelled';
  return (
    <Frame>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', wordBreak: 'break-word' }}>
          {t('requestFrom', { organisation: request.organisation, candidate: request.candidateName })}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 600, wordBreak: 'break-word', mb: { xs: 1, sm: 0 } },
          }}
        >
          <dt>{t('organisation')}</dt>
          <dd>{request.organisation}</dd>
          <dt>{t('candidate')}</dt>
          <dd>{request.candidateName}</dd>
        </Box>
        <Alert severity="info" icon={false} sx={{ wordBreak: 'break-word' }}>
          {t('consentLine', { date: formatDate(request.consent.givenAt), text: request.consent.text })}
        </Alert>
        {closed && <Alert severity="warning">{t('requestClosed')}</Alert>}
      </Box>
      {request.verifications.map((v) => (
        <VerificationAnswer
          key={v.verificationName}
          sessionToken={sessionToken}
          request={request}
          verification={v}
          responder={responder}
          onResponder={onResponder}
          onEnded={onEnded}
          closed={closed}
        />
      ))}
      {done && (
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexWrap: 'wrap',
            borderTop: 1,
            borderColor: 'divider',
            pt: 2,
          }}
        >
          {next ? (
            <Button variant="contained" onClick={() => onNext(next.id)}>
              {t('nextRequest')}
            </Button>
          ) : (
            <Typography role="status">{t('allAnswered')}</Typography>
          )}
        </Box>
      )}
    </Frame>
  );
}
