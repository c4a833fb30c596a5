import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { fetchFileLink, type UploadedFile } from '../../lib/api/files-api';
import { useT } from '../../i18n';
import { formatSize } from './file-checks';
import { fileUploadCatalog } from './file-upload-catalog';

/** Object URLs exist in browsers, not in every test environment. */
export function createObjectUrl(blob: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
}

export function revokeObjectUrl(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * Opens a stored file in a new tab through its short-lived signed link. The tab opens at once (inside
 * the click, so no popup blocker stops it) and goes to the link when it arrives.
 */
export async function openStoredFile(fileId: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await fetchFileLink(fileId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch {
    // The error catalogue has shown the server's message.
    tab?.close();
  }
}

function Thumbnail({ file, localUrl }: { file: UploadedFile; localUrl?: string | null | undefined }) {
  const t = useT(fileUploadCatalog);
  const isImage = file.mimeType.startsWith('image/');
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // A file restored from the server: its bytes need the bearer, so the <img> uses a signed link.
    if (!isImage || localUrl) return;
    let active = true;
    fetchFileLink(file.fileId, { quiet: true }).then(
      (url) => active && setLinkUrl(url),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [isImage, localUrl, file.fileId]);

  const src = localUrl ?? linkUrl;
  const box = { width: 56, height: 56, flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover' };
  if (isImage && src && !failed) {
    return (
      <Box
        component="img"
        src={src}
        alt={t('preview', { name: file.name })}
        onError={() => setFailed(true)}
        sx={{ ...box, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Box sx={{ ...box, display: 'grid', placeItems: 'center', color: 'text.secondary' }} aria-hidden>
      {file.mimeType === 'application/pdf' ? (
        <PictureAsPdfOutlinedIcon data-testid="pdf-icon" color="error" />
      ) : (
        <InsertDriveFileOutlinedIcon />
      )}
    </Box>
  );
}

export interface FileCardProps {
  file: UploadedFile;
  /** An object URL of the bytes this browser just sent (no request needed for the preview). */
  localUrl?: string | null | undefined;
  onRemove?: (() => void) | undefined;
  onReplace?: (() => void) | undefined;
  disabled?: boolean | undefined;
  /** Extra lines under the name (the camera's address). */
  children?: ReactNode;
}

/** One uploaded file: preview, name, size, View (signed link in a new tab), Replace, Remove. */
export function FileCard({ file, localUrl, onRemove, onReplace, disabled, children }: FileCardProps) {
  const t = useT(fileUploadCatalog);
  const warned = file.state === 'WARNING';
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={file.name}
      sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}
    >
      <Thumbnail file={file} localUrl={localUrl} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatSize(file.size)}
          {warned ? t('mayNotBeClear') : ''}
        </Typography>
        {children}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: -1 }}>
          <Button
            size="small"
            onClick={() => void openStoredFile(file.fileId)}
            aria-label={t('viewFile', { name: file.name })}
          >
            {t('view')}
          </Button>
          {!disabled && onReplace && (
            <Button size="small" onClick={onReplace} aria-label={t('replaceFile', { name: file.name })}>
              {t('replace')}
            </Button>
          )}
          {!disabled && onRemove && (
            <Button
              size="small"
              color="error"
              onClick={onRemove}
              aria-label={t('removeFile', { name: file.name })}
            >
              {t('remove')}
            </Button>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
