import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  ERROR_CODES,
  FILE_TEXT,
  isoToDisplay,
  type PassportFields,
  type PassportScanResponse,
  type VerificationInfo,
} from '@veridocs/shared';
import { CameraDialog } from '../../components/camera-dialog';
import { acceptOf, checkFiles } from '../../components/file-upload/file-checks';
import { NotClearDialog } from '../../components/file-upload/file-upload';
import { useUploadAndCheck } from '../../components/file-upload/use-upload-and-check';
import { errorMessage } from '../../lib/api-client';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { useT } from '../../i18n';
import { verificationCatalog } from './verification-catalog';
import { serverFieldErrors, useConfirmPassportMutation, useScanPassportMutation } from './verification-api';

const PHOTO_TYPES = ['jpeg', 'jpg', 'png'];
const FIELD_ORDER: (keyof PassportFields)[] = [
  'surname',
  'givenNames',
  'passportNumber',
  'nationality',
  'sex',
  'dateOfBirth',
  'dateOfExpiry',
];
const LABEL_KEYS = {
  surname: 'passportSurname',
  givenNames: 'passportGivenNames',
  passportNumber: 'passportNumber',
  nationality: 'passportNationality',
  issuingState: 'passportNationality',
  sex: 'passportSex',
  dateOfBirth: 'passportDateOfBirth',
  dateOfExpiry: 'passportDateOfExpiry',
} as const;
/** Dates show as dd-MM-yyyy (spec §5); yyyy-MM-dd is accepted too, told apart by the first segment's length. */
function toIso(value: string): string {
  const trimmed = value.trim();
  const dmy = /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(trimmed);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : trimmed;
}

const MRZ_FIELD_KEYS = {
  documentNumber: 'mrzField_documentNumber',
  dateOfBirth: 'mrzField_dateOfBirth',
  dateOfExpiry: 'mrzField_dateOfExpiry',
  optionalData: 'mrzField_optionalData',
  composite: 'mrzField_composite',
} as const;

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'review'; fileId: string; fields: PassportFields }
  | { kind: 'failed'; result: PassportScanResponse }
  | { kind: 'error'; message: string }
  | { kind: 'saved' };

export interface PassportScanProps {
  orgId: string;
  txnId: string;
  /** The confirmed fields were saved: the form shows what the server stored. */
  onSaved: (info: VerificationInfo) => void;
  /** "Enter manually": the candidate goes on with the form below. */
  onEnterManually: () => void;
}

/**
 * Passport by scan (issue 11): a photo of the data page from the camera dialog or an upload (the file
 * checks of POST /files), its MRZ read by the server, the fields shown for the candidate to confirm or
 * correct, then saved (the server judges them again). Expired, check-digit and unreadable reads are
 * explained, with "Enter manually" as the way on.
 */
export function PassportScan({ orgId, txnId, onSaved, onEnterManually }: PassportScanProps) {
  const t = useT(verificationCatalog);
  const ruleText = useRuleText();
  const headingId = useId();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const uploadInput = useRef<HTMLInputElement>(null);
  const {
    uploads,
    start: startUpload,
    notClear,
  } = useUploadAndCheck({
    fileCategory: 'passportDocument',
    allowedFileTypes: PHOTO_TYPES,
  });
  const [scanPassport] = useScanPassportMutation();

  const scan = async (fileId: string) => {
    setStage({ kind: 'reading' });
    const answer = await scanPassport({ type: 'passport', orgId, txnId, fileId });
    if (answer.error) {
      setStage({ kind: 'error', message: queryErrorMessage(answer.error) });
      return;
    }
    const result = answer.data;
    if (result.status === 'READ' && result.fields) {
      setStage({ kind: 'review', fileId: result.fileId, fields: result.fields });
    } else setStage({ kind: 'failed', result });
  };

  const pickFile = (files: FileList | null) => {
    const { accepted, messages } = checkFiles(Array.from(files ?? []), {
      allowed: PHOTO_TYPES,
      maxFiles: 1,
      existing: 0,
      source: 'pick',
    });
    for (const message of messages) notify(ruleText(message), 'error');
    const file = accepted[0];
    if (!file) return;
    setStage({ kind: 'reading' });
    startUpload(file, {
      onAccepted: (uploaded) => void scan(uploaded.fileId),
      onFailed: (failure) =>
        setStage({
          kind: 'error',
          message:
            failure.kind === 'error'
              ? errorMessage(failure.error)
              : failure.kind === 'wrong-type'
                ? failure.message
                : FILE_TEXT.unsupported,
        }),
      onUploadAgain: () => setStage({ kind: 'idle' }),
    });
  };

  const uploading = uploads.length > 0;
  const busy = stage.kind === 'reading' || uploading;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, minWidth: 0, bgcolor: 'background.default' }}
    >
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {stage.kind === 'review' ? t('passportReviewTitle') : t('passportScanTitle')}
      </Typography>

      {stage.kind === 'saved' && (
        <Alert severity="success" role="status">
          {t('passportConfirmed')}
        </Alert>
      )}

      {(stage.kind === 'idle' || stage.kind === 'failed' || stage.kind === 'error' || busy) && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('passportScanIntro')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PhotoCameraOutlinedIcon />}
              onClick={() => setCameraOpen(true)}
              disabled={busy}
            >
              {stage.kind === 'failed' || stage.kind === 'error' ? t('passportScanAgain') : t('passportScan')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => uploadInput.current?.click()}
              disabled={busy}
            >
              {t('passportUpload')}
            </Button>
            <input
              ref={uploadInput}
              type="file"
              hidden
              accept={acceptOf(PHOTO_TYPES)}
              data-testid="passport-upload-input"
              onChange={(event) => {
                pickFile(event.target.files);
                event.target.value = '';
              }}
            />
          </Box>
        </>
      )}

      {busy && (
        <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
          <LinearProgress aria-label={t('passportReading')} />
          <Typography variant="body2">{t('passportReading')}</Typography>
        </Box>
      )}

      {stage.kind === 'failed' && <ScanFailure result={stage.result} onEnterManually={onEnterManually} />}
      {stage.kind === 'error' && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={onEnterManually}>
              {t('enterManually')}
            </Button>
          }
        >
          {t('passportScanFailed', { reason: ruleText(stage.message) })}
        </Alert>
      )}

      {stage.kind === 'review' && (
        <PassportReview
          orgId={orgId}
          txnId={txnId}
          fileId={stage.fileId}
          read={stage.fields}
          onSaved={(info) => {
            setStage({ kind: 'saved' });
            onSaved(info);
          }}
          onEnterManually={onEnterManually}
        />
      )}

      <CameraDialog
        open={cameraOpen}
        withLocation={false}
        title={t('passportCameraTitle')}
        fileCategory="passportDocument"
        onClose={() => setCameraOpen(false)}
        onDone={(photo) => {
          setCameraOpen(false);
          void scan(photo.fileId);
        }}
      />
      <NotClearDialog {...notClear} />
    </Paper>
  );
}

