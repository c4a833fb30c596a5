import { Suspense, lazy, useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  EDITABLE_STATES,
  INVALID_TRANSITION_CODE,
  MINIMUM_SET_VERIFICATIONS,
  canSkip,
  continueAction,
  groupByCategory,
  isTransactionOpen,
  statusBanner,
  stepsCompleted,
  tileRoute,
  tileStatus,
  verificationTypeOf,
  instanceNumberOf,
  loadWithRetry,
  type PaymentModeResponse,
  type TransactionInfo,
  type VerificationEntry,
} from '@veridocs/shared';
import { ConsentNotice } from '../../app/consent-notice';
import { PATHS } from '../../app/paths';
import { useSourceLabel, useStateLabel } from '../../components/state-chip/state-catalog';
import { useT } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectDifferentVerifiedName, selectProfileDetailsDone } from '../../app/store/profile-selectors';
import { selectProfileName } from '../../app/store/selectors';
import { NameChangeNotice } from '../../app/name-change/name-change-notice';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setCurrentVerification, setSearchedQuery } from '../../app/store/slices/misc-slice';
import {
  useAddInstanceMutation,
  useDeleteVerificationMutation,
  useGetTransactionInfoQuery,
  useLazyGetPaymentModeQuery,
  useMarkAsSkipMutation,
  useProcessTransactionMutation,
  useSubmitTransactionMutation,
} from '../../app/store/transactions-api';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { localiseLabel } from '../../lib/content/config-text/localise-config';
import { useLabelText } from '../../lib/content/rules/use-label-text';
import { prerenderedFormHeading, rememberFormHome } from '../../lib/prerendered-form';
import type { PendingReason } from './dialogs/journey-dialogs';
import { ekycCatalog } from './ekyc-catalog';
import { journeyQuery, verificationsOf } from './journey';
import { NoticeScreen } from './notice-screen';
import { ReportNotice } from './report-notice';
import { StatusBanner } from './status-banner';
import { StepsRing } from './steps-ring';
import { VerificationTile } from './verification-tile';
import { track } from '../../lib/telemetry/tracker';
import { OverlayLoader } from '../../components/page-loader/overlay-loader';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { refetchOnMount } from '../../lib/after-first-screen';

// The journey's dialogs (with MUI's Dialog and Modal) load the first time one opens: the form home
// draws without them (issue 31 §2).
const journeyDialogs = () => import('./dialogs/journey-dialogs');
const SkipDialog = lazy(() => loadWithRetry(journeyDialogs).then((m) => ({ default: m.SkipDialog })));
const DeleteDialog = lazy(() => loadWithRetry(journeyDialogs).then((m) => ({ default: m.DeleteDialog })));
const PendingVerificationsDialog = lazy(() =>
  loadWithRetry(journeyDialogs).then((m) => ({ default: m.PendingVerificationsDialog })),
);
const ExpressWarningDialog = lazy(() =>
  loadWithRetry(journeyDialogs).then((m) => ({ default: m.ExpressWarningDialog })),
);
const SkipPendingDialog = lazy(() =>
  loadWithRetry(journeyDialogs).then((m) => ({ default: m.SkipPendingDialog })),
);

/** Tile subtitles (spec §2 "Tiles") by the verification's base name. */
const TILE_SUBTITLE_KEYS: Readonly<Record<string, 'subtitleDegree' | 'subtitleBoards'>> = {
  'bgv-degree': 'subtitleDegree',
  'bgv-tenth': 'subtitleBoards',
  'bgv-twelfth': 'subtitleBoards',
};

function tileSubtitle(
  t: (key: 'subtitleDegree' | 'subtitleBoards') => string,
  name: string,
): string | undefined {
  const key = TILE_SUBTITLE_KEYS[verificationTypeOf(name)];
  return key ? t(key) : undefined;
}

/**
 * The verifications a refused submit names (INVALID_TRANSITION with `data.pending`, ADR 0007): an empty
 * list is the minimum set; null is another refusal.
 */
function pendingNamesOf(error: unknown): string[] | null {
  // The one code, not ERROR_CODES: the whole table would be built into the form home's chunks.
  if (!isApiQueryError(error) || error.code !== INVALID_TRANSITION_CODE) return null;
  const pending = (error.data as { pending?: unknown } | null)?.pending;
  return Array.isArray(pending) && pending.every((name) => typeof name === 'string') ? pending : null;
}

