import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EMAIL_OTP,
  ERROR_CODES,
  type EvalInfoState,
  type EvalOtpResponse,
  type EvaluationPartner,
} from '@veridocs/shared';
import { ConsentNotice } from '../../app/consent-notice';
import { type BlockCodeInputHandle } from '../../components/block-code-input';
import { OtpEntry, useOtpBlock } from '../../components/otp-entry';
import { PageLoader } from '../../components/page-loader/page-loader';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useCreateTransactionMutation, useGetTransactionInfoQuery } from '../../app/store/transactions-api';
import { useT, type Translate } from '../../i18n';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { getItem, setItem } from '../../lib/storage';
import {
  useGetEvalInfoQuery,
  useGetEvaluationPartnersQuery,
  useSendEvalOtpMutation,
  useVerifyEvalOtpMutation,
} from './evaluation-api';
import { evaluationCatalog } from './evaluation-catalog';
import type en from './locales/en.json';

type T = Translate<keyof typeof en>;
const blockHours = EMAIL_OTP.blockSeconds / 3600;

/** Reference numbers are compared trimmed and in upper case (as the server does). */
const normalise = (reference: string) => reference.trim().toUpperCase();

/** The message of a failed call in the candidate's language (spec §8, the FAQ's rules). */
function failureText(t: T, error: unknown, partner: EvaluationPartner | undefined): string {
  if (!isApiQueryError(error)) return queryErrorMessage(error);
  const data = (error.data ?? {}) as { retryAfter?: number; attemptsLeft?: number; reason?: string };
  const code = error.code;
  if (code === ERROR_CODES.VALIDATION_FAILED.code) {
    const issue = Array.isArray(error.data) ? (error.data[0] as { path?: string } | undefined) : undefined;
    if (issue?.path === 'partner') return t('errChoosePartner');
    if (issue?.path === 'reference' && partner) return t('errFormat', { example: partner.example });
    if (issue?.path === 'otp') return t('errOtpLength', { length: EMAIL_OTP.length });
    return queryErrorMessage(error);
  }
  if (code === ERROR_CODES.OTP_EXPIRED.code)
    return data.reason === 'superseded' ? t('errSuperseded') : t('errExpired');
  const byCode: Record<number, () => string> = {
    [ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.code]: () => t('errNotFound'),
    [ERROR_CODES.OTP_REQUEST_LIMIT.code]: () => t('errRequestLimit', { maxRequests: EMAIL_OTP.maxRequests }),
    [ERROR_CODES.OTP_RESEND_TOO_SOON.code]: () =>
      t('errResendTooSoon', { seconds: data.retryAfter ?? EMAIL_OTP.resendAfterSeconds }),
    [ERROR_CODES.OTP_BLOCKED.code]: () => t('errBlocked', { blockHours }),
    [ERROR_CODES.OTP_INVALID.code]: () => t('errInvalid', { count: data.attemptsLeft ?? 0 }),
    [ERROR_CODES.OTP_ALREADY_USED.code]: () => t('errUsed'),
    [ERROR_CODES.NOT_FOUND.code]: () => t('errUnknown'),
    [ERROR_CODES.SERVICE_UNAVAILABLE.code]: () => t('errSendFailed'),
    [ERROR_CODES.RATE_LIMITED.code]: () => t('errLookupLimit'),
  };
  const message = code === null ? undefined : byCode[code];
  return message ? message() : queryErrorMessage(error);
}

interface ReferenceForm {
  partner: string;
  reference: string;
}

interface Sent extends EvalOtpResponse {
  partner: string;
  reference: string;
  /** Changes with every send (restarts the countdown). */
  key: number;
}

interface Txn {
  orgId: string;
  formId: string;
  txnId: string;
}

