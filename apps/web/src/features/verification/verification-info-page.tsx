import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { maskAadhaar, type Address, type VerificationInfo } from '@veridocs/shared';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery } from '../../app/store/profile-api';
import { selectProfile } from '../../app/store/selectors';
import { DynamicForm } from '../../components/dynamic-form';
import { PageLoader } from '../../components/page-loader/page-loader';
import { stateChipColor } from '../../components/state-chip/state-chip';
import { useStateLabel } from '../../components/state-chip/state-catalog';
import { useT } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { formatDate, formatDateTime } from '../../lib/dates';
import { documentRenderers } from './document-fields';
import { useLocalisedVerificationInfo } from './use-localised-info';
import { verificationCatalog } from './verification-catalog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

const addressText = (a: Address) =>
  [a.line1, a.landmark, a.vtc, a.district, a.state, a.pincode].filter(Boolean).join(', ');

/** The Identity tile's view (showProfileData): the profile as it is, read-only, with a way to edit it. */
function ProfileData({ search }: { search: string }) {
  const t = useT(verificationCatalog);
  const profile = useAppSelector(selectProfile);
  useGetProfileQuery();
  if (!profile.mobile) return <PageLoader />;
  const basic = profile.basicDetails ?? null;
  const contact = profile.contactDetails ?? null;
  const aadhaarLast4 = profile.aadhaarLast4;
  const genders: Record<string, string> = {
    MALE: t('genderMale'),
    FEMALE: t('genderFemale'),
    OTHER: t('genderOther'),
  };
  return (
    <>
      <Typography variant="h2" component="h2">
        {t('identityDetails')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
        <Row label={t('name')}>{profile.profileDetails?.name ?? ''}</Row>
        <Row label={t('mobile')}>{profile.mobile}</Row>
        {aadhaarLast4 && <Row label={t('aadhaar')}>{maskAadhaar(aadhaarLast4)}</Row>}
        {basic && <Row label={t('dateOfBirth')}>{formatDate(basic.dateOfBirth)}</Row>}
        {basic && <Row label={t('gender')}>{genders[basic.gender] ?? basic.gender}</Row>}
        {contact && <Row label={t('currentAddress')}>{addressText(contact.currentAddress)}</Row>}
        {contact && (
          <Row label={t('permanentAddress')}>
            {contact.sameAsCurrent ? t('sameAsCurrent') : addressText(contact.permanentAddress)}
          </Row>
        )}
      </Box>
      {!basic && <Alert severity="info">{t('noDetailsYet')}</Alert>}
      <Box>
        <Button variant="outlined" component={RouterLink} to={`${PATHS.basicDetails}${search}`}>
          {basic ? t('editDetails') : t('addDetails')}
        </Button>
      </Box>
    </>
  );
}

/** One verification as submitted: its state, dates and data (documents previewed), read-only. */
function VerificationData({ info }: { info: VerificationInfo }) {
  const t = useT(verificationCatalog);
  const stateLabel = useStateLabel();
  const v = info.verification;
  const sections = useMemo(() => {
    const option = info.config.authOptions.find((o) => o.type === v.subType) ?? info.config.authOptions[0];
    return (option?.page.config ?? []).map((c) => ({ title: c.title, inputs: c.inputs }));
  }, [info.config.authOptions, v.subType]);
  const label = v.label || info.config.metadata.orgSpecificName || info.config.metadata.label;
  const status = v.markedAsSkip ? 'SKIPPED' : v.state;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {label}
        </Typography>
        <Chip label={stateLabel(status)} color={stateChipColor(status)} size="small" />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <Row label={t('lastUpdated')}>{formatDateTime(v.updatedAt)}</Row>
        {v.insufficiency && (
          <Row label={t('actionRequiredSince')}>{formatDateTime(v.insufficiency.raisedAt)}</Row>
        )}
      </Box>
      {v.insufficiency && (
        <Alert
          severity="error"
          role="alert"
          action={
            v.state === 'INSUFFICIENT_DATA' ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={`${PATHS.verificationInsufficiency}?${new URLSearchParams({ orgId: info.orgId, txnId: info.txnId, name: v.name }).toString()}`}
              >
                {t('answerRequest')}
              </Button>
            ) : undefined
          }
        >
          {v.insufficiency.reason}
        </Alert>
      )}
      <Divider />
      {Object.keys(info.data).length === 0 ? (
        <Typography color="text.secondary">{t('nothingSubmitted')}</Typography>
      ) : (
        <DynamicForm
          sections={sections}
          defaultValues={info.data}
          readOnlyFields={info.config.readOnly?.profile ?? []}
          readOnly
          fieldRenderers={documentRenderers}
        />
      )}
    </>
  );
}

/**
 * /verification-info?orgId&txnId&name (spec §2, §4): a verification's submitted data, read-only, with
 * its state and dates; with showProfileData (the Identity tile) the candidate's profile instead.
 */
export default function VerificationInfoPage() {
  const t = useT(verificationCatalog);
  const [params] = useSearchParams();
  const location = useLocation();
  const orgId = params.get('orgId')?.trim() ?? '';
  const txnId = params.get('txnId')?.trim() ?? '';
  const name = params.get('name')?.trim() ?? '';
  const showProfileData =
    params.get('showProfileData') === 'true' ||
    (location.state as { showProfileData?: unknown } | null)?.showProfileData === true;
  const ref = useMemo(() => ({ orgId, txnId, name }), [orgId, txnId, name]);
  const wanted = !showProfileData && Boolean(orgId && txnId && name);
  const loaded = useLocalisedVerificationInfo(wanted ? ref : skipToken);
  const search = orgId && txnId ? `?${new URLSearchParams({ orgId, txnId }).toString()}` : '';
  const formId = loaded.data?.formId;

  let body: ReactNode;
  if (showProfileData) body = <ProfileData search={search} />;
  else if (!wanted)
    body = (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={PATHS.home}>
            {t('goHome')}
          </Button>
        }
      >
        {t('incompleteLink')}
      </Alert>
    );
  else if (loaded.error) body = <Alert severity="error">{queryErrorMessage(loaded.error)}</Alert>;
  else if (!loaded.data) body = <PageLoader label={t('loading')} />;
  else body = <VerificationData info={loaded.data} />;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Box>
        {formId ? (
          <Button
            component={RouterLink}
            to={formEntryPath(formId, txnId, orgId)}
            state={FORM_HOME_STATE}
            startIcon={<ArrowBackIcon />}
            size="small"
          >
            {t('back')}
          </Button>
        ) : null}
      </Box>
      {body}
    </Paper>
  );
}
