import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  EDITABLE_STATES,
  ERROR_CODES,
  SOURCE_DOCTYPES,
  verificationTypeOf,
  PROFILE_NAME_FIELDS,
  fieldLabel,
  savableData,
  withCandidateIdFormats,
  type AuthOption,
  type VerificationInfo,
} from '@veridocs/shared';
import {
  DynamicForm,
  type DynamicFormContextValue,
  type FieldErrors,
  type FormData,
} from '../../components/dynamic-form';
import { PageLoader } from '../../components/page-loader/page-loader';
import { skipToken } from '@reduxjs/toolkit/query';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useAppSelector } from '../../app/store/hooks';
import { selectOrganisationName, selectProfile } from '../../app/store/selectors';
import { useGetOrganisationQuery } from '../../app/store/transactions-api';
import { documentRenderers } from './document-fields';
import {
  serverFieldErrors,
  useSaveVerificationDataMutation,
  useSubmitVerificationDataMutation,
  type VerificationRef,
} from './verification-api';
import { useAutosave, type SaveStatus } from './use-autosave';
import { useT } from '../../i18n';
import { useSourceLabel } from '../../components/state-chip/state-catalog';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { useLocalisedVerificationInfo } from './use-localised-info';
import { verificationCatalog } from './verification-catalog';
import { AadhaarOtpStep } from './aadhaar/aadhaar-otp-step';
import { OrgBranding } from '../../app/branding/org-branding';

/** The verification done by the Aadhaar OTP step rather than a typed form (issue 11). */
const AADHAAR = 'aadhaar';

function AadhaarScreen({ info }: { info: VerificationInfo }) {
  const t = useT(verificationCatalog);
  const organisation = useOrganisationName(info.orgId, info.txnId);
  const label = info.verification.label || info.config.metadata.orgSpecificName || info.config.metadata.label;
  const editable = !info.formExpired && EDITABLE_STATES.includes(info.verification.state);
  return (
    <>
      <AadhaarOtpStep
        info={info}
        label={label}
        backLabel={t('back')}
        organisationLine={organisation ? t('requestedBy', { organisation }) : ''}
      />
      {editable && (
        <Box sx={{ mt: 2 }}>
          <DigilockerOffer
            target={{ orgId: info.orgId, txnId: info.txnId, name: info.verification.name }}
            label={label}
            intro={t('digilockerAadhaarIntro')}
          />
        </Box>
      )}
    </>
  );
}
import { PassportScan } from './passport-scan';
import { ChatLauncher } from '../../app/support/chat-launcher';
import { track } from '../../lib/telemetry/tracker';

/** Beside the upload: the same document straight from its issuer (issue 26). */
function DigilockerOffer({
  target,
  label,
  intro,
}: {
  target: VerificationRef;
  label: string;
  intro?: string;
}) {
  const t = useT(verificationCatalog);
  const query = new URLSearchParams({ orgId: target.orgId, txnId: target.txnId, name: target.name });
  return (
    <Box
      component="section"
      aria-labelledby="digilocker-offer"
      sx={{ border: 1, borderColor: 'primary.light', borderRadius: 1, p: 2, display: 'grid', gap: 1 }}
    >
      <Typography id="digilocker-offer" variant="h3" component="h3" sx={{ fontSize: '1.05rem' }}>
        {t('digilockerTitle')}
      </Typography>
      <Typography variant="body2">{intro ?? t('digilockerIntro', { label })}</Typography>
      <Box>
        <Button variant="outlined" component={RouterLink} to={`${PATHS.digilocker}?${query.toString()}`}>
          {t('digilockerFetch')}
        </Button>
      </Box>
    </Box>
  );
}

/** The verification whose tile offers the scan of its data page (issue 11). */
const PASSPORT = 'passport';

/** Fields that show the candidate's profile name when nothing is saved for them yet. */
const NAME_FIELDS = PROFILE_NAME_FIELDS;

const formHome = (info: Pick<VerificationInfo, 'formId' | 'txnId' | 'orgId'>) =>
  formEntryPath(info.formId, info.txnId, info.orgId);

