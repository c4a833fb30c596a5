import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CameraswitchOutlinedIcon from '@mui/icons-material/CameraswitchOutlined';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { CAMERA, FILE_LIMITS, FILE_TEXT } from '@veridocs/shared';
import { errorMessage } from '../../lib/api-client';
import type { GeoTaggedPhoto, UploadedFile } from '../../lib/api/files-api';
import { notify } from '../../lib/notify';
import { acceptOf, checkFiles } from '../file-upload/file-checks';
import { createObjectUrl, revokeObjectUrl } from '../file-upload/file-card';
import { NotClearDialog } from '../file-upload/file-upload';
import { useUploadAndCheck } from '../file-upload/use-upload-and-check';
import { LocationDetails } from './location-details';
import { useCameraStream } from './use-camera-stream';
import { useT } from '../../i18n';
import { useRuleText, useRulesT } from '../../lib/content/rules/rule-text';
import { cameraCatalog } from './camera-catalog';
import { useGeolocation } from './use-geolocation';

/**
 * JPEG qualities tried for a captured frame, in order: a plain or dark scene at 0.9 can come out
 * under the 40 KB upload minimum, which a photo just taken must never fail on.
 */
const JPEG_QUALITIES = [0.9, 0.97, 1];

function encodeJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}
const PHOTO_TYPES = ['jpeg', 'jpg', 'png'];
const PHOTO_ACCEPT = acceptOf(PHOTO_TYPES);

interface SessionProps {
  onClose: () => void;
  /** The uploaded photo, with where it was taken when `withLocation`. */
  onDone: (photo: UploadedFile, geolocation: GeoTaggedPhoto['geolocation'] | null) => void;
  withLocation: boolean;
  fileCategory?: string | undefined;
  isAgent: boolean;
  titleId: string;
  title: string;
}

