import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TransactionInfo, VerificationEntry } from '@veridocs/shared';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useGetTransactionInfoQuery } from '../../app/store/transactions-api';
import { FileUpload, filesOf } from '../../components/file-upload';
import { PageLoader } from '../../components/page-loader/page-loader';
import { stateChipColor } from '../../components/state-chip/state-chip';
import { useStateLabel } from '../../components/state-chip/state-catalog';
import { useT } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { localiseLabel } from '../../lib/content/config-text/localise-config';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { formatDateTime } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useAnswerInsufficiencyMutation } from './insufficiency-api';
import { insufficiencyCatalog } from './insufficiency-catalog';
import { track } from '../../lib/telemetry/tracker';

const formHome = (info: TransactionInfo) => formEntryPath(info.formId, info.txnId, info.orgId);

function Frame({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Box>{back}</Box>
      {children}
    </Paper>
  );
}

/** The request of one verification in INSUFFICIENT_DATA: the reason and one upload per document asked. */
function Request({ info, verification }: { info: TransactionInfo; verification: VerificationEntry }) {
  const t = useT(insufficiencyCatalog);
  const tr = useRuleText();
  const stateLabel = useStateLabel();
  const navigate = useNavigate();
  const [answer, { isLoading }] = useAnswerInsufficiencyMutation();
  const request = verification.insufficiency!;
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const absent = request.documents.filter((d) => filesOf(values[d.key]).length === 0).map((d) => d.key);
    setMissing(absent);
    if (absent.length > 0) {
      document.getElementById(`insufficiency-${absent[0]}`)?.focus();
      return;
    }
    const result = await answer({
      orgId: info.orgId,
      txnId: info.txnId,
      verificationName: verification.name,
      documents: request.documents.map((d) => ({
        key: d.key,
        fileIds: filesOf(values[d.key]).map((f) => f.fileId),
      })),
    });
    if (result.error) {
      setFailure(queryErrorMessage(result.error));
      return;
    }
    track('verification', 'action_required_answered', {
      verification: verification.name,
      category: verification.category.name,
      documents: request.documents.length,
    });
    notify(t('submitted'), 'success');
    void navigate(formHome(info), { state: FORM_HOME_STATE });
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {localiseLabel(verification.label, tr)}
        </Typography>
        <Chip
          size="small"
          label={stateLabel(verification.state)}
          color={stateChipColor(verification.state)}
        />
      </Box>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Alert severity="error" icon={false}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('reasonLabel')}
        </Typography>
        <Typography sx={{ wordBreak: 'break-word' }}>{request.reason}</Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('requestedOn', { date: formatDateTime(request.raisedAt) })}
        </Typography>
      </Alert>
      <Typography variant="h3" component="h3">
        {t('documentsHeading')}
      </Typography>
      <Stack spacing={2.5}>
        {request.documents.map((doc) => (
          <FileUpload
            key={doc.key}
            id={`insufficiency-${doc.key}`}
            label={doc.label}
            accessibleLabel={t('uploadLabel', { label: doc.label })}
            value={values[doc.key] ?? null}
            onChange={(value) => {
              setValues((current) => ({ ...current, [doc.key]: value }));
              setMissing((current) => current.filter((key) => key !== doc.key));
            }}
            fileCategory={doc.key}
            disabled={isLoading}
            error={missing.includes(doc.key) ? t('missing', { label: doc.label }) : undefined}
          />
        ))}
      </Stack>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ maxWidth: { sm: 280 } }}
          loading={isLoading}
          onClick={() => void submit()}
        >
          {t('submit')}
        </Button>
      </Box>
    </>
  );
}

/**
 * /verification/insufficiency?orgId&txnId&name ("Document Details", spec §2, §4): the verification
 * team's open request for a verification in INSUFFICIENT_DATA (Action Required), answered with
 * POST /bgv/insufficiency; then back to the form home, where the tile shows it is with the team again.
 */
export default function InsufficiencyPage() {
  const t = useT(insufficiencyCatalog);
  const [params] = useSearchParams();
  const orgId = params.get('orgId')?.trim() ?? '';
  const txnId = params.get('txnId')?.trim() ?? '';
  const name = params.get('name')?.trim() ?? '';
  const wanted = Boolean(orgId && txnId && name);
  const loaded = useGetTransactionInfoQuery(wanted ? { orgId, txnId } : skipToken);
  const info = loaded.currentData ?? null;

  const back = info ? (
    <Button
      component={RouterLink}
      to={formHome(info)}
      state={FORM_HOME_STATE}
      startIcon={<ArrowBackIcon />}
      size="small"
    >
      {t('back')}
    </Button>
  ) : null;

  if (!wanted)
    return (
      <Frame back={null}>
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
      </Frame>
    );
  if (loaded.isError)
    return (
      <Frame back={null}>
        <Alert severity="error" role="alert">
          {queryErrorMessage(loaded.error) || t('loadFailed')}
        </Alert>
      </Frame>
    );
  if (!info)
    return (
      <Frame back={null}>
        <PageLoader label={t('loading')} />
      </Frame>
    );

  const verification = info.verificationList[name];
  if (!verification || verification.state !== 'INSUFFICIENT_DATA' || !verification.insufficiency)
    return (
      <Frame back={back}>
        <Typography variant="h2" component="h2">
          {verification?.label ?? t('nothingAsked')}
        </Typography>
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={formHome(info)} state={FORM_HOME_STATE}>
              {t('backToForm')}
            </Button>
          }
        >
          <Typography sx={{ fontWeight: 600 }}>{t('nothingAsked')}</Typography>
          {t('nothingAskedBody')}
        </Alert>
      </Frame>
    );

  return (
    <Frame back={back}>
      <Request
        key={verification.insufficiency.id ?? verification.insufficiency.raisedAt}
        info={info}
        verification={verification}
      />
    </Frame>
  );
}