/** Saved data, with the profile name in the read-only name fields. */
function initialValues(info: VerificationInfo): FormData {
  const values: FormData = { ...info.data };
  const profileFields = new Set([...(info.config.readOnly?.profile ?? []), ...NAME_FIELDS]);
  const allFields = info.config.authOptions.flatMap((o) => o.page.config.flatMap((c) => c.inputs));
  for (const field of allFields) {
    const fromProfile =
      (info.config.readOnly?.profile ?? []).includes(field.fieldName) ||
      (field.readOnly === true && profileFields.has(field.fieldName));
    const current = values[field.fieldName];
    if (fromProfile && info.profileName && (current === undefined || current === '')) {
      values[field.fieldName] = info.profileName;
    }
  }
  return values;
}

function initialOption(info: VerificationInfo): string {
  const types = info.config.authOptions.map((o) => o.type);
  const saved = info.verification.subType;
  return saved && types.includes(saved) ? saved : (types[0] ?? '');
}

function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const t = useT(verificationCatalog);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32, color: 'text.secondary' }}
    >
      {status === 'saving' && <Typography variant="body2">{t('saving')}</Typography>}
      {status === 'saved' && <Typography variant="body2">{t('saved')}</Typography>}
      {status === 'error' && (
        <>
          <Typography variant="body2" color="error">
            {t('saveFailed')}
          </Typography>
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        </>
      )}
    </Box>
  );
}

/**
 * The requesting organisation's name: from the form home's info when it is this transaction's, else
 * GET verifier/{orgId}, since a link opened in a new tab starts with an empty store.
 */
function useOrganisationName(orgId: string, txnId: string): string {
  const storedTxnId = useAppSelector((state) => (state.verification.info as { txnId?: unknown }).txnId);
  const storedName = useAppSelector(selectOrganisationName);
  const known = storedTxnId === txnId ? storedName : '';
  // A failure leaves only the "Requested by" line out: the form itself works.
  const { data: org } = useGetOrganisationQuery(known ? skipToken : orgId);
  return known || (org ? org.displayName || org.name : '');
}