function CameraSession({
  onClose,
  onDone,
  withLocation,
  fileCategory,
  isAgent,
  titleId,
  title,
}: SessionProps) {
  const t = useT(cameraCatalog);
  // FILE_TEXT of packages/shared (buttons, the camera's messages) in the reader's language.
  const tr = useRulesT();
  const ruleText = useRuleText();
  const camera = useCameraStream();
  const { fallback, facing, stream, error: cameraError, stop: stopStream } = camera;
  const { geo, locate, reset: resetGeo } = useGeolocation();
  const { uploads, start: startUpload, notClear } = useUploadAndCheck({ fileCategory });
  const [photo, setPhoto] = useState<{ blob: Blob; url: string | null } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const deviceRef = useRef<HTMLInputElement>(null);
  const live = useRef({ mounted: true, photoUrl: null as string | null });

  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
      revokeObjectUrl(state.photoUrl);
    };
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = stream;
  }, [stream]);

  const keepPhoto = useCallback(
    (blob: Blob) => {
      revokeObjectUrl(live.current.photoUrl);
      const url = createObjectUrl(blob);
      live.current.photoUrl = url;
      setPhoto({ blob, url });
      setUploadError(null);
      stopStream();
      if (withLocation) locate();
    },
    [locate, stopStream, withLocation],
  );

  const capture = () => {
    const video = videoRef.current;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!video || !context) {
      camera.setError(FILE_TEXT.noCanvas);
      return;
    }
    canvas.width = video.videoWidth || CAMERA.idealWidth;
    canvas.height = video.videoHeight || Math.round((CAMERA.idealWidth * 9) / 16);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    // Fire and forget: the outcome shows in the state (the photo, or the canvas error).
    void (async () => {
      let blob: Blob | null = null;
      for (const quality of JPEG_QUALITIES) {
        blob = await encodeJpeg(canvas, quality);
        if (!blob || blob.size >= FILE_LIMITS.minBytes) break;
      }
      if (!live.current.mounted) return;
      if (blob) keepPhoto(blob);
      else camera.setError(FILE_TEXT.noCanvas);
    })();
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
    if (file) keepPhoto(file);
  };

  const retake = () => {
    revokeObjectUrl(live.current.photoUrl);
    live.current.photoUrl = null;
    setPhoto(null);
    resetGeo();
    setUploadError(null);
    camera.restart();
  };

  const located = geo.status === 'ready' ? geo.result : null;
  const proceed = () => {
    if (!photo || (withLocation && !located)) return;
    const geolocation = withLocation ? located : null;
    const type = photo.blob.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const baseName = withLocation ? CAMERA.geoTagFileName : 'photo';
    const file = new File([photo.blob], `${baseName}.${type === 'image/png' ? 'png' : 'jpg'}`, {
      type,
    });
    setUploadError(null);
    // The file field's rule: a WARNING photo asks first; COMPLETED, NULL and a verdict still pending pass.
    startUpload(file, {
      onAccepted: (uploaded) => onDone(uploaded, geolocation),
      onFailed: (failure) =>
        setUploadError(
          failure.kind === 'error'
            ? errorMessage(failure.error)
            : failure.kind === 'wrong-type'
              ? failure.message
              : FILE_TEXT.unsupported,
        ),
      onUploadAgain: retake,
    });
  };

  const current = uploads[0];
  const progress = current ? current.progress : null;
  const checking = current?.checking ?? false;

  const uploading = progress !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Box sx={{ flex: 1, display: 'grid', gap: 2, p: 2, alignContent: 'start', justifyItems: 'center' }}>
        {fallback && !photo && (
          <Alert severity="info" sx={{ width: '100%', maxWidth: 640 }}>
            {tr('noCamera')}
            <Box sx={{ mt: 1 }}>
              <Button
                variant="contained"
                startIcon={<PhotoCameraOutlinedIcon />}
                onClick={() => deviceRef.current?.click()}
              >
                {t('takeWithDevice')}
              </Button>
            </Box>
          </Alert>
        )}
        {cameraError && (
          <Alert
            severity="error"
            sx={{ width: '100%', maxWidth: 640 }}
            action={
              cameraError !== FILE_TEXT.noCanvas && !photo ? (
                <Button color="inherit" size="small" onClick={camera.restart}>
                  {t('tryAgain')}
                </Button>
              ) : undefined
            }
          >
            {ruleText(cameraError)}
          </Alert>
        )}

        {!photo && !fallback && (
          <Box
            component="video"
            ref={videoRef}
            autoPlay
            playsInline
            muted
            aria-label={t('preview')}
            sx={{
              width: '100%',
              maxWidth: 960,
              maxHeight: '60vh',
              bgcolor: 'grey.900',
              borderRadius: 2,
              transform: facing === 'user' ? 'scaleX(-1)' : 'none',
              display: stream ? 'block' : 'none',
            }}
          />
        )}
        {!photo && !fallback && !stream && !cameraError && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} />
            <Typography variant="body2">{t('starting')}</Typography>
          </Box>
        )}

        {photo &&
          (photo.url ? (
            <Box
              component="img"
              src={photo.url}
              alt={t('capturedPhoto')}
              sx={{ width: '100%', maxWidth: 960, maxHeight: '55vh', objectFit: 'contain', borderRadius: 2 }}
            />
          ) : (
            <Typography role="img" aria-label={t('capturedPhoto')} variant="body2">
              {t('photoCaptured')}
            </Typography>
          ))}

        {photo && withLocation && (
          <Box sx={{ width: '100%', maxWidth: 640 }} aria-live="polite">
            {geo.status === 'locating' && (
              <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <CircularProgress size={18} />
                <Typography variant="body2">{t('locating')}</Typography>
              </Box>
            )}
            {geo.status === 'error' && (
              <Alert
                severity="error"
                action={
                  geo.message !== FILE_TEXT.noGeolocation ? (
                    <Button color="inherit" size="small" onClick={locate}>
                      {t('tryAgain')}
                    </Button>
                  ) : undefined
                }
              >
                {ruleText(geo.message)}
              </Alert>
            )}
            {located && <LocationDetails result={located} />}
          </Box>
        )}

        {uploading && (
          <Box sx={{ width: '100%', maxWidth: 640 }}>
            {checking ? (
              <>
                <LinearProgress variant="indeterminate" aria-label={t('checkingPhotoLabel')} />
                <Typography variant="caption" color="text.secondary" role="status">
                  {t('checkingPhoto')}
                </Typography>
              </>
            ) : (
              <LinearProgress variant="determinate" value={progress} aria-label={t('uploadingPhotoLabel')} />
            )}
          </Box>
        )}
        {uploadError && (
          <Alert severity="error" sx={{ width: '100%', maxWidth: 640 }}>
            {ruleText(uploadError)}
          </Alert>
        )}
      </Box>

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'center',
          p: 2,
          borderTop: 1,
          borderColor: 'divider',
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.paper',
        }}
      >
        {!photo && !fallback && (
          <>
            <Button
              variant="contained"
              startIcon={<PhotoCameraOutlinedIcon />}
              onClick={capture}
              disabled={!stream}
            >
              {tr('capture')}
            </Button>
            <Button startIcon={<CameraswitchOutlinedIcon />} onClick={camera.flip} disabled={!stream}>
              {tr('flipCamera')}
            </Button>
          </>
        )}
        {photo && (
          <>
            <Button onClick={retake} disabled={uploading}>
              {tr('retake')}
            </Button>
            <Button variant="contained" onClick={proceed} disabled={uploading || (withLocation && !located)}>
              {tr('proceed')}
            </Button>
          </>
        )}
        {isAgent && !uploading && (
          <Button variant="outlined" onClick={() => galleryRef.current?.click()}>
            {tr('uploadFromGallery')}
          </Button>
        )}
      </Box>

      <input
        ref={deviceRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        data-testid="camera-fallback-input"
        onChange={(event) => {
          pickFile(event.target.files);
          event.target.value = '';
        }}
      />
      <input
        ref={galleryRef}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        tabIndex={-1}
        data-testid="camera-gallery-input"
        onChange={(event) => {
          pickFile(event.target.files);
          event.target.value = '';
        }}
      />

      <NotClearDialog {...notClear} />
    </Box>
  );
}

