import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { OTP_RESEND_TOO_SOON_CODE, type OtpChannel, type Session, loadWithRetry } from '@veridocs/shared';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { LanguageMenu } from '../../components/language-menu/language-menu';
import { PageLoader } from '../../components/page-loader/page-loader';
import { RichText, useT } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api-client';
import { removeItem, setJson } from '../../lib/storage';
import { useOtpBlock } from '../../components/otp-entry/use-otp-block';
import { PATHS } from '../../app/paths';
import { useSession } from '../../app/session/session-context';
import { useAppDispatch } from '../../app/store/hooks';
import { login } from '../../app/store/slices/auth-slice';
import { requestOtp, verifyOtp } from './auth-api';
import { authCatalog } from './auth-catalog';
import { BrandPanel } from './brand-panel';
import { RequestingOrg, formLinkOrgId } from './requesting-org';
import { MobileStep } from './mobile-step';
import { STORED_STEP, readStoredStep, type Step, type StoredStep } from './stored-step';

const NameStep = lazy(() => loadWithRetry(() => import('./name-step')));
// The OTP step (six blocks, the countdown) is not needed to draw the page: it loads once the visitor
// starts typing the number, seconds before it is needed (ADR 0012).
const loadOtpStep = () => import('./otp-step');
const OtpStep = lazy(() => loadWithRetry(loadOtpStep));

type Busy = 'send' | 'resend' | 'verify' | null;

function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== OTP_RESEND_TOO_SOON_CODE) return null;
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : null;
}

const SUBTITLES = {
  mobile: 'subtitleMobile',
  otp: 'subtitleOtp',
  name: 'subtitleName',
} as const satisfies Record<Step['kind'], string>;

