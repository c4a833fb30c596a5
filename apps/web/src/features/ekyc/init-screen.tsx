import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  ERROR_CODES,
  UI_LIMITS,
  initButton,
  isFormExpired,
  startAction,
  type InitButton,
  type Organisation,
  type PublicForm,
  type TransactionInfo,
} from '@veridocs/shared';
import { PATHS, formEntryPath } from '../../app/paths';
import { useT } from '../../i18n';
import { useSession } from '../../app/session/session-context';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectProfileName } from '../../app/store/selectors';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setStartButtonClicked } from '../../app/store/slices/misc-slice';
import { errorMessage, hasCode } from '../../lib/api-client';
import {
  createTransaction,
  fetchCandidateTransactions,
  fetchPublicForms,
  fetchTransactionInfo,
  processTransaction,
  saveUserResponse,
} from '../../lib/api/verification-api';
import { fetchOrganisation } from '../../lib/api/organisation-api';
import { QuestionnaireDialog, type Answers } from './dialogs/questionnaire-dialog';
import { StartProcessDialog } from './dialogs/start-process-dialog';
import { ekycCatalog } from './ekyc-catalog';
import { NoticeScreen } from './notice-screen';

interface Loaded {
  org: Organisation;
  form: PublicForm;
  txnId: string | null;
  txnState: string | null;
  accessDenied: boolean;
}

type Status =
  { kind: 'loading' } | { kind: 'ready'; data: Loaded } | { kind: 'unknown-org' } | { kind: 'unknown-form' };

async function loadEntry(formId: string, orgId: string, txnId: string | undefined): Promise<Status> {
  let org: Organisation;
  let forms: PublicForm[];
  try {
    [org, forms] = await Promise.all([
      fetchOrganisation(orgId),
      fetchPublicForms(orgId).then((page) => page.list),
    ]);
  } catch (error) {
    if (hasCode(error, ERROR_CODES.ORG_NOT_FOUND.code)) return { kind: 'unknown-org' };
    throw error;
  }
  const form = forms.find((f) => f.formId === formId);
  if (!form) return { kind: 'unknown-form' };

  if (txnId) {
    try {
      const info = await fetchTransactionInfo(orgId, txnId);
      return { kind: 'ready', data: { org, form, txnId, txnState: info.state, accessDenied: false } };
    } catch (error) {
      // 122: a transaction this account cannot open. Unknown and foreign ids get the same answer (the
      // server does not tell which ids exist, ADR 0003), so both show "Access not allowed".
      if (hasCode(error, ERROR_CODES.TRANSACTION_ACCESS_DENIED.code))
        return { kind: 'ready', data: { org, form, txnId, txnState: null, accessDenied: true } };
      // Spec §8: any other transaction info failure goes to /error.
      throw error;
    }
  }
  // No transaction in the link: the candidate's own one of this form, if any (first 100, spec §9).
  const mine = await fetchCandidateTransactions(0, UI_LIMITS.homeTransactionCheck)
    .then((page) => page.list.find((t) => t.formId === formId && t.orgId === orgId) ?? null)
    .catch(() => null);
  return {
    kind: 'ready',
    data: { org, form, txnId: mine?.txnId ?? null, txnState: mine?.state ?? null, accessDenied: false },
  };
}

/** The init button's label (spec §2), by the shared rule's English value. */
const INIT_BUTTON_KEYS = {
  'Start Verification': 'startVerification',
  'View Verification': 'viewVerification',
  'Form Expired': 'formExpired',
  'Access not allowed': 'accessNotAllowed',
} as const satisfies Record<InitButton, string>;

/** The dialog Start opened, with what it found out (the profile name does not change in between). */
type Dialog = { kind: 'questionnaire' | 'start'; info: TransactionInfo; profileHasName: boolean } | null;

/**
 * The init screen (spec §2): the requesting organisation, the platform line, and one button from the
 * shared initButton rule; Start creates (or finds) the transaction and runs the start rule of §4.
 */