type CameraDialogDone =
  | {
      /** The photo is tagged with where it was taken (the default; Proceed waits for the position). */
      withLocation?: true;
      /** The uploaded photo with where it was taken. */
      onDone: (photo: GeoTaggedPhoto) => void;
    }
  | {
      /** A photo of a document (the passport scan): no position is asked for. */
      withLocation: false;
      onDone: (photo: UploadedFile) => void;
    };

export type CameraDialogProps = CameraDialogDone & {
  open: boolean;
  onClose: () => void;
  /** Multipart fileCategory: the field's name. */
  fileCategory?: string | undefined;
  /** Agents (profile.agentId) may upload an image instead (spec §6). */
  isAgent?: boolean | undefined;
  title?: string | undefined;
};

/**
 * The full-screen camera (spec §2, §8, §9): a live preview at an ideal 1920 px, Capture / Flip Camera /
 * Retake / Proceed, the position (high accuracy, 15 s, no cache) reverse-geocoded with a map, and the
 * photo uploaded as geo-tag-image.jpg. Where the browser gives no camera stream, the device's own
 * capture input. The session (and every camera track) ends when the dialog closes.
 */
export function CameraDialog(props: CameraDialogProps) {
  const { open, onClose, fileCategory, isAgent = false, title } = props;
  const t = useT(cameraCatalog);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      {open && (
        <CameraSession
          onClose={onClose}
          withLocation={props.withLocation !== false}
          onDone={(uploaded, geolocation) => {
            if (props.withLocation === false) props.onDone(uploaded);
            else if (geolocation) props.onDone({ ...uploaded, geolocation });
          }}
          fileCategory={fileCategory}
          isAgent={isAgent}
          titleId={titleId}
          title={title ?? t('title')}
        />
      )}
    </Dialog>
  );
}
