import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { FILE_TEXT, MERGE_MAX_PARTS } from '@veridocs/shared';
import { useT } from '../../i18n';
import { ruleText, useRuleText, useRulesT } from '../../lib/content/rules/rule-text';
import { ApiError, errorMessage } from '../../lib/api-client';
import { mergeAndCheck, type UploadedFile } from '../../lib/api/files-api';
import { notify } from '../../lib/notify';
import { FieldGroupLabel } from '../field-group-label/field-group-label';
import { visuallyHidden } from '../../lib/visually-hidden';
import { FileCard } from './file-card';
import { NotClearDialog } from './file-upload';
import { acceptOf, checkFiles, formatSize, issueText, type FileSource } from './file-checks';
import { fileUploadCatalog } from './file-upload-catalog';
import { filesOf } from './file-value';
import { loadPickedFiles, savePickedFiles } from './picked-files';

const PDF = ['pdf'];

export interface MergedPdfUploadProps {
  id: string;
  label: string;
  accessibleLabel: string;
  value: unknown;
  onChange: (value: UploadedFile | null) => void;
  onBlur?: (() => void) | undefined;
  fileCategory?: string | undefined;
  expectName?: string | undefined;
  disabled?: boolean | undefined;
  error?: string | undefined;
  helperText?: ReactNode;
  helperId?: string | undefined;
  /** Picked files not uploaded yet: what to press (the form refuses Submit until then), or null. */
  onPendingChange?: ((message: string | null) => void) | undefined;
  /**
   * Keeps the picked files not uploaded yet under this key across a reload (issue 24): restored when
   * the field shows again, forgotten once uploaded or removed. Without it they live in the page only.
   */
  keepPicksUnder?: string | undefined;
}

let counter = 0;
const nextKey = () => `part-${(counter += 1)}`;

/**
 * All semesters' marksheets as ONE PDF (issue 12, spec §5 "Degree instructions"): the candidate picks
 * several PDFs, sees them in order, moves or removes them, then uploads; the server checks each part
 * and merges them in this order (POST /files/merge). The field then holds the one merged file. The
 * picks wait in IndexedDB meanwhile (`keepPicksUnder`), so a reload shows the same list.
 */