/** Step 1: the partner and the reference number in the partner's format; Send OTP. */
function ReferenceStep({
  partners,
  txn,
  initial,
  onSent,
}: {
  partners: EvaluationPartner[];
  txn: Txn;
  initial: ReferenceForm;
  onSent: (sent: Omit<Sent, 'key'>) => void;
}) {
  const t = useT(evaluationCatalog);
  const id = useId();
  const [sendOtp, sending] = useSendEvalOtpMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ReferenceForm>({ defaultValues: initial });
  const partnerId = useWatch({ control, name: 'partner' });
  const partner = partners.find((p) => p.id === partnerId);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const reference = normalise(values.reference);
    const result = await sendOtp({ orgId: txn.orgId, txnId: txn.txnId, partner: values.partner, reference });
    if ('error' in result) {
      setServerError(failureText(t, result.error, partner));
      return;
    }
    onSent({ ...result.data, partner: values.partner, reference });
  });

  const hintId = `${id}-hint`;
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      noValidate
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        select
        label={t('partnerLabel')}
        error={Boolean(errors.partner)}
        helperText={errors.partner?.message}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...register('partner', { validate: (value) => (value ? true : t('errChoosePartner')) })}
      >
        <option value="">{t('partnerPlaceholder')}</option>
        {partners.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('referenceLabel')}
        autoComplete="off"
        error={Boolean(errors.reference)}
        helperText={
          errors.reference?.message ?? (partner ? t('referenceHint', { example: partner.example }) : ' ')
        }
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 40 },
          formHelperText: { id: hintId },
        }}
        {...register('reference', {
          validate: (value) => {
            const reference = normalise(value);
            if (!reference) return t('errReferenceRequired');
            if (partner && !new RegExp(partner.pattern).test(reference))
              return t('errFormat', { example: partner.example });
            return true;
          },
        })}
      />
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={sending.isLoading}>
        {t('sendOtp')}
      </Button>
    </Box>
  );
}

/** Step 2: the 6-digit OTP sent to the masked e-mail; resend within the limits. */
function OtpStep({
  sent,
  txn,
  onResent,
  onChangeReference,
  onVerified,
}: {
  sent: Sent;
  txn: Txn;
  onResent: (sent: Omit<Sent, 'key'>) => void;
  onChangeReference: () => void;
  onVerified: () => void;
}) {
  const t = useT(evaluationCatalog);
  const codeRef = useRef<BlockCodeInputHandle>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verify, verifying] = useVerifyEvalOtpMutation();
  const [sendOtp, resending] = useSendEvalOtpMutation();
  const block = useOtpBlock();

  const submit = async () => {
    setError(null);
    setNotice(null);
    const result = await verify({ orgId: txn.orgId, txnId: txn.txnId, otpId: sent.otpId, otp });
    if ('error' in result) {
      block.noteFailure(result.error);
      setError(failureText(t, result.error, undefined));
      setOtp('');
      codeRef.current?.focus();
      return;
    }
    onVerified();
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    const result = await sendOtp({
      orgId: txn.orgId,
      txnId: txn.txnId,
      partner: sent.partner,
      reference: sent.reference,
    });
    if ('error' in result) {
      block.noteFailure(result.error);
      setError(failureText(t, result.error, undefined));
      return;
    }
    setOtp('');
    setNotice(t('otpResent'));
    onResent({ ...result.data, partner: sent.partner, reference: sent.reference });
    codeRef.current?.focus();
  };

  return (
    <OtpEntry
      length={EMAIL_OTP.length}
      sentTo={t('otpSentTo', { length: EMAIL_OTP.length, email: sent.maskedEmail })}
      changeLabel={t('changeReference')}
      onChange={onChangeReference}
      otp={otp}
      onOtpChange={setOtp}
      onVerify={() => void submit()}
      onIncomplete={() => {
        setError(t('errOtpLength', { length: EMAIL_OTP.length }));
        codeRef.current?.focus();
      }}
      onResend={() => void resend()}
      verifying={verifying.isLoading}
      resending={resending.isLoading}
      resendIn={sent.resendIn}
      sendKey={sent.key}
      canResend={sent.requestsLeft > 0}
      blockedUntil={block.blockedUntil}
      error={error}
      notice={notice}
      codeRef={codeRef}
      footer={
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} role="status">
          {t('requestsLeft', { count: sent.requestsLeft })}
        </Typography>
      }
      text={{
        codeLabel: t('otpLabel'),
        digitLabel: (position, count) => t('otpDigit', { position, count }),
        verify: t('verifyOtp'),
        didntReceive: t('didntReceive'),
        resend: t('resend'),
        resendIn: (seconds) => t('resendIn', { seconds }),
      }}
    />
  );
}

/** The form this screen belongs to: the query (?orgId&formId&txnId) or what the sso entry stored. */
function useFormRef(): { orgId: string | null; formId: string | null; txnId: string | null } {
  const [params] = useSearchParams();
  const pick = (key: string) => params.get(key)?.trim() || getItem(key);
  return { orgId: pick('orgId'), formId: pick('formId'), txnId: pick('txnId') };
}

function PartnerScreen({ txn }: { txn: Txn }) {
  const t = useT(evaluationCatalog);
  const partners = useGetEvaluationPartnersQuery();
  const evalInfo = useGetEvalInfoQuery({ orgId: txn.orgId, txnId: txn.txnId });

  // The step is the server's (issue 24): a reload or a new tab waits for it rather than starting over.
  if (partners.isLoading || evalInfo.isLoading) return <PageLoader label={t('loading')} />;
  if (!partners.data)
    return (
      <FailedToLoad label={t('partnersFailed')} retry={t('retry')} onRetry={() => void partners.refetch()} />
    );
  if (!evalInfo.data)
    return (
      <FailedToLoad label={t('stepFailed')} retry={t('retry')} onRetry={() => void evalInfo.refetch()} />
    );
  return <PartnerSteps txn={txn} partners={partners.data.list} evalInfo={evalInfo.data} />;
}

