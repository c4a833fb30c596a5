import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { ERROR_CODES, FILE_TEXT } from '@veridocs/shared';
import { translate, useT } from '../../i18n';
import { ruleText, useRuleText, useRulesT } from '../../lib/content/rules/rule-text';
import { ApiError, errorMessage, hasCode } from '../../lib/api-client';
import type { UploadedFile } from '../../lib/api/files-api';
import { notify } from '../../lib/notify';
import { FileCard, createObjectUrl, revokeObjectUrl } from './file-card';
import { acceptOf, allowedTypesOf, checkFiles, formatSize, issueText, type FileSource } from './file-checks';
import { fileUploadCatalog } from './file-upload-catalog';
import { filesOf, valueOf } from './file-value';
import { useUploadAndCheck, type UploadFailure } from './use-upload-and-check';
import { FieldGroupLabel } from '../field-group-label/field-group-label';

interface Failure {
  key: string;
  name: string;
  message: string;
  detail: string[];
}

export interface FileUploadProps {
  /** id of the drop zone (the form focuses it for a missing file). */
  id: string;
  /** The visible label ('' hides it); accessibleLabel names the group when it is hidden. */
  label: string;
  accessibleLabel: string;
  value: unknown;
  onChange: (value: UploadedFile | UploadedFile[] | null) => void;
  onBlur?: (() => void) | undefined;
  /** Subtypes (jpeg, jpg, png, pdf); the spec's list by default. */
  allowedFileTypes?: readonly string[] | undefined;
  /** Default 1: a single file, replaced by the next one. */
  maxFiles?: number | undefined;
  /** Multipart fileCategory: the field's name. */
  fileCategory?: string | undefined;
  /** The candidate's profile name, when the document should carry it. */
  expectName?: string | undefined;
  disabled?: boolean | undefined;
  error?: string | undefined;
  helperText?: ReactNode;
  helperId?: string | undefined;
  /** Where the file goes instead of POST /files (a route with the same checks and answer). */
  uploadUrl?: string | undefined;
}

let counter = 0;
const nextKey = () => `failure-${(counter += 1)}`;

function failureDetail(error: unknown): string[] {
  const lines: string[] = [];
  if (error instanceof ApiError) {
    if (error.status !== null)
      lines.push(translate(fileUploadCatalog, 'httpStatus', { status: error.status }));
    if (error.code !== null) lines.push(translate(fileUploadCatalog, 'errorCode', { code: error.code }));
  }
  if (lines.length === 0 && error instanceof Error && error.message) lines.push(error.message);
  return lines;
}

/**
 * A file the server found unusable (code FILE_UNUSABLE, the checks' ERROR verdict) reads as the spec's
 * "isn't supported" line with the reasons behind "Something went wrong…"; other refusals show their message.
 */
function describeFailure(error: unknown): { message: string; detail: string[] } {
  if (hasCode(error, ERROR_CODES.FILE_UNUSABLE.code)) {
    const issues =
      (error.data as { issues?: { code?: unknown; message?: unknown; page?: unknown }[] } | null)?.issues ??
      [];
    const reasons = issues.flatMap(({ code, message, page }) =>
      typeof message === 'string'
        ? [issueText({ code: String(code), message, page: typeof page === 'number' ? page : null })]
        : [],
    );
    return { message: FILE_TEXT.unsupported, detail: reasons.length > 0 ? reasons : failureDetail(error) };
  }
  // Its message names the field's types (uploadFile): nothing more to see behind "Something went wrong".
  if (hasCode(error, ERROR_CODES.FILE_TYPE_NOT_ALLOWED.code)) return { message: error.message, detail: [] };
  return { message: errorMessage(error), detail: failureDetail(error) };
}

/** The checks' ERROR verdict reads as "isn't supported" with the reasons found. */
function describeUploadFailure(failure: UploadFailure): { message: string; detail: string[] } {
  if (failure.kind === 'error') return describeFailure(failure.error);
  if (failure.kind === 'wrong-type') return { message: failure.message, detail: [] };
  return { message: FILE_TEXT.unsupported, detail: failure.file.issues.map(issueText) };
}

