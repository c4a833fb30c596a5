import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  ORG_NOT_FOUND_CODE,
  loadWithRetry,
  initButton,
  isFormExpired,
  startAction,
  type InitButton,
  type Organisation,
  type PublicForm,
  type TransactionInfo,
} from '@veridocs/shared';
import { ConsentNotice } from '../../app/consent-notice';
import { PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useT } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { profileApi } from '../../app/store/profile-api';
import { selectProfileName } from '../../app/store/selectors';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setStartButtonClicked } from '../../app/store/slices/misc-slice';
import {
  FIRST_TRANSACTIONS,
  transactionsApi,
  useCreateTransactionMutation,
  useGetCandidateTransactionsQuery,
  useGetOrganisationQuery,
  useGetPublicFormsQuery,
  useGetTransactionInfoQuery,
  useProcessTransactionMutation,
  useSaveUserResponseMutation,
} from '../../app/store/transactions-api';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import type { Answers } from './dialogs/questionnaire-dialog';
import { ekycCatalog } from './ekyc-catalog';
import { NoticeScreen } from './notice-screen';
import { PageLoader } from '../../components/page-loader/page-loader';
import { OverlayLoader } from '../../components/page-loader/overlay-loader';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { refetchOnMount } from '../../lib/after-first-screen';

// Start's dialogs (with MUI's Dialog and Modal) load when Start opens one: the init screen draws
// without them (issue 31 §2).
const QuestionnaireDialog = lazy(() =>
  loadWithRetry(() =>
    import('./dialogs/questionnaire-dialog').then((m) => ({ default: m.QuestionnaireDialog })),
  ),
);
const StartProcessDialog = lazy(() =>
  loadWithRetry(() =>
    import('./dialogs/start-process-dialog').then((m) => ({ default: m.StartProcessDialog })),
  ),
);

interface Loaded {
  org: Organisation;
  form: PublicForm;
  txnId: string | null;
  txnState: string | null;
  accessDenied: boolean;
}

type Status =
  { kind: 'loading' } | { kind: 'ready'; data: Loaded } | { kind: 'unknown-org' } | { kind: 'unknown-form' };

const failedWith = (error: unknown, code: number) => isApiQueryError(error) && error.code === code;

/**
 * What the init screen needs: the organisation and its public forms, then the transaction of the link
 * or, without one, the candidate's own transaction of this form (first 100, spec §9). A failure to
 * show on /error (spec §8) comes back as `fatal`.
 */
