import { useEffect, useState } from 'react';
import { Alert, Box, Button, ButtonGroup, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import DownloadIcon from '@mui/icons-material/Download';
import type { DocumentIssue, OpsCaseDocument } from '@veridocs/shared';
import { apiRequest } from '../../lib/api-client';
import { m } from '../../messages';

/** The document's bytes, fetched with the ops token (an <img> cannot send it) as an object URL. */
function useFileUrl(fileUrl: string) {
  const [state, setState] = useState<{ url: string | null; error: boolean }>({ url: null, error: false });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    apiRequest<Blob>(fileUrl, { responseType: 'blob' }).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url, error: false });
      },
      () => live && setState({ url: null, error: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileUrl]);
  return state;
}

/**
 * One document shown inline: an image with zoom, rotation and download, a PDF in the browser's own
 * viewer (an <iframe> of the blob), its quality findings and recognised text.
 */
export function DocumentViewer({ document: doc }: { document: OpsCaseDocument }) {
  const { url, error } = useFileUrl(doc.fileUrl);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const isImage = doc.mimeType.startsWith('image/');
  const isPdf = doc.mimeType === 'application/pdf';

  return (
    <Paper sx={{ p: 1.5, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 650, wordBreak: 'break-all', mr: 'auto' }}>
          {doc.originalName}
        </Typography>
        {isImage && (
          <ButtonGroup size="small" variant="outlined" aria-label={m.cases.imageTools}>
            <Button aria-label={m.cases.zoomIn} onClick={() => setZoom((z) => Math.min(z + 0.25, 3))}>
              <ZoomInIcon fontSize="small" />
            </Button>
            <Button aria-label={m.cases.zoomOut} onClick={() => setZoom((z) => Math.max(z - 0.25, 0.5))}>
              <ZoomOutIcon fontSize="small" />
            </Button>
            <Button aria-label={m.cases.rotate} onClick={() => setRotation((r) => (r + 90) % 360)}>
              <RotateRightIcon fontSize="small" />
            </Button>
          </ButtonGroup>
        )}
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          component="a"
          disabled={!url}
          href={url ?? '#'}
          download={doc.originalName}
        >
          {m.cases.download}
        </Button>
      </Stack>
      {/* A zoomed image scrolls: the frame is focusable so that the keyboard can scroll it too. */}
      <Box
        tabIndex={0}
        role="group"
        aria-label={m.cases.documentAlt(doc.originalName)}
        sx={{
          bgcolor: '#eef1f5',
          borderRadius: 1,
          overflow: 'auto',
          height: isPdf ? 480 : 320,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {error && <Alert severity="error">{m.cases.fileError}</Alert>}
        {!error && !url && <Skeleton variant="rectangular" width="100%" height="100%" />}
        {url && isImage && (
          <img
            src={url}
            alt={m.cases.documentAlt(doc.originalName)}
            style={{
              maxWidth: zoom === 1 ? '100%' : 'none',
              width: zoom === 1 ? undefined : `${zoom * 100}%`,
              maxHeight: zoom === 1 ? '100%' : 'none',
              transform: `rotate(${rotation}deg)`,
              transition: 'transform 120ms',
            }}
          />
        )}
        {url && isPdf && (
          <iframe
            src={url}
            title={m.cases.documentAlt(doc.originalName)}
            style={{ width: '100%', height: '100%', border: 0 }}
          />
        )}
        {url && !isImage && !isPdf && <Typography color="text.secondary">{m.cases.noPreview}</Typography>}
      </Box>
      {(doc.issues.length > 0 || doc.ocrText) && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {doc.issues.length > 0 && (
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} aria-label={m.cases.qualityFindings}>
              {doc.issues.map((issue, index) => (
                <Chip key={index} size="small" color="warning" variant="outlined" label={issueLabel(issue)} />
              ))}
            </Stack>
          )}
          {doc.ocrText && (
            <Box component="details">
              <Box component="summary" sx={{ cursor: 'pointer', fontSize: 14, fontWeight: 600 }}>
                {m.cases.ocrText(doc.ocrStatus)}
              </Box>
              <Typography
                component="pre"
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, mt: 1, fontFamily: 'monospace' }}
              >
                {doc.ocrText}
              </Typography>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function issueLabel(issue: DocumentIssue): string {
  return issue.page === null ? issue.message : m.cases.onPage(issue.message, issue.page);
}