function FailureLine({ failure, onDismiss }: { failure: Failure; onDismiss: () => void }) {
  const t = useT(fileUploadCatalog);
  const tr = useRulesT();
  const ruleText = useRuleText();
  const [open, setOpen] = useState(false);
  const detailId = `${failure.key}-detail`;
  return (
    <Alert
      severity="error"
      action={
        <IconButton size="small" aria-label={t('dismissError', { name: failure.name })} onClick={onDismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
        {failure.name}
      </Typography>
      <Typography variant="body2">{ruleText(failure.message)}</Typography>
      {failure.detail.length > 0 && (
        <>
          <Link
            component="button"
            type="button"
            variant="body2"
            color="inherit"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((v) => !v)}
            sx={{ textAlign: 'left', mt: 0.5 }}
          >
            {tr('failed')}
          </Link>
          <Collapse in={open} id={detailId}>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {failure.detail.map((line, index) => (
                <Typography key={index} component="li" variant="body2">
                  {line}
                </Typography>
              ))}
            </Box>
          </Collapse>
        </>
      )}
    </Alert>
  );
}

/** The warning dialog (spec §2): the document may not be clear; Upload Again or Proceed Anyway. */
export function NotClearDialog({
  file,
  onUploadAgain,
  onProceed,
}: {
  file: UploadedFile | null;
  onUploadAgain: () => void;
  onProceed: () => void;
}) {
  const tr = useRulesT();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={file !== null} aria-labelledby={titleId} aria-describedby={bodyId}>
      <DialogTitle id={titleId}>{tr('notClearTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{tr('notClearBody')}</DialogContentText>
        {file && file.issues.length > 0 && (
          <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 2.5 }}>
            {file.issues.map((issue, index) => (
              <Typography key={`${issue.code}-${index}`} component="li" variant="body2">
                {issueText(issue)}
              </Typography>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onProceed}>{tr('proceedAnyway')}</Button>
        <Button variant="contained" onClick={onUploadAgain}>
          {tr('uploadAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Pick, drop or paste documents (spec §5 "File upload"): the spec's checks before anything is sent,
 * a determinate progress bar with cancel, then the server's verdict: COMPLETED / NULL (accepted),
 * WARNING (the not-clear dialog), ERROR (inline, with the detail one click away).
 */
export function FileUpload({
  id,
  label,
  accessibleLabel,
  value,
  onChange,
  onBlur,
  allowedFileTypes,
  maxFiles = 1,
  fileCategory,
  expectName,
  disabled = false,
  error,
  helperText,
  helperId,
  uploadUrl,
}: FileUploadProps) {
  const t = useT(fileUploadCatalog);
  const tr = useRulesT();
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const zoneTextId = `${baseId}-zone`;
  const hintId = `${baseId}-hint`;
  const messageId = helperId ?? `${baseId}-helper`;
  const allowed = useMemo(() => allowedTypesOf(allowedFileTypes), [allowedFileTypes]);
  const files = useMemo(() => filesOf(value), [value]);
  const { uploads, pending, start, notClear } = useUploadAndCheck({
    fileCategory,
    expectName,
    allowedFileTypes: allowed,
    uploadUrl,
  });
  const [failures, setFailures] = useState<Failure[]>([]);
  const [localUrls, setLocalUrls] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // The latest value and callbacks, for uploads that finish after later renders.
  const latest = useRef({ files, onChange, maxFiles });
  useEffect(() => {
    latest.current = { files, onChange, maxFiles };
  }, [files, onChange, maxFiles]);

  const urls = useRef(new Set<string>());
  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) revokeObjectUrl(url);
    };
  }, []);

  const accept = useCallback((file: UploadedFile) => {
    const { files: current, onChange: change, maxFiles: max } = latest.current;
    const next = max === 1 ? [file] : [...current.filter((f) => f.fileId !== file.fileId), file];
    latest.current = { ...latest.current, files: next };
    change(valueOf(next, max));
  }, []);

  const openPicker = useCallback(() => {
    if (!disabled) inputRef.current?.click();
  }, [disabled]);

  const startUpload = useCallback(
    (file: File) =>
      start(file, {
        onAccepted: (result) => {
          if (result.mimeType.startsWith('image/')) {
            const url = createObjectUrl(file);
            if (url) {
              urls.current.add(url);
              setLocalUrls((current) => ({ ...current, [result.fileId]: url }));
            }
          }
          accept(result);
        },
        onFailed: (failure) =>
          setFailures((list) => [
            ...list,
            { key: nextKey(), name: file.name, ...describeUploadFailure(failure) },
          ]),
        onUploadAgain: openPicker,
      }),
    [start, accept, openPicker],
  );

  const handleFiles = useCallback(
    (list: File[], source: FileSource) => {
      if (disabled || list.length === 0) return;
      const { accepted, messages } = checkFiles(list, {
        allowed,
        maxFiles,
        existing: latest.current.files.length + pending,
        source,
      });
      for (const message of messages) notify(ruleText(message), 'error');
      if (maxFiles === 1 && accepted.length > 0) setFailures([]);
      for (const file of accepted) startUpload(file);
    },
    [disabled, pending, allowed, maxFiles, startUpload],
  );

  const remove = (fileId: string) => {
    const next = latest.current.files.filter((f) => f.fileId !== fileId);
    latest.current = { ...latest.current, files: next };
    onChange(valueOf(next, maxFiles));
  };

  const busy = pending > 0;
  const showZone =
    !disabled && (maxFiles === 1 ? files.length === 0 && !busy : files.length + uploads.length < maxFiles);

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={messageId} sx={{ display: 'grid', gap: 1 }}>
      <FieldGroupLabel id={labelId} label={label} accessibleLabel={accessibleLabel} />

      {files.map((file) => (
        <FileCard
          key={file.fileId}
          file={file}
          localUrl={localUrls[file.fileId]}
          disabled={disabled}
          onRemove={() => remove(file.fileId)}
          onReplace={maxFiles === 1 ? openPicker : undefined}
        />
      ))}

      {uploads.map((item) => (
        <Box
          key={item.key}
          sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, display: 'grid', gap: 1 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
              {t('nameAndSize', { name: item.name, size: formatSize(item.size) })}
            </Typography>
            <Button
              size="small"
              onClick={() => item.controller.abort()}
              aria-label={t('cancelUpload', { name: item.name })}
            >
              {t('cancel')}
            </Button>
          </Box>
          <LinearProgress
            variant={item.checking ? 'indeterminate' : 'determinate'}
            value={item.progress}
            aria-label={t(item.checking ? 'checkingFile' : 'uploadingFile', { name: item.name })}
          />
          <Typography variant="caption" color="text.secondary" role="status">
            {item.checking ? t('checkingDocument') : t('uploadingProgress', { progress: item.progress })}
          </Typography>
        </Box>
      ))}

      {failures.map((failure) => (
        <FailureLine
          key={failure.key}
          failure={failure}
          onDismiss={() => setFailures((list) => list.filter((f) => f.key !== failure.key))}
        />
      ))}

      {showZone && (
        <Box
          id={id}
          role="button"
          tabIndex={0}
          aria-labelledby={`${labelId} ${zoneTextId}`}
          aria-describedby={`${hintId} ${messageId}`}
          onClick={openPicker}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              openPicker();
            }
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            handleFiles(Array.from(event.dataTransfer?.files ?? []), 'drop');
          }}
          onPaste={(event) => {
            const pasted = Array.from(event.clipboardData?.files ?? []);
            if (pasted.length === 0) return;
            event.preventDefault();
            handleFiles(pasted, 'paste');
          }}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 0.5,
            p: 3,
            textAlign: 'center',
            cursor: 'pointer',
            border: '1.5px dashed',
            borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 2,
            outline: 'none',
            '&:focus-visible': {
              borderColor: 'primary.main',
              boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}`,
            },
          }}
        >
          <CloudUploadOutlinedIcon color="primary" aria-hidden />
          <Typography id={zoneTextId} variant="body2" color="primary" sx={{ fontWeight: 600 }}>
            {tr('uploadLabel')}
          </Typography>
          <Typography id={hintId} variant="caption" color="text.secondary">
            {maxFiles > 1
              ? t('zoneHintMany', { types: allowed.join(', '), count: maxFiles })
              : t('zoneHint', { types: allowed.join(', ') })}
          </Typography>
        </Box>
      )}

      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden
        accept={acceptOf(allowed)}
        multiple={maxFiles > 1}
        data-testid={`${fileCategory ?? 'file'}-input`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = '';
          handleFiles(picked, 'pick');
        }}
      />

      <FormHelperText id={messageId} error={Boolean(error)} component="div">
        {error ?? helperText}
      </FormHelperText>

      <NotClearDialog {...notClear} />
    </Box>
  );
}