function ScanFailure({
  result,
  onEnterManually,
}: {
  result: PassportScanResponse;
  onEnterManually: () => void;
}) {
  const t = useT(verificationCatalog);
  const field = result.field && result.field in MRZ_FIELD_KEYS ? result.field : 'composite';
  const message =
    result.status === 'EXPIRED'
      ? t('passportExpired', { date: formatDate(result.fields?.dateOfExpiry ?? '') })
      : result.status === 'UNDER_AGE'
        ? t('passportUnderAge', { date: formatDate(result.fields?.dateOfBirth ?? '') })
        : result.status === 'CHECK_DIGIT'
          ? t('passportCheckDigit', { field: t(MRZ_FIELD_KEYS[field as keyof typeof MRZ_FIELD_KEYS]) })
          : result.status === 'INVALID_DATE'
            ? t('passportInvalidDate')
            : t('passportUnreadable');
  return (
    <Alert
      severity={result.status === 'EXPIRED' || result.status === 'UNDER_AGE' ? 'error' : 'warning'}
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onEnterManually}>
          {t('enterManually')}
        </Button>
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'flex-start' }, flexWrap: 'wrap' }}
    >
      {message}
    </Alert>
  );
}

function PassportReview({
  orgId,
  txnId,
  fileId,
  read,
  onSaved,
  onEnterManually,
}: {
  orgId: string;
  txnId: string;
  fileId: string;
  read: PassportFields;
  onSaved: (info: VerificationInfo) => void;
  onEnterManually: () => void;
}) {
  const t = useT(verificationCatalog);
  const ruleText = useRuleText();
  const [fields, setFields] = useState<PassportFields>(() => ({
    ...read,
    dateOfBirth: isoToDisplay(read.dateOfBirth),
    dateOfExpiry: isoToDisplay(read.dateOfExpiry),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);
  const [confirmPassport, confirming] = useConfirmPassportMutation();
  const set = (name: keyof PassportFields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setOther([]);
    const saved = await confirmPassport({
      type: 'passport',
      orgId,
      txnId,
      fileId,
      fields: { ...fields, dateOfBirth: toIso(fields.dateOfBirth), dateOfExpiry: toIso(fields.dateOfExpiry) },
    });
    if (!saved.error) {
      onSaved(saved.data);
      return;
    }
    const error = saved.error;
    // Under 18 (ADR 0049 "Minors"): the request has stopped; the form home says so.
    if (isApiQueryError(error) && error.code === ERROR_CODES.CANDIDATE_UNDER_18.code) {
      setOther([t('passportRefusedUnderAge')]);
      return;
    }
    if (isApiQueryError(error) && error.code === ERROR_CODES.VALIDATION_FAILED.code) {
      const found = serverFieldErrors(error.data, FIELD_ORDER);
      setErrors(found.fields);
      setOther(found.other);
      return;
    }
    setOther([queryErrorMessage(error)]);
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('passportReviewIntro')}
      </Typography>
      {other.length > 0 && (
        <Alert severity="error" role="alert">
          {other.map(ruleText).join(' ')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {FIELD_ORDER.map((name) => {
          const error = errors[name];
          const common = {
            id: `passport-${name}`,
            name,
            label: t(LABEL_KEYS[name]),
            value: fields[name],
            error: Boolean(error),
            helperText: error ? ruleText(error) : undefined,
            onChange: (e: { target: { value: string } }) => set(name, e.target.value),
            fullWidth: true,
            size: 'small' as const,
          };
          if (name === 'sex')
            return (
              <TextField key={name} select {...common}>
                <MenuItem value="F">{t('passportSexF')}</MenuItem>
                <MenuItem value="M">{t('passportSexM')}</MenuItem>
                <MenuItem value="X">{t('passportSexX')}</MenuItem>
              </TextField>
            );
          if (name === 'dateOfBirth' || name === 'dateOfExpiry')
            return (
              <TextField
                key={name}
                {...common}
                placeholder="DD-MM-YYYY"
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            );
          return (
            <TextField
              key={name}
              {...common}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={confirming.isLoading}>
          {t('passportConfirm')}
        </Button>
        <Button onClick={onEnterManually}>{t('enterManually')}</Button>
      </Box>
    </Box>
  );
}