function VerificationForm({ info, target }: { info: VerificationInfo; target: VerificationRef }) {
  const t = useT(verificationCatalog);
  const ruleText = useRuleText();
  const navigate = useNavigate();
  const organisation = useOrganisationName(info.orgId, info.txnId);
  const agentId = useAppSelector(selectProfile).agentId;
  const options = info.config.authOptions;
  const [optionType, setOptionType] = useState(() => initialOption(info));
  const option: AuthOption | undefined = options.find((o) => o.type === optionType) ?? options[0];
  const [start] = useState<FormData>(() => initialValues(info));
  const values = useRef<FormData>(start);
  const [formDefaults, setFormDefaults] = useState<FormData>(start);
  const [submitError, setSubmitError] = useState<string[]>([]);
  // Bumped when a passport scan saved fields: the form shows them (it reads its defaults on mount).
  const [formVersion, setFormVersion] = useState(0);
  const [scanShown, setScanShown] = useState(true);
  const formArea = useRef<HTMLDivElement>(null);

  const expired = info.formExpired;
  const editable = !expired && EDITABLE_STATES.includes(info.verification.state);
  const subType = options.length > 1 ? (option?.type ?? null) : undefined;

  // The candidate ID carries its format by institute (the server judges it the same way).
  const sections = useMemo(() => {
    const config = option?.page.config ?? [];
    const all = withCandidateIdFormats(
      config.flatMap((c) => c.inputs),
      option?.candidateIdSchemaByInstitute,
    );
    const byName = new Map(all.map((f) => [f.fieldName, f]));
    return config.map((c) => ({
      title: c.title,
      inputs: c.inputs.map((f) => byName.get(f.fieldName) ?? f),
    }));
  }, [option]);
  const readOnlyFields = info.config.readOnly?.profile;
  // The server refuses what its checks would (ADR 0006 "Saved data"): only the chosen option's fields,
  // never the read-only ones it fills itself, and no half-typed value (that waits until it is complete).
  const body = useCallback(
    (data: FormData) => ({
      orgId: target.orgId,
      txnId: target.txnId,
      verificationName: target.name,
      ...(subType !== undefined ? { subType } : {}),
      data: savableData(
        sections.flatMap((s) => s.inputs),
        data,
        { now: new Date(), readOnlyFields: readOnlyFields ?? [] },
      ),
    }),
    [target.orgId, target.txnId, target.name, subType, sections, readOnlyFields],
  );
  const [saveVerificationData] = useSaveVerificationDataMutation();
  const [submitVerificationData] = useSubmitVerificationDataMutation();
  // The autosave reports a rejected save on its status line.
  const analyticsRef = useMemo(
    () => ({ verification: info.verification.name, category: info.verification.category.name }),
    [info.verification.name, info.verification.category.name],
  );
  const save = useCallback(
    (data: FormData) =>
      saveVerificationData(body(data))
        .unwrap()
        .then((saved) => {
          track('form', 'verification_saved', analyticsRef);
          return saved;
        }),
    [saveVerificationData, body, analyticsRef],
  );
  const autosave = useAutosave(save, editable);
  const fieldNames = useMemo(() => sections.flatMap((s) => s.inputs.map((i) => i.fieldName)), [sections]);

  const onValuesChange = useCallback(
    (next: FormData) => {
      values.current = { ...values.current, ...next };
      autosave.schedule(values.current);
    },
    [autosave],
  );

  const onSubmit = async (valid: FormData): Promise<FieldErrors | void> => {
    setSubmitError([]);
    values.current = { ...values.current, ...valid };
    // The submit carries everything: drop a pending save so it cannot land after it.
    await autosave.cancel();
    // Pressed beside CONTACT_CONSENT_TEXT (the line above the button): the consent a request to an
    // institution copies (issue 27); the server records it.
    const submitted = await submitVerificationData({ ...body(values.current), contactConsent: true });
    if (!submitted.error) {
      track('form', 'verification_submitted', analyticsRef);
      void navigate(formHome(info), { state: FORM_HOME_STATE });
      return;
    }
    const error = submitted.error;
    if (
      isApiQueryError(error) &&
      error.code === ERROR_CODES.VALIDATION_FAILED.code &&
      Array.isArray(error.data)
    ) {
      const { fields, other } = serverFieldErrors(error.data, fieldNames);
      setSubmitError(other);
      return fields;
    }
    setSubmitError([queryErrorMessage(error)]);
  };

  // The form fills a name from the profile: its documents should carry that name (the server compares).
  const namedDocuments = (info.config.readOnly?.profile ?? []).some((f) => NAME_FIELDS.includes(f));
  const formContext = useMemo<DynamicFormContextValue>(
    () => ({
      marksheetRequired: info.verification.marksheetRequired,
      isAgent: typeof agentId === 'string' && agentId.trim() !== '',
      expectName: namedDocuments && info.profileName ? info.profileName : undefined,
      pickedFilesScope: { txnId: target.txnId, verification: target.name },
    }),
    [
      info.verification.marksheetRequired,
      agentId,
      namedDocuments,
      info.profileName,
      target.txnId,
      target.name,
    ],
  );

  const sourceLabel = useSourceLabel();
  const label = info.verification.label || info.config.metadata.orgSpecificName || info.config.metadata.label;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Box>
        <Button
          component={RouterLink}
          to={formHome(info)}
          state={FORM_HOME_STATE}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mb: 1 }}
        >
          {t('back')}
        </Button>
        <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {label}
        </Typography>
        {organisation && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('requestedBy', { organisation })}
          </Typography>
        )}
      </Box>

      {expired && <Alert severity="warning">{t('expired')}</Alert>}
      {info.verification.verifiedAtSource ? (
        <Alert severity="success">
          <div>{sourceLabel(info.verification.verifiedAtSource)}</div>
          {info.verification.verifiedAtSource.result && (
            // The issuer's marks, division or CGPA: read-only, the forms have no field for them.
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {t('sourceResult', { result: info.verification.verifiedAtSource.result })}
            </Typography>
          )}
        </Alert>
      ) : (
        !expired && !editable && <Alert severity="info">{t('submittedReadOnly')}</Alert>
      )}
      {editable && info.verification.state === 'READY_TO_SUBMIT' && (
        <Alert severity="success">{t('submittedEditable')}</Alert>
      )}

      {options.length > 1 && (
        <Box>
          <Typography id="auth-option-label" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('chooseOption')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            size="small"
            value={option?.type ?? ''}
            aria-labelledby="auth-option-label"
            onChange={(_event, next: string | null) => {
              if (!next || next === optionType) return;
              setFormDefaults({ ...values.current });
              setOptionType(next);
              setSubmitError([]);
              autosave.schedule(values.current);
            }}
            disabled={!editable}
            sx={{ flexWrap: 'wrap' }}
          >
            {options.map((o) => (
              <ToggleButton key={o.type} value={o.type} sx={{ textTransform: 'none' }}>
                {o.label ?? fieldLabel(o.type)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}

      {submitError.length > 0 && (
        <Alert severity="error" role="alert">
          {submitError.map(ruleText).join(' ')}
        </Alert>
      )}

      {editable && SOURCE_DOCTYPES[verificationTypeOf(target.name)] && (
        <DigilockerOffer target={target} label={label} />
      )}

      {editable && target.name === PASSPORT && scanShown && (
        <PassportScan
          orgId={target.orgId}
          txnId={target.txnId}
          onSaved={(saved) => {
            const next = { ...values.current, ...saved.data };
            values.current = next;
            setFormDefaults(next);
            setFormVersion((v) => v + 1);
          }}
          onEnterManually={() => {
            setScanShown(false);
            const first = formArea.current?.querySelector<HTMLElement>(
              'input:not([readonly]):not([disabled]):not([type=hidden]), [role=combobox]',
            );
            first?.focus();
          }}
        />
      )}

      <Box ref={formArea} sx={{ minWidth: 0 }}>
        <DynamicForm
          key={`${option?.type ?? 'none'}-${formVersion}`}
          sections={sections}
          defaultValues={formDefaults}
          readOnlyFields={info.config.readOnly?.profile ?? []}
          readOnly={!editable}
          context={formContext}
          onValuesChange={onValuesChange}
          onSubmit={onSubmit}
          submitLabel={t('submit')}
          submitNote={t('contactConsent')}
          fieldRenderers={documentRenderers}
          actions={<SaveStatusLine status={autosave.status} onRetry={autosave.retry} />}
        />
      </Box>
    </Paper>
  );
}

/**
 * /verification?orgId&txnId&name (spec §2): one verification's form from its config, resumed from
 * the saved input, saved as the candidate types, submitted with POST /bgv.
 */
function VerificationScreen() {
  const t = useT(verificationCatalog);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orgId = params.get('orgId')?.trim() ?? '';
  const txnId = (params.get('txnId') ?? params.get('txId'))?.trim() ?? '';
  const name = params.get('name')?.trim() ?? '';
  const ref = useMemo(() => ({ orgId, txnId, name }), [orgId, txnId, name]);
  const complete = Boolean(orgId && txnId && name);
  const loaded = useLocalisedVerificationInfo(complete ? ref : skipToken);
  const load = loaded.currentData
    ? { kind: 'ready' as const, info: loaded.currentData }
    : loaded.isError && !loaded.isFetching
      ? { kind: 'error' as const, message: queryErrorMessage(loaded.error) }
      : { kind: 'loading' as const };

  if (!complete) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('incompleteLink')}
        </Alert>
        <Button component={RouterLink} to={PATHS.home} variant="outlined">
          {t('goHome')}
        </Button>
      </Paper>
    );
  }
  if (load.kind === 'loading') return <PageLoader label={t('loading')} />;
  if (load.kind === 'error') {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 2 }}>
        <Alert severity="error" role="alert">
          {load.message}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void navigate(-1)}>
            {t('goBack')}
          </Button>
          <Button onClick={() => void loaded.refetch()}>{t('tryAgain')}</Button>
        </Box>
      </Paper>
    );
  }
  // Aadhaar is verified by OTP; one submitted the earlier way (typed number and scan) stays read-only.
  const { info } = load;
  const aadhaarByOtp =
    info.verification.state === 'COMPLETED' ||
    (!info.formExpired && EDITABLE_STATES.includes(info.verification.state));
  if (ref.name === AADHAAR && aadhaarByOtp)
    return <AadhaarScreen key={`${ref.orgId}/${ref.txnId}`} info={info} />;
  return <VerificationForm key={`${ref.orgId}/${ref.txnId}/${ref.name}`} info={load.info} target={ref} />;
}

/** The screen and, being a form screen (spec §2), the support chat widget. */
export default function VerificationPage() {
  const [params] = useSearchParams();
  // The organisation's branding around its verification (issue 28); an incomplete link asks nothing.
  const complete =
    ['orgId', 'name'].every((k) => params.get(k)?.trim()) &&
    (params.get('txnId') ?? params.get('txId'))?.trim();
  return (
    <>
      <OrgBranding orgId={complete ? (params.get('orgId')?.trim() ?? '') : ''}>
        <VerificationScreen />
      </OrgBranding>
      <ChatLauncher initScreenShowing={false} />
    </>
  );
}