/** Sign up / Login (spec §2): mobile number, OTP, and for a new number its name. */
export default function LoginPage() {
  const t = useT(authCatalog);
  const dispatch = useAppDispatch();
  const sessionController = useSession();
  const headingId = useId();
  // A form link opened while signed out: the organisation that sent it is named on the page.
  const requestingOrgId = formLinkOrgId(useLocation().state);
  const [restored] = useState(readStoredStep);
  const [mobile, setMobile] = useState(restored?.mobile ?? '');
  const [channel, setChannel] = useState<OtpChannel>(restored?.channel ?? 'sms');
  const [step, setStep] = useState<Step>(restored?.step ?? { kind: 'mobile', returned: false });
  const [expiresAt, setExpiresAt] = useState(restored?.expiresAt ?? 0);
  const [resendAt, setResendAt] = useState(restored?.resendAt ?? 0);
  const block = useOtpBlock(restored?.blockedUntil ?? null);
  const [otp, setOtp] = useState('');
  const [sendKey, setSendKey] = useState(0);
  const [busy, setBusy] = useState<Busy>(null);
  // A block restored by a reload is said again (its message is the server's, in the candidate's language).
  const [error, setError] = useState<string | null>(restored?.blockedMessage ?? null);
  const [notice, setNotice] = useState<string | null>(null);

  // The step as it is now, for a reload; none once back at the number (or signed in: the page goes).
  useEffect(() => {
    if (step.kind === 'mobile') {
      removeItem(STORED_STEP, 'session');
      return;
    }
    const stored: StoredStep = { mobile, channel, step };
    if (step.kind === 'otp') {
      stored.expiresAt = expiresAt;
      stored.resendAt = resendAt;
      stored.blockedUntil = block.blockedUntil;
      stored.blockedMessage = block.blockedUntil !== null ? error : null;
    }
    setJson(STORED_STEP, stored, 'session');
  }, [step, mobile, channel, expiresAt, resendAt, block.blockedUntil, error]);

  /** A session: the login action, then the profile. The route table returns to the saved `from`. */
  const signIn = (session: Session) => {
    removeItem(STORED_STEP, 'session');
    dispatch(login({ ...session, startRefresh: true }));
    void sessionController.loadProfile();
  };

  const sendOtp = async (resend: boolean) => {
    setBusy(resend ? 'resend' : 'send');
    setError(null);
    setNotice(null);
    try {
      const sent = await requestOtp({ mobile, channel });
      setOtp('');
      setSendKey((key) => key + 1);
      setExpiresAt(Date.now() + sent.expiresIn * 1000);
      setResendAt(Date.now() + sent.resendIn * 1000);
      setStep({
        kind: 'otp',
        txnId: sent.txnId,
        channel: sent.channel,
        resendIn: sent.resendIn,
        requestsLeft: sent.requestsLeft,
      });
      if (resend) {
        setNotice(sent.requestsLeft > 0 ? t('resentMore', { count: sent.requestsLeft }) : t('resentLast'));
      }
    } catch (failure) {
      const retryAfter = retryAfterOf(failure);
      if (resend && retryAfter !== null) {
        setStep((current) => (current.kind === 'otp' ? { ...current, resendIn: retryAfter } : current));
        setResendAt(Date.now() + retryAfter * 1000);
        setSendKey((key) => key + 1);
      }
      if (resend) block.noteFailure(failure);
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (step.kind !== 'otp') return;
    setBusy('verify');
    setError(null);
    setNotice(null);
    try {
      const result = await verifyOtp(step.txnId, otp);
      if (result.newUser) {
        setStep({ kind: 'name', txnId: result.txnId, mobile: result.mobile });
      } else {
        signIn(result);
        return true;
      }
    } catch (failure) {
      block.noteFailure(failure);
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const backToMobile = () => {
    setError(null);
    setNotice(null);
    setOtp('');
    setStep({ kind: 'mobile', returned: true });
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(380px, 5fr) 7fr' },
        bgcolor: 'background.default',
      }}
    >
      <BrandPanel />
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', md: 'center' },
          px: { xs: 2, sm: 3 },
          py: { xs: 3, sm: 6 },
          position: 'relative',
        }}
      >
        {/* Top right, clear of the centred logo at 360 px (only its icon shows below 600 px). */}
        <Box sx={{ position: 'absolute', top: { xs: 12, sm: 16 }, right: { xs: 8, sm: 16 } }}>
          <LanguageMenu collapse />
        </Box>
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 3 }}>
            <BrandLogo size={36} />
          </Box>
          <Paper
            elevation={0}
            sx={{
              p: { xs: 0.5, sm: 4 },
              border: { xs: 'none', sm: 1 },
              borderColor: { sm: 'divider' },
              bgcolor: { xs: 'transparent', sm: 'background.paper' },
              boxShadow: { sm: '0 8px 28px rgba(20, 40, 70, 0.08)' },
            }}
          >
            {requestingOrgId && <RequestingOrg key={requestingOrgId} orgId={requestingOrgId} />}
            <Typography variant="h1" id={`${headingId}-title`} sx={{ mb: 0.75 }}>
              {t('title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t(SUBTITLES[step.kind])}
            </Typography>

            {step.kind === 'mobile' && (
              <MobileStep
                mobile={mobile}
                channel={channel}
                onMobileChange={(value) => {
                  void loadOtpStep();
                  setMobile(value);
                  setError(null);
                }}
                onChannelChange={setChannel}
                onSubmit={() => void sendOtp(false)}
                loading={busy === 'send'}
                error={error}
                autoFocus={step.returned}
              />
            )}
            {step.kind === 'otp' && (
              <Suspense fallback={<PageLoader />}>
                <OtpStep
                  mobile={mobile}
                  txnId={step.txnId}
                  channel={step.channel}
                  otp={otp}
                  onOtpChange={(value) => {
                    setOtp(value);
                    if (error) setError(null);
                  }}
                  onSubmit={verify}
                  onResend={() => void sendOtp(true)}
                  onChangeNumber={backToMobile}
                  verifying={busy === 'verify'}
                  resending={busy === 'resend'}
                  resendIn={step.resendIn}
                  sendKey={sendKey}
                  blockedUntil={block.blockedUntil}
                  error={error}
                  notice={notice}
                />
              </Suspense>
            )}
            {step.kind === 'name' && (
              <Suspense fallback={<PageLoader />}>
                <NameStep
                  mobile={step.mobile}
                  txnId={step.txnId}
                  onCreated={signIn}
                  onStartAgain={backToMobile}
                  headingId={`${headingId}-name`}
                />
              </Suspense>
            )}
          </Paper>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            <RichText
              catalog={authCatalog}
              id="agreeTerms"
              elements={{
                0: <Link component={RouterLink} to={PATHS.terms} />,
                1: <Link component={RouterLink} to={PATHS.privacyPolicy} />,
              }}
            />
          </Typography>
          <Typography variant="body2" sx={{ mt: 1.5, textAlign: 'center' }}>
            <Link component={RouterLink} to={PATHS.instructions}>
              {t('instructionsFaqs')}
            </Link>
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