export function InitScreen({ formId, orgId, txnId }: { formId: string; orgId: string; txnId?: string }) {
  const t = useT(ekycCatalog);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useSession();
  const storedName = useAppSelector(selectProfileName);
  const profileLoaded = useAppSelector((state) => state.profile.profileDetails !== undefined);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The transaction this screen put into the URL itself: no reload for that change. */
  const ownTxn = useRef<string | null>(null);

  useEffect(() => {
    if (txnId && ownTxn.current === txnId) return;
    let live = true;
    setStatus({ kind: 'loading' });
    loadEntry(formId, orgId, txnId)
      .then((next) => {
        if (live) setStatus(next);
      })
      .catch((error: unknown) => {
        if (live) void navigate(PATHS.error, { state: { message: errorMessage(error) } });
      });
    return () => {
      live = false;
    };
  }, [formId, orgId, txnId, navigate]);

  if (status.kind === 'unknown-org')
    return <NoticeScreen title={t('orgNotFound')}>{t('orgNotFoundBody')}</NoticeScreen>;
  if (status.kind === 'unknown-form')
    return <NoticeScreen title={t('formNotFound')}>{t('formNotFoundBody')}</NoticeScreen>;

  const data = status.kind === 'ready' ? status.data : null;
  const formExpired = data ? data.form.isExpired || isFormExpired(data.form.expiry, new Date()) : false;
  const label = data
    ? initButton({ accessDenied: data.accessDenied, formExpired, transactionState: data.txnState })
    : null;

  const showFormHome = (id: string) => {
    const link = formEntryPath(formId, id, orgId);
    ownTxn.current = id;
    // The form entry stores the new URL as the searched query (its effect runs on every URL change).
    if (id !== txnId) void navigate(link, { replace: true });
    dispatch(setShowInitScreen(false));
  };

  /**
   * The form entry loads the profile on mount: its name is in the store. Only while that load has not
   * landed (or failed) is it asked for here, sharing a request still on its way.
   */
  const profileHasName = async () => {
    if (profileLoaded) return storedName !== '';
    const profile = await session.loadProfile();
    return Boolean(profile?.profileDetails?.name?.trim());
  };

  const start = async () => {
    setBusy(true);
    try {
      const created = await createTransaction(orgId, formId);
      const id = created.transactionId;
      if (id !== txnId) {
        ownTxn.current = id;
        void navigate(formEntryPath(formId, id, orgId), { replace: true });
      }
      const info = await fetchTransactionInfo(orgId, id);
      const hasName = await profileHasName();
      const action = startAction({
        questionnaireRequired: info.questionnaire.isRequired,
        questionnaireAnswered: info.questionnaire.answered,
        profileHasName: hasName,
        state: info.state,
        basicDetailsRequired: info.basicDetailsRequired,
      });
      setSubmitError(null);
      setDialog({
        kind: action === 'questionnaire' ? 'questionnaire' : 'start',
        info,
        profileHasName: hasName,
      });
    } catch {
      // The snackbar told the candidate what went wrong.
    } finally {
      setBusy(false);
    }
  };

  /** After the questionnaire (or the click-start dialog): process, or mark Start as clicked. */
  const proceed = async ({ info, profileHasName: hasName }: NonNullable<Dialog>, answers: Answers | null) => {
    setBusy(true);
    setSubmitError(null);
    if (answers) {
      try {
        await saveUserResponse(orgId, info.txnId, answers);
      } catch (error) {
        // A quiet call: the questionnaire shows the failure inline.
        setSubmitError(errorMessage(error));
        setBusy(false);
        return;
      }
    }
    try {
      const action = startAction({
        questionnaireRequired: info.questionnaire.isRequired,
        questionnaireAnswered: info.questionnaire.answered || answers !== null,
        profileHasName: hasName,
        state: info.state,
        basicDetailsRequired: info.basicDetailsRequired,
      });
      if (action === 'process') await processTransaction(orgId, info.txnId);
      else dispatch(setStartButtonClicked(true));
      setDialog(null);
      showFormHome(info.txnId);
    } catch {
      // The snackbar told the candidate what went wrong (not again inside the dialog).
    } finally {
      setBusy(false);
    }
  };

  const orgName = data ? data.org.displayName || data.org.name : '';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      {!data ? (
        <Box
          role="status"
          aria-label={t('loadingForm')}
          sx={{ display: 'grid', justifyItems: 'center', gap: 1.5 }}
        >
          <Skeleton variant="circular" width={72} height={72} />
          <Skeleton width="50%" height={36} />
          <Skeleton width="70%" />
          <Skeleton variant="rounded" width={220} height={44} />
        </Box>
      ) : (
        <>
          {data.org.imageUrl ? (
            <Box
              component="img"
              src={data.org.imageUrl}
              alt={t('orgLogo', { name: orgName })}
              sx={{ maxHeight: 72, maxWidth: 200, objectFit: 'contain', mb: 2 }}
            />
          ) : (
            <Avatar
              aria-hidden
              sx={{ width: 72, height: 72, mx: 'auto', mb: 2, bgcolor: 'primary.main', fontSize: 30 }}
            >
              {orgName.charAt(0).toUpperCase()}
            </Avatar>
          )}
          <Typography variant="h2" component="h2" sx={{ mb: 0.5 }}>
            {orgName}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('platformLine')}
          </Typography>
          <Typography sx={{ mb: 3 }}>{data.form.name}</Typography>
          {label === 'Form Expired' && (
            <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
              {t('expiredInit')}
            </Alert>
          )}
          {label === 'Access not allowed' && (
            <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
              {t('accessDeniedBody')}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center' }}>
            <Button
              variant="contained"
              size="large"
              sx={{ minWidth: 240 }}
              disabled={label === 'Form Expired' || label === 'Access not allowed'}
              loading={busy}
              onClick={() => {
                if (label === 'View Verification' && data.txnId) showFormHome(data.txnId);
                else if (label === 'Start Verification') void start();
              }}
            >
              {label && t(INIT_BUTTON_KEYS[label])}
            </Button>
            <Button component={RouterLink} to="/" variant="text">
              {t('goBackHome')}
            </Button>
          </Box>
        </>
      )}
      {dialog?.kind === 'questionnaire' && (
        <QuestionnaireDialog
          open
          formId={formId}
          orgId={orgId}
          txnId={dialog.info.txnId}
          busy={busy}
          submitError={submitError}
          onSubmit={(answers) => void proceed(dialog, answers)}
          onClose={() => setDialog(null)}
        />
      )}
      <StartProcessDialog
        open={dialog?.kind === 'start'}
        busy={busy}
        onStart={() => dialog && void proceed(dialog, null)}
        onClose={() => setDialog(null)}
      />
    </Paper>
  );
}