export function MergedPdfUpload({
  id,
  label,
  accessibleLabel,
  value,
  onChange,
  onBlur,
  fileCategory,
  expectName,
  disabled = false,
  error,
  helperText,
  helperId,
  onPendingChange,
  keepPicksUnder,
}: MergedPdfUploadProps) {
  const t = useT(fileUploadCatalog);
  const tr = useRulesT();
  const rule = useRuleText();
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const messageId = helperId ?? `${baseId}-helper`;
  const merged = filesOf(value)[0] ?? null;
  const [parts, setParts] = useState<{ key: string; file: File }[]>([]);
  // The kept picks are read before any list is written back (a write would replace them).
  const [restored, setRestored] = useState(!keepPicksUnder);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warned, setWarned] = useState<UploadedFile | null>(null);
  const [announce, setAnnounce] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  // A reload: the picks kept for this field come back in their order, before any picked meanwhile.
  // Kept ones beside a merged file are left over from an upload in another tab: forgotten.
  const mergedRef = useRef(merged);
  const disabledRef = useRef(disabled);
  useEffect(() => {
    mergedRef.current = merged;
    disabledRef.current = disabled;
  }, [merged, disabled]);
  useEffect(() => {
    if (!keepPicksUnder) return;
    let live = true;
    void loadPickedFiles(keepPicksUnder).then((files) => {
      if (!live) return;
      if (files.length > 0 && !mergedRef.current && !disabledRef.current)
        setParts((current) => [...files.map((file) => ({ key: nextKey(), file })), ...current]);
      setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [keepPicksUnder]);
  useEffect(() => {
    if (keepPicksUnder && restored && !disabled)
      void savePickedFiles(
        keepPicksUnder,
        parts.map((p) => p.file),
      );
  }, [keepPicksUnder, restored, disabled, parts]);

  const openPicker = useCallback(() => {
    if (!disabled) inputRef.current?.click();
  }, [disabled]);

  const addFiles = (list: File[], source: FileSource) => {
    if (disabled || list.length === 0) return;
    const { accepted, messages } = checkFiles(list, {
      allowed: PDF,
      maxFiles: MERGE_MAX_PARTS,
      existing: parts.length,
      source,
    });
    for (const message of messages) notify(ruleText(message), 'error');
    if (accepted.length === 0) return;
    setFailure(null);
    setParts((current) => [...current, ...accepted.map((file) => ({ key: nextKey(), file }))]);
  };

  const move = (index: number, by: -1 | 1) => {
    setParts((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (!item) return current;
      next.splice(index + by, 0, item);
      setAnnounce(t('mergeMoved', { name: item.file.name, position: index + by + 1 }));
      return next;
    });
  };

  const upload = async () => {
    if (parts.length === 0 || progress !== null) return;
    setFailure(null);
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const result = await mergeAndCheck(
        parts.map((p) => p.file),
        { fileCategory, expectName, signal: abort.signal, onProgress: setProgress },
      );
      if (result.state === 'ERROR') {
        setFailure(result.issues.map(issueText).join(' ') || FILE_TEXT.unsupported);
      } else if (result.state === 'WARNING') {
        setWarned(result);
      } else {
        setParts([]);
        onChange(result);
      }
    } catch (caught) {
      if (abort.signal.aborted || (caught instanceof ApiError && caught.cancelled)) return;
      setFailure(errorMessage(caught));
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const uploadLabel = parts.length > 1 ? t('mergeUpload', { count: parts.length }) : t('mergeUploadOne');
  // Picked but not uploaded: the form must not be submitted without them (issue 24). The message
  // names this button.
  const pendingMessage = !merged && parts.length > 0 ? t('mergePending', { action: uploadLabel }) : null;
  const pendingRef = useRef(onPendingChange);
  useEffect(() => {
    pendingRef.current = onPendingChange;
  }, [onPendingChange]);
  useEffect(() => {
    pendingRef.current?.(pendingMessage);
  }, [pendingMessage]);
  useEffect(() => () => pendingRef.current?.(null), []);

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={messageId} sx={{ display: 'grid', gap: 1 }}>
      <FieldGroupLabel id={labelId} label={label} accessibleLabel={accessibleLabel} />

      {merged && (
        <FileCard
          file={merged}
          disabled={disabled}
          onRemove={() => onChange(null)}
          onReplace={() => {
            onChange(null);
            openPicker();
          }}
        />
      )}

      {!merged && parts.length > 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('mergeOrder')}
          </Typography>
          <Box component="ol" id={listId} sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {parts.map((part, index) => (
              <Box
                component="li"
                key={part.key}
                data-testid="merge-part"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
              >
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
                  {index + 1}. {t('nameAndSize', { name: part.file.name, size: formatSize(part.file.size) })}
                </Typography>
                <IconButton
                  size="small"
                  disabled={busy || index === 0}
                  aria-label={t('mergeUp', { name: part.file.name })}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={busy || index === parts.length - 1}
                  aria-label={t('mergeDown', { name: part.file.name })}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={busy}
                  aria-label={t('removeFile', { name: part.file.name })}
                  onClick={() => setParts((current) => current.filter((p) => p.key !== part.key))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          {busy && (
            <>
              <LinearProgress
                variant={progress >= 100 ? 'indeterminate' : 'determinate'}
                value={progress}
                aria-label={t('mergeUploading')}
              />
              <Typography variant="caption" color="text.secondary" role="status">
                {progress >= 100 ? t('mergeChecking') : t('uploadingProgress', { progress })}
              </Typography>
            </>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" size="small" onClick={() => void upload()} loading={busy}>
              {uploadLabel}
            </Button>
            {busy ? (
              <Button size="small" onClick={() => controller.current?.abort()}>
                {t('cancel')}
              </Button>
            ) : (
              parts.length < MERGE_MAX_PARTS && (
                <Button size="small" onClick={openPicker} disabled={disabled}>
                  {t('mergeAddMore')}
                </Button>
              )
            )}
          </Box>
        </Box>
      )}

      {failure && (
        <Alert
          severity="error"
          action={
            <IconButton
              size="small"
              aria-label={t('dismissError', { name: label })}
              onClick={() => setFailure(null)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {rule(failure)}
        </Alert>
      )}

      {!merged && parts.length === 0 && !disabled && (
        <Box
          id={id}
          role="button"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-describedby={messageId}
          onClick={openPicker}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              openPicker();
            }
          }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            addFiles(Array.from(event.dataTransfer?.files ?? []), 'drop');
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
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 2,
            outline: 'none',
            '&:focus-visible': {
              borderColor: 'primary.main',
              boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}`,
            },
          }}
        >
          <CloudUploadOutlinedIcon color="primary" aria-hidden />
          <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
            {tr('uploadLabel')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('mergeHint', { count: MERGE_MAX_PARTS })}
          </Typography>
        </Box>
      )}

      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden
        accept={acceptOf(PDF)}
        multiple
        data-testid={`${fileCategory ?? 'file'}-input`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = '';
          addFiles(picked, 'pick');
        }}
      />

      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announce}
      </Box>

      <FormHelperText id={messageId} error={Boolean(error)} component="div">
        {error ?? helperText}
      </FormHelperText>

      <NotClearDialog
        file={warned}
        onProceed={() => {
          if (warned) {
            setParts([]);
            onChange(warned);
          }
          setWarned(null);
        }}
        onUploadAgain={() => setWarned(null)}
      />
    </Box>
  );
}