function useEntry(
  formId: string,
  orgId: string,
  txnId: string | undefined,
): { status: Status; fatal: unknown } {
  const org = useGetOrganisationQuery(orgId, { refetchOnMountOrArgChange: refetchOnMount() });
  const forms = useGetPublicFormsQuery(orgId);
  const form = forms.currentData?.list.find((f) => f.formId === formId);
  const info = useGetTransactionInfoQuery(form && txnId ? { orgId, txnId } : skipToken, {
    refetchOnMountOrArgChange: refetchOnMount(),
  });
  // List fetches fail silently (spec §8): without the list there is just no transaction to view.
  const mine = useGetCandidateTransactionsQuery(form && !txnId ? FIRST_TRANSACTIONS : skipToken);

  const orgFailure = org.error ?? forms.error;
  if (orgFailure !== undefined) {
    if (failedWith(orgFailure, ORG_NOT_FOUND_CODE)) return { status: { kind: 'unknown-org' }, fatal: null };
    return { status: { kind: 'loading' }, fatal: orgFailure };
  }
  if (!org.currentData || !forms.currentData) return { status: { kind: 'loading' }, fatal: null };
  if (!form) return { status: { kind: 'unknown-form' }, fatal: null };
  const ready = (data: Pick<Loaded, 'txnId' | 'txnState' | 'accessDenied'>): Status => ({
    kind: 'ready',
    data: { org: org.currentData as Organisation, form, ...data },
  });

  if (txnId) {
    // The candidate's own request, but of another form than the link's: not this form's to open.
    if (info.currentData)
      return {
        status: ready({
          txnId,
          txnState: info.currentData.state,
          accessDenied: info.currentData.formId !== formId,
        }),
        fatal: null,
      };
    // Spec §8: a transaction info failure goes to /error with its message; 122 too (an unknown id
    // and another candidate's answer the same, ADR 0003: the message says "Access not allowed").
    return { status: { kind: 'loading' }, fatal: info.error ?? null };
  }
  if (!mine.currentData && !mine.isError) return { status: { kind: 'loading' }, fatal: null };
  const own = mine.currentData?.list.find((t) => t.formId === formId && t.orgId === orgId) ?? null;
  return {
    status: ready({ txnId: own?.txnId ?? null, txnState: own?.state ?? null, accessDenied: false }),
    fatal: null,
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
  const storedName = useAppSelector(selectProfileName);
  const profileLoaded = useAppSelector((state) => state.profile.profileDetails !== undefined);
  const { status, fatal } = useEntry(formId, orgId, txnId);
  const [createTransaction] = useCreateTransactionMutation();
  const [processTransaction] = useProcessTransactionMutation();
  const [saveUserResponse] = useSaveUserResponseMutation();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const startDialogOpened = useOpenedOnce(dialog?.kind === 'start');
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The transaction whose privacy notice is read before it starts (ADR 0049). */
  const [noticeFor, setNoticeFor] = useState<string | null>(null);
  /** What Start had read when it showed the notice: the consent goes on from it, not from a new read. */
  const awaitingNotice = useRef<TransactionInfo | null>(null);

  useEffect(() => {
    if (fatal) void navigate(PATHS.error, { state: { message: queryErrorMessage(fatal) } });
  }, [fatal, navigate]);

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
    const profile = await dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
    return Boolean(profile.data?.profileDetails?.name?.trim());
  };

  /** Creates (or finds) the transaction and opens the dialog the start rule asks for. */
  const openStartDialog = async () => {
    // A failure's snackbar comes from the api's one error middleware; the flow just stops.
    const created = await createTransaction({ orgId, formId });
    if (created.error) return;
    const id = created.data.transactionId;
    if (id !== txnId) void navigate(formEntryPath(formId, id, orgId), { replace: true });
    const loaded = await dispatch(
      transactionsApi.endpoints.getTransactionInfo.initiate(
        { orgId, txnId: id },
        { subscribe: false, forceRefetch: true },
      ),
    );
    const info = loaded.data;
    if (!info) {
      if (loaded.error) void navigate(PATHS.error, { state: { message: queryErrorMessage(loaded.error) } });
      return;
    }
    // Not started yet: the candidate reads the notice and consents first; the consent goes on from here.
    if (info.state === 'NOT_INITIALIZED') {
      awaitingNotice.current = info;
      setNoticeFor(id);
      return;
    }
    await openDialogFor(info);
  };

  /** The dialog the start rule asks for this transaction (the notice answered when it had to be). */
  const openDialogFor = async (info: TransactionInfo) => {
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
  };

  const start = async () => {
    setBusy(true);
    await openStartDialog().finally(() => setBusy(false));
  };

  /** After the questionnaire (or the click-start dialog): process, or mark Start as clicked. */
  const proceed = async ({ info, profileHasName: hasName }: NonNullable<Dialog>, answers: Answers | null) => {
    setBusy(true);
    setSubmitError(null);
    if (answers) {
      const saved = await saveUserResponse({ orgId, txnId: info.txnId, data: answers });
      if (saved.error) {
        // A quiet call: the questionnaire shows the failure inline.
        setSubmitError(queryErrorMessage(saved.error));
        setBusy(false);
        return;
      }
    }
    const action = startAction({
      questionnaireRequired: info.questionnaire.isRequired,
      questionnaireAnswered: info.questionnaire.answered || answers !== null,
      profileHasName: hasName,
      state: info.state,
      basicDetailsRequired: info.basicDetailsRequired,
    });
    if (action === 'process') {
      const processed = await processTransaction({ orgId, txnId: info.txnId });
      // The snackbar told the candidate what went wrong (not again inside the dialog).
      if (processed.error) {
        setBusy(false);
        return;
      }
    } else dispatch(setStartButtonClicked(true));
    setBusy(false);
    setDialog(null);
    showFormHome(info.txnId);
  };

  if (noticeFor)
    return (
      <Suspense fallback={<PageLoader />}>
        <ConsentNotice
          orgId={orgId}
          txnId={noticeFor}
          onConsented={() => {
            const info = awaitingNotice.current;
            awaitingNotice.current = null;
            setNoticeFor(null);
            if (info) void openDialogFor(info);
          }}
        />
      </Suspense>
    );

  const orgName = data ? data.org.displayName || data.org.name : '';
  // The organisation's own colour (the portal's branding; the server keeps it at 4.5:1 with white text).
  const brand = data?.org.primaryColor;
  const brandFill = brand ? { bgcolor: brand, color: '#fff' } : {};

  return (
    <Paper
      variant="outlined"
      data-brand={brand ?? undefined}
      sx={{
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        maxWidth: 560,
        mx: 'auto',
        ...(brand ? { borderTop: `6px solid ${brand}` } : {}),
      }}
    >
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
              sx={{
                width: 72,
                height: 72,
                mx: 'auto',
                mb: 2,
                bgcolor: 'primary.main',
                fontSize: 30,
                ...brandFill,
              }}
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
              sx={{
                minWidth: 240,
                ...(brand ? { ...brandFill, '&:hover': { ...brandFill, filter: 'brightness(0.9)' } } : {}),
              }}
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
        <Suspense fallback={<OverlayLoader />}>
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
        </Suspense>
      )}
      {startDialogOpened && (
        <Suspense fallback={<OverlayLoader />}>
          <StartProcessDialog
            open={dialog?.kind === 'start'}
            busy={busy}
            onStart={() => dialog && void proceed(dialog, null)}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