function FailedToLoad({ label, retry, onRetry }: { label: string; retry: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retry}
        </Button>
      }
    >
      {label}
    </Alert>
  );
}

function PartnerSteps({
  txn,
  partners: list,
  evalInfo,
}: {
  txn: Txn;
  partners: EvaluationPartner[];
  evalInfo: EvalInfoState;
}) {
  const t = useT(evaluationCatalog);
  const navigate = useNavigate();
  // A code sent before (this tab reloaded, or another tab asked for it) that still works: its OTP step,
  // so the candidate types the latest code instead of spending one of the 3 requests, or being refused.
  const [sent, setSent] = useState<Sent | null>(() =>
    evalInfo.pendingOtp ? { ...evalInfo.pendingOtp, key: 1 } : null,
  );
  const [form, setForm] = useState<ReferenceForm>({ partner: '', reference: '' });
  const goHome = () =>
    void navigate(formEntryPath(txn.formId, txn.txnId, txn.orgId), { state: FORM_HOME_STATE, replace: true });
  const validated = evalInfo.provider ? evalInfo : null;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto', display: 'grid', gap: 2.5 }}
    >
      <Box>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('subheading')}
        </Typography>
        <Typography color="text.secondary">{t('intro', { length: EMAIL_OTP.length })}</Typography>
      </Box>
      {validated && !sent && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" onClick={goHome}>
              {t('continue')}
            </Button>
          }
        >
          {t('validated', {
            reference: validated.reference ?? '',
            partner: validated.providerName ?? validated.provider ?? '',
          })}
        </Alert>
      )}
      {sent ? (
        <OtpStep
          sent={sent}
          txn={txn}
          onResent={(next) => setSent({ ...next, key: sent.key + 1 })}
          onChangeReference={() => {
            setForm({ partner: sent.partner, reference: sent.reference });
            setSent(null);
          }}
          onVerified={goHome}
        />
      ) : (
        <ReferenceStep
          partners={list}
          txn={txn}
          initial={form}
          onSent={(next) => setSent({ ...next, key: 1 })}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('rules', {
          maxRequests: EMAIL_OTP.maxRequests,
          maxFailedAttempts: EMAIL_OTP.maxFailedAttempts,
          blockHours,
        })}
      </Typography>
    </Paper>
  );
}

/** /select-evaluation-partner (spec §2, after single sign-on): validate the reference by e-mail OTP. */
export default function SelectEvaluationPartnerPage() {
  const t = useT(evaluationCatalog);
  const { orgId, formId, txnId: knownTxnId } = useFormRef();
  const [createTransaction, creating] = useCreateTransactionMutation();
  const [txnId, setTxnId] = useState(knownTxnId);
  // A single sign-on link opens this step before the form home: the privacy notice comes first, as a
  // code sent to the partner's e-mail is processing for the request (issue 29; the server refuses 340).
  const [consented, setConsented] = useState(false);
  const info = useGetTransactionInfoQuery(orgId && txnId ? { orgId, txnId } : skipToken);

  // An sso link without a txnId: the candidate's transaction of the form (created once, else returned).
  useEffect(() => {
    if (txnId || !orgId || !formId) return;
    void createTransaction({ orgId, formId }).then((result) => {
      if ('data' in result && result.data) {
        setItem('txnId', result.data.transactionId);
        setTxnId(result.data.transactionId);
      }
    });
  }, [txnId, orgId, formId, createTransaction]);

  if (!orgId || !formId || (!txnId && creating.isError))
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('noFormTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('noFormBody')}
        </Typography>
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('goHome')}
        </Button>
      </Paper>
    );
  if (!txnId || info.isLoading) return <PageLoader label={t('loading')} />;
  // Only a request not started yet asks for the notice here (started ones consented on their way);
  // not knowing the state, the notice is shown: it goes straight on when consent was given.
  if (!consented && (info.data === undefined || info.data.state === 'NOT_INITIALIZED'))
    return (
      <Suspense fallback={<PageLoader label={t('loading')} />}>
        <ConsentNotice
          key={`${orgId}/${txnId}`}
          orgId={orgId}
          txnId={txnId}
          onConsented={() => setConsented(true)}
        />
      </Suspense>
    );
  return <PartnerScreen key={`${orgId}/${txnId}`} txn={{ orgId, formId, txnId }} />;
}