/** The organisation's request: the same box while loading (from the page's names) and once loaded. */
function FormHeader({
  orgName,
  formName,
  children,
}: {
  orgName: string;
  formName: string;
  children: React.ReactNode;
}) {
  const t = useT(ekycCatalog);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h2" component="h2">
          {t('requesting', { org: orgName })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formName}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/**
 * While the transaction loads. The page the server sent may name the form (prerendered-form.ts): the
 * heading is then drawn at once, where the loaded screen draws it, and only the rest waits.
 */
function FormHomeSkeleton({ formId }: { formId: string }) {
  const t = useT(ekycCatalog);
  const heading = prerenderedFormHeading(formId);
  const ring = (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <Skeleton variant="circular" width={72} height={72} />
      <Skeleton width={120} />
    </Box>
  );
  const tiles = (
    <Box role="status" aria-label={t('loadingVerifications')} sx={{ display: 'grid', gap: 2 }}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={72} />
      ))}
    </Box>
  );
  if (heading)
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <FormHeader {...heading}>{ring}</FormHeader>
        {tiles}
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Skeleton width="70%" height={36} />
      {ring}
      {tiles}
    </Box>
  );
}

function TileGroup({
  idKey,
  title,
  insufficient,
  note,
  children,
}: {
  /** Names the group's id (stable across languages). */
  idKey: string;
  title: string;
  insufficient?: boolean;
  note?: string;
  children: React.ReactNode;
}) {
  const id = `group-${idKey.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box
      component="section"
      aria-labelledby={id}
      data-testid="tile-group"
      sx={insufficient ? { borderLeft: 4, borderColor: 'error.main', pl: 1.5 } : undefined}
    >
      <Typography
        id={id}
        variant="h3"
        component="h3"
        sx={{ mb: note ? 0.25 : 1, color: insufficient ? 'error.main' : 'text.primary' }}
      >
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      {/* Stack's spacing={1} in plain styles: MUI's Stack stays off the form home (issue 31 §2). */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          '& > :not(style):not(style)': { m: 0 },
          '& > :not(style) ~ :not(style)': { mt: 1 },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * The form home (spec §2): the organisation's request, the Steps Completed ring, one tile group per
 * category (insufficient first), the status banner and Continue (spec §4 "Continue").
 */
export function FormHome({ formId, orgId, txnId }: { formId: string; orgId: string; txnId: string }) {
  const t = useT(ekycCatalog);
  // The tiles' labels come from the configs, in English: shown in the reader's language.
  const ruleText = useLabelText();
  const stateLabel = useStateLabel();
  const sourceLabel = useSourceLabel();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const profileName = useAppSelector(selectProfileName);
  const detailsDone = useAppSelector(selectProfileDetailsDone);
  const verifiedName = useAppSelector(selectDifferentVerifiedName);
  const startButtonClicked = useAppSelector((state) => state.misc.startButtonClicked);
  // The transaction info is also the spec's verification.info (the endpoint keeps that slice).
  const loaded = useGetTransactionInfoQuery(
    { orgId, txnId },
    { refetchOnMountOrArgChange: refetchOnMount() },
  );
  // The answer arrives through the store, whose updates React renders in one go: deferred, the screen
  // it fills is drawn in slices between which the page stays responsive (issue 31 §2, TBT).
  const loadedInfo = useDeferredValue(loaded.currentData ?? null);
  // The candidate's own request of another form than the link's: not this form's to open. (An unknown
  // or another candidate's id fails to load, 122, and goes to /error like any other failure.)
  const denied = loadedInfo !== null && loadedInfo.formId !== formId;
  const info = denied ? null : loadedInfo;
  const failure = loaded.isError ? loaded.error : null;
  const [processTransaction] = useProcessTransactionMutation();
  const [submitTransaction] = useSubmitTransactionMutation();
  const [markAsSkip] = useMarkAsSkipMutation();
  const [addInstance] = useAddInstanceMutation();
  const [deleteVerification] = useDeleteVerificationMutation();
  const [adding, setAdding] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<VerificationEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [skipping, setSkipping] = useState<VerificationEntry | null>(null);
  const [pending, setPending] = useState<PendingReason | null>(null);
  const [skipPending, setSkipPending] = useState<string[] | null>(null);
  // A refusal of Continue that no dialog explains, said beside the button: Continue is never silent.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fetchPaymentMode] = useLazyGetPaymentModeQuery();
  // The payment mode whose express warning is open (spec §4 "Payment").
  const [expressWarning, setExpressWarning] = useState<PaymentModeResponse | null>(null);
  // A request not started yet (a single sign-on link comes here without the init screen): its privacy
  // notice is read and consented to first (issue 29); a consent already given goes straight on.
  const [noticeRead, setNoticeRead] = useState(false);
  const dialogsOpened = useOpenedOnce(
    skipping !== null ||
      deleting !== null ||
      pending !== null ||
      expressWarning !== null ||
      skipPending !== null,
  );

  // A reload of this tab shows the form home again: the server may send its pre-rendered heading.
  useEffect(() => rememberFormHome(txnId), [txnId]);

  // Spec §8: a transaction info fetch failure goes to /error with that message.
  useEffect(() => {
    if (failure) void navigate(PATHS.error, { state: { message: queryErrorMessage(failure) } });
  }, [failure, navigate]);

  if (denied)
    return (
      <NoticeScreen title={t('accessNotAllowed')} icon="block">
        {t('accessDeniedBody')}
      </NoticeScreen>
    );
  if (!info) return <FormHomeSkeleton formId={formId} />;
  // Stopped because the verified date of birth is under 18 (ADR 0049 "Minors"): said, with the way home.
  if (info.closedReason === 'under-18')
    return (
      <NoticeScreen title={t('underAgeTitle')} icon="block">
        {t('underAgeBody')}
      </NoticeScreen>
    );
  if (info.state === 'NOT_INITIALIZED' && !noticeRead)
    return (
      <Suspense fallback={<FormHomeSkeleton formId={formId} />}>
        <ConsentNotice orgId={orgId} txnId={txnId} onConsented={() => setNoticeRead(true)} />
      </Suspense>
    );

  const query = journeyQuery(orgId, txnId);
  // The payment screens' query names the transaction txId (spec §3 "Query parameters").
  const paymentQuery = `?${new URLSearchParams({ orgId, txId: txnId }).toString()}`;
  /** Spec §4 "Payment": fast-track offered → /select-mode, otherwise straight to the region. */
  const goOnToPay = (mode: PaymentModeResponse) =>
    void navigate(`${mode.expressAllowed ? PATHS.selectMode : PATHS.choosePaymentRegion}${paymentQuery}`);
  const evaluationPath = `${PATHS.selectEvaluationPartner}?${new URLSearchParams({ orgId, formId, txnId }).toString()}`;
  const localised = (v: VerificationEntry) => ({ ...v, label: localiseLabel(v.label, ruleText) });
  const list = verificationsOf(info).map(localised);
  /** The dialogs name verifications by their labels, in the reader's language. */
  const labelsOf = (current: TransactionInfo, names: readonly string[]) =>
    names.map((name) => {
      const entry = current.verificationList[name];
      return entry ? localised(entry).label : name;
    });
  const steps = stepsCompleted(list);
  const groups = groupByCategory(list);
  const isInsufficient = (g: { items: VerificationEntry[] }) =>
    g.items.some((v) => v.state === 'INSUFFICIENT_DATA');
  const banner = statusBanner(info, new Date());
  const notStarted = info.state === 'NOT_INITIALIZED';
  const expired = info.isExpired || info.form.isExpired;
  const showStart = notStarted && !startButtonClicked;

  const openTile = (v: VerificationEntry) => {
    track('verification', 'tile_opened', { verification: v.name, category: v.category.name, state: v.state });
    dispatch(setCurrentVerification(v.name));
    void navigate(`${tileRoute(v)}${journeyQuery(orgId, txnId, v.name)}`);
  };

  const runContinue = async (current: TransactionInfo) => {
    const verifications = verificationsOf(current);
    const action = continueAction({
      profileHasName: profileName !== '',
      state: current.state,
      // Saved basic and contact details need not be asked for again.
      basicDetailsRequired: current.basicDetailsRequired && !detailsDone,
      evaluationPending: current.evaluationInfo.required && !current.evaluationInfo.provider,
      paid: current.paymentDetails.length > 0,
      // The server refuses submit while the form requires payment (ADR 0006): the same flag decides here.
      paymentRequired: current.paymentRequired,
      verifications,
    });
    switch (action.kind) {
      case 'profile-mode':
        return void navigate(`${PATHS.profileMode}${query}`);
      case 'basic-details':
        return void navigate(`${PATHS.basicDetails}${query}`);
      case 'evaluation-partner':
        return void navigate(evaluationPath);
      case 'pending-minimum-set':
        return setPending({
          kind: 'pending-minimum-set',
          labels: verifications
            .filter((v) => MINIMUM_SET_VERIFICATIONS.includes(verificationTypeOf(v.name)))
            .map((v) => v.label),
        });
      case 'blocked':
        return setPending({ kind: 'blocked', labels: labelsOf(current, action.names) });
      case 'skip-pending':
        return setSkipPending(action.names);
      case 'payment': {
        // A failed call's snackbar comes from the api's error middleware.
        const mode = await fetchPaymentMode({ orgId, txnId }, false);
        if (!mode.data) return;
        if (mode.data.showWarning) return setExpressWarning(mode.data);
        return goOnToPay(mode.data);
      }
      case 'submitted':
        return void navigate(PATHS.submitted);
      case 'submit': {
        const submitted = await submitTransaction({ orgId, txnId });
        if ('data' in submitted) return void navigate(PATHS.submitted);
        return showRefusal(submitted.error);
      }
      // The process call's answer changes the transaction: its tag makes this screen load it again.
      case 'process-and-reload':
        await processTransaction({ orgId, txnId });
        return;
    }
  };

  /**
   * The server refused the submit although this screen let it through (the transaction changed in
   * another tab, or on another device): the verifications it names open the spec's dialogs, read on the
   * transaction as it is now; any other refusal is said beside Continue with the server's message.
   */
  const showRefusal = async (error: unknown) => {
    // Cancelled calls say nothing; an ended session is the API client's (logout, spec §8).
    if (!isApiQueryError(error) || error.cancelled || error.status === 401) return;
    const names = pendingNamesOf(error);
    if (names === null) return setRefusal(queryErrorMessage(error));
    const fresh =
      (await loaded
        .refetch()
        .unwrap()
        .catch(() => null)) ?? info;
    const entries = verificationsOf(fresh);
    if (names.length === 0)
      return setPending({
        kind: 'pending-minimum-set',
        labels: labelsOf(
          fresh,
          entries
            .filter((v) => MINIMUM_SET_VERIFICATIONS.includes(verificationTypeOf(v.name)))
            .map((v) => v.name),
        ),
      });
    const named = entries.filter((v) => names.includes(v.name));
    const blocked = named.filter((v) => !canSkip(v));
    if (named.length > 0 && blocked.length === 0) return setSkipPending(names);
    // Names the screen does not know (yet) are shown as they came.
    const unknown = names.filter((name) => !fresh.verificationList[name]);
    return setPending({
      kind: 'blocked',
      labels: labelsOf(fresh, [...blocked.map((v) => v.name), ...unknown]),
    });
  };

  const withBusy = async (work: () => Promise<void>) => {
    setBusy(true);
    await work().finally(() => setBusy(false));
  };

  const skipOne = () =>
    withBusy(async () => {
      if (!skipping) return;
      const skipped = await markAsSkip({ orgId, txnId, verificationNameList: [skipping.name] });
      if (!('data' in skipped)) return;
      track('form', 'verification_skipped', { count: 1 });
      setSkipping(null);
    });

  const skipAllPending = () =>
    withBusy(async () => {
      if (!skipPending) return;
      const { data: next } = await markAsSkip({ orgId, txnId, verificationNameList: skipPending });
      if (!next) return;
      track('form', 'verification_skipped', { count: skipPending.length });
      setSkipPending(null);
      // The answer is the transaction after the skip: Continue goes on from there.
      await runContinue(next);
    });

  const open = isTransactionOpen(info.state) && !expired;
  // A started transaction stays usable after its form expires (ADR 0007): what is unfinished in it can
  // still be skipped, as Continue's dialog offers.
  const skippable = (v: VerificationEntry) =>
    isTransactionOpen(info.state) && !(expired && notStarted) && canSkip(v);
  /** An instance of a multi-submission type the candidate may still change: an added one, or a started first. */
  const deletable = (v: VerificationEntry) =>
    open &&
    v.acceptMultipleSubmissions &&
    EDITABLE_STATES.includes(v.state) &&
    (instanceNumberOf(v.name) > 1 || v.state !== 'NOT_INITIALIZED' || v.markedAsSkip);

  /** "Add Another Degree": the new (or still empty) instance opens at once. */
  const addAnother = (type: string) =>
    withBusy(async () => {
      setAdding(type);
      try {
        const added = await addInstance({ orgId, txnId, type });
        if ('data' in added && added.data) {
          dispatch(setCurrentVerification(added.data.name));
          void navigate(`${PATHS.verification}${journeyQuery(orgId, txnId, added.data.name)}`);
        }
      } finally {
        setAdding(null);
      }
    });

  const deleteOne = () =>
    withBusy(async () => {
      if (!deleting) return;
      const done = await deleteVerification({ orgId, txnId, type: deleting.name });
      if ('data' in done) setDeleting(null);
    });

  const tile = (v: VerificationEntry) => {
    const status = tileStatus(v);
    return (
      <VerificationTile
        key={v.name}
        label={v.label}
        subtitle={tileSubtitle(t, v.name)}
        status={status}
        statusText={stateLabel(status)}
        note={v.state === 'INSUFFICIENT_DATA' ? v.insufficiency?.reason : sourceLabel(v.verifiedAtSource)}
        onOpen={() => openTile(v)}
        onSkip={skippable(v) ? () => setSkipping(v) : undefined}
        onDelete={deletable(v) ? () => setDeleting(v) : undefined}
      />
    );
  };

  const renderGroup = (g: { category: string; items: VerificationEntry[] }) => (
    <TileGroup
      key={g.category}
      idKey={`${g.category} Check`}
      title={t('categoryCheck', { category: g.category })}
      insufficient={isInsufficient(g)}
      // The minimum-set note is for filling in: once submitted there is nothing left to complete.
      note={g.category === 'Education' && isTransactionOpen(info.state) ? t('educationNote') : undefined}
    >
      {g.items.map(tile)}
      {open && addButtons(g.items)}
    </TileGroup>
  );

  /** One "Add another" button per type of the group that accepts several submissions. */
  function addButtons(items: VerificationEntry[]) {
    const types = [
      ...new Set(items.filter((v) => v.acceptMultipleSubmissions).map((v) => verificationTypeOf(v.name))),
    ];
    return types.map((type) => {
      const first =
        items.find((v) => v.name === type) ?? items.find((v) => verificationTypeOf(v.name) === type);
      const label =
        type === 'bgv-degree' ? t('addAnotherDegree') : t('addAnother', { label: first?.label ?? type });
      return (
        <Box key={`add-${type}`}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            loading={adding === type}
            disabled={busy && adding !== type}
            onClick={() => void addAnother(type)}
          >
            {label}
          </Button>
        </Box>
      );
    });
  }

  const showIdentity = !info.manualProfileRequired;
  const evaluation = info.evaluationInfo;
  const profileTiles = (showIdentity || info.basicDetailsRequired || evaluation.required) && (
    <TileGroup idKey="Your Details" title={t('yourDetails')}>
      {showIdentity && (
        <VerificationTile
          label={t('identity')}
          subtitle={profileName ? t('identityProfile', { name: profileName }) : t('aadhaarOrPassport')}
          status=""
          statusText=""
          onOpen={() =>
            void navigate(
              profileName
                ? `${PATHS.verificationInfo}${query}&showProfileData=true`
                : `${PATHS.profileMode}${query}`,
              profileName ? { state: { showProfileData: true } } : undefined,
            )
          }
        />
      )}
      {info.basicDetailsRequired && (
        <VerificationTile
          label={t('basicDetails')}
          subtitle={t('basicDetailsSubtitle')}
          status={detailsDone ? 'COMPLETED' : ''}
          statusText={detailsDone ? t('detailsSaved') : ''}
          onOpen={() => void navigate(`${PATHS.basicDetails}${query}`)}
        />
      )}
      {evaluation.required && (
        <VerificationTile
          label={t('evaluationPartner')}
          subtitle={
            evaluation.provider
              ? t('evaluationDone', { provider: evaluation.provider })
              : t('evaluationPending')
          }
          status={evaluation.provider ? 'COMPLETED' : ''}
          statusText={evaluation.provider ? t('evaluationValidated') : ''}
          onOpen={() => void navigate(evaluationPath)}
        />
      )}
    </TileGroup>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <FormHeader orgName={info.org.name} formName={info.form.name}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <StepsRing {...steps} />
          {info.paymentDetails.length > 0 && (
            <Link
              component={RouterLink}
              to={`${PATHS.formPayments}${paymentQuery}`}
              // /form-payments' back button returns to this form (spec §2 "Back button").
              onClick={() =>
                dispatch(setSearchedQuery({ pathname: location.pathname, search: location.search }))
              }
            >
              {t('viewTransactions')}
            </Link>
          )}
        </Box>
      </FormHeader>

      <StatusBanner banner={banner} />
      <ReportNotice report={info.report} />
      {(verifiedName || info.nameChangeRequest.requested) && (
        <NameChangeNotice
          orgId={orgId}
          txnId={txnId}
          // The identity check whose verified name differs: the form's Aadhaar or passport.
          verificationName={
            list.find(
              (v) =>
                ['aadhaar', 'passport'].includes(verificationTypeOf(v.name)) && v.state !== 'NOT_INITIALIZED',
            )?.name ??
            list.find((v) => v.category.name === 'Identity')?.name ??
            null
          }
          verifiedName={verifiedName ?? ''}
          profileName={profileName}
          requested={info.nameChangeRequest.requested}
        />
      )}
      {expired && notStarted && <Alert severity="warning">{t('expiredNotStarted')}</Alert>}

      {groups.filter(isInsufficient).map(renderGroup)}
      {profileTiles}
      {groups.filter((g) => !isInsufficient(g)).map(renderGroup)}
      {list.length === 0 && !profileTiles && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('noVerifications')}</Typography>
        </Paper>
      )}

      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
        {showStart ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ maxWidth: { sm: 280 } }}
            disabled={expired}
            onClick={() => {
              dispatch(setShowInitScreen(true));
              // Come back from a step (the evaluation partner after an sso link), the address carries the
              // form-home state, which keeps the form home up whatever the flag says: drop it, so the init
              // screen (where the candidate starts: questionnaire, name) shows.
              if (location.state) void navigate(`${location.pathname}${location.search}`, { replace: true });
            }}
          >
            {t('startVerification')}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ maxWidth: { sm: 280 } }}
            loading={busy && !skipping && !skipPending && !deleting && !adding}
            onClick={() => {
              setRefusal(null);
              void withBusy(() => runContinue(info));
            }}
          >
            {t('continue')}
          </Button>
        )}
      </Box>

      {dialogsOpened && (
        <Suspense fallback={<OverlayLoader />}>
          <SkipDialog
            label={skipping?.label ?? null}
            busy={busy}
            onConfirm={() => void skipOne()}
            onClose={() => setSkipping(null)}
          />
          <DeleteDialog
            target={deleting ? { label: deleting.label, clear: instanceNumberOf(deleting.name) === 1 } : null}
            busy={busy}
            onConfirm={() => void deleteOne()}
            onClose={() => setDeleting(null)}
          />
          <PendingVerificationsDialog reason={pending} onClose={() => setPending(null)} />
          <ExpressWarningDialog
            open={expressWarning !== null}
            unsupportedLabels={[]}
            onProceed={() => {
              const mode = expressWarning;
              setExpressWarning(null);
              if (mode) goOnToPay(mode);
            }}
            onClose={() => setExpressWarning(null)}
          />
          <SkipPendingDialog
            labels={skipPending ? labelsOf(info, skipPending) : null}
            busy={busy}
            onConfirm={() => void skipAllPending()}
            onClose={() => setSkipPending(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
