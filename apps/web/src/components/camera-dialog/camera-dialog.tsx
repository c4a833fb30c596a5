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
import { CAMERA, FILE_LIMITS, FILE_TEXT, type GeolocationResult } from '@veridocs/shared';
import { ApiError, errorMessage } from '../../lib/api-client';
import {
  CHECK_POLL,
  fetchApiImage,
  reverseGeocode,
  uploadAndCheck,
  uploadFile,
  type GeoTaggedPhoto,
  type UploadFn,
} from '../../lib/api/files-api';
import { notify } from '../../lib/notify';
import { acceptOf, checkFiles } from '../file-upload/file-checks';
import { createObjectUrl, revokeObjectUrl } from '../file-upload/file-card';
import { NotClearDialog } from '../file-upload/file-upload';

type Facing = 'user' | 'environment';
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

type Geo =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'ready'; result: GeolocationResult }
  | { status: 'error'; message: string };

/** getUserMedia's failures in the spec's words (§8): permission, or no usable camera. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return FILE_TEXT.cameraPermission;
  }
  return FILE_TEXT.noCamera;
}

function positionErrorMessage(error: GeolocationPositionError): string {
  if (error.code === 1) return 'Location permission denied. Please allow location access and try again.';
  if (error.code === 3) return 'Your location could not be found in time. Please try again.';
  return 'Your location is not available. Please try again.';
}

const hasCameraApi = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** One line of the address the server found for the position. */
export function addressLine(result: GeolocationResult): string {
  const a = result.address;
  // Parts the address line already names (the offline geocoder writes a full line) are not repeated.
  const rest = [a.locality, a.district, a.state, a.pincode, a.country].filter(
    (part, index, all) => part && all.indexOf(part) === index && !a.address.includes(part),
  );
  return [a.address, ...rest].filter(Boolean).join(', ');
}

/** The server's map image (it may need the bearer): fetched, shown from an object URL. */
export function MapImage({ path }: { path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let created: string | null = null;
    fetchApiImage(path, controller.signal).then(
      (blob) => {
        created = createObjectUrl(blob);
        setUrl(created);
      },
      () => setUrl(null),
    );
    return () => {
      controller.abort();
      revokeObjectUrl(created);
    };
  }, [path]);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt="Map of where the photo was taken"
      sx={{
        width: '100%',
        maxWidth: CAMERA.mapWidth,
        aspectRatio: `${CAMERA.mapWidth} / ${CAMERA.mapHeight}`,
        borderRadius: 1,
      }}
    />
  );
}

export function LocationDetails({ result }: { result: GeolocationResult }) {
  const line = addressLine(result);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        {line || `${result.latitude.toFixed(5)}, ${result.longitude.toFixed(5)}`}
      </Typography>
      {result.accuracy !== null && (
        <Typography variant="caption" color="text.secondary">
          Accuracy: ±{Math.round(result.accuracy)} m
        </Typography>
      )}
      {result.error && (
        <Typography variant="caption" color="text.secondary">
          The address could not be found: {result.error}
        </Typography>
      )}
      {result.mapImage && <MapImage path={result.mapImage} />}
    </Box>
  );
}

interface SessionProps {
  onClose: () => void;
  onDone: (photo: GeoTaggedPhoto) => void;
  fileCategory?: string | undefined;
  isAgent: boolean;
  upload: UploadFn;
  pollMs: number;
  maxPolls: number;
  titleId: string;
  title: string;
}

function CameraSession({
  onClose,
  onDone,
  fileCategory,
  isAgent,
  upload,
  pollMs,
  maxPolls,
  titleId,
  title,
}: SessionProps) {
  const [fallback] = useState(() => !hasCameraApi());
  const [facing, setFacing] = useState<Facing>('environment');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string | null } | null>(null);
  const [geo, setGeo] = useState<Geo>({ status: 'idle' });
  const [progress, setProgress] = useState<number | null>(null);
  /** The photo is up and the server is checking it (PROCESSING). */
  const [checking, setChecking] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** A WARNING photo waiting for Upload Again or Proceed Anyway. */
  const [warning, setWarning] = useState<GeoTaggedPhoto | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const deviceRef = useRef<HTMLInputElement>(null);
  const live = useRef({
    stream: null as MediaStream | null,
    mounted: true,
    request: 0,
    photoUrl: null as string | null,
  });
  const controllerRef = useRef<AbortController | null>(null);

  const stopStream = useCallback(() => {
    live.current.stream?.getTracks().forEach((track) => track.stop());
    live.current.stream = null;
    setStream(null);
  }, []);

  const startCamera = useCallback((mode: Facing) => {
    if (!hasCameraApi()) return;
    const request = (live.current.request += 1);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: mode, width: { ideal: CAMERA.idealWidth } }, audio: false })
      .then(
        (next) => {
          // Closed, or flipped again, while the browser was asking: this stream is not wanted.
          if (!live.current.mounted || request !== live.current.request) {
            next.getTracks().forEach((track) => track.stop());
            return;
          }
          live.current.stream?.getTracks().forEach((track) => track.stop());
          live.current.stream = next;
          setCameraError(null);
          setStream(next);
        },
        (error: unknown) => {
          if (live.current.mounted && request === live.current.request)
            setCameraError(cameraErrorMessage(error));
        },
      );
  }, []);

  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    if (!fallback) startCamera('environment');
    return () => {
      state.mounted = false;
      state.request += 1;
      state.stream?.getTracks().forEach((track) => track.stop());
      state.stream = null;
      revokeObjectUrl(state.photoUrl);
      controllerRef.current?.abort();
    };
  }, [fallback, startCamera]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = stream;
  }, [stream]);

  const locate = useCallback(() => {
    const geolocation = 'geolocation' in navigator ? navigator.geolocation : undefined;
    if (!geolocation) {
      setGeo({ status: 'error', message: FILE_TEXT.noGeolocation });
      return;
    }
    setGeo({ status: 'locating' });
    geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        reverseGeocode(latitude, longitude).then(
          (result) => {
            if (!live.current.mounted) return;
            setGeo({
              status: 'ready',
              result: {
                ...result,
                accuracy: result.accuracy ?? accuracy,
                timestamp: result.timestamp ?? position.timestamp,
              },
            });
          },
          (error: unknown) => {
            if (!live.current.mounted) return;
            // The position is what matters: keep it, say the address is missing.
            setGeo({
              status: 'ready',
              result: {
                latitude,
                longitude,
                accuracy,
                timestamp: position.timestamp,
                address: { address: '', locality: '', district: '', state: '', country: '', pincode: '' },
                mapImage: '',
                ipAddress: null,
                error: errorMessage(error),
              },
            });
          },
        );
      },
      (error) => {
        if (live.current.mounted) setGeo({ status: 'error', message: positionErrorMessage(error) });
      },
      { enableHighAccuracy: true, timeout: CAMERA.geolocationTimeoutMs, maximumAge: 0 },
    );
  }, []);

  const keepPhoto = useCallback(
    (blob: Blob) => {
      revokeObjectUrl(live.current.photoUrl);
      const url = createObjectUrl(blob);
      live.current.photoUrl = url;
      setPhoto({ blob, url });
      setUploadError(null);
      stopStream();
      locate();
    },
    [locate, stopStream],
  );

  const capture = () => {
    const video = videoRef.current;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!video || !context) {
      setCameraError(FILE_TEXT.noCanvas);
      return;
    }
    canvas.width = video.videoWidth || CAMERA.idealWidth;
    canvas.height = video.videoHeight || Math.round((CAMERA.idealWidth * 9) / 16);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    void (async () => {
      let blob: Blob | null = null;
      for (const quality of JPEG_QUALITIES) {
        blob = await encodeJpeg(canvas, quality);
        if (!blob || blob.size >= FILE_LIMITS.minBytes) break;
      }
      if (!live.current.mounted) return;
      if (blob) keepPhoto(blob);
      else setCameraError(FILE_TEXT.noCanvas);
    })();
  };

  const pickFile = (files: FileList | null) => {
    const { accepted, messages } = checkFiles(Array.from(files ?? []), {
      allowed: PHOTO_TYPES,
      maxFiles: 1,
      existing: 0,
      source: 'pick',
    });
    for (const message of messages) notify(message, 'error');
    const file = accepted[0];
    if (file) keepPhoto(file);
  };

  const retake = () => {
    revokeObjectUrl(live.current.photoUrl);
    live.current.photoUrl = null;
    setPhoto(null);
    setGeo({ status: 'idle' });
    setUploadError(null);
    if (!fallback) startCamera(facing);
  };

  const flip = () => {
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    startCamera(next);
  };

  const proceed = async () => {
    if (!photo || geo.status !== 'ready') return;
    const type = photo.blob.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const file = new File([photo.blob], `${CAMERA.geoTagFileName}.${type === 'image/png' ? 'png' : 'jpg'}`, {
      type,
    });
    const controller = new AbortController();
    controllerRef.current = controller;
    setUploadError(null);
    setProgress(0);
    try {
      const result = await uploadAndCheck(file, {
        upload,
        fileCategory,
        signal: controller.signal,
        onProgress: setProgress,
        onUploaded: (first) => setChecking(first.state === 'PROCESSING'),
        pollMs,
        maxPolls,
      });
      if (!live.current.mounted) return;
      setProgress(null);
      setChecking(false);
      if (result.state === 'ERROR') {
        setUploadError(FILE_TEXT.unsupported);
        return;
      }
      const taken = { ...result, geolocation: geo.result };
      // The file field's rule: a WARNING photo asks first; COMPLETED, NULL and a verdict still pending pass.
      if (result.state === 'WARNING') setWarning(taken);
      else onDone(taken);
    } catch (error) {
      if (!live.current.mounted) return;
      setProgress(null);
      setChecking(false);
      if (error instanceof ApiError && error.cancelled) return;
      setUploadError(errorMessage(error));
    }
  };

  const uploading = progress !== null;
  const located = geo.status === 'ready' ? geo.result : null;
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
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Box sx={{ flex: 1, display: 'grid', gap: 2, p: 2, alignContent: 'start', justifyItems: 'center' }}>
        {fallback && !photo && (
          <Alert severity="info" sx={{ width: '100%', maxWidth: 640 }}>
            {FILE_TEXT.noCamera}
            <Box sx={{ mt: 1 }}>
              <Button
                variant="contained"
                startIcon={<PhotoCameraOutlinedIcon />}
                onClick={() => deviceRef.current?.click()}
              >
                Take a photo with your device
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
                <Button color="inherit" size="small" onClick={() => startCamera(facing)}>
                  Try again
                </Button>
              ) : undefined
            }
          >
            {cameraError}
          </Alert>
        )}

        {!photo && !fallback && (
          <Box
            component="video"
            ref={videoRef}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
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
            <Typography variant="body2">Starting the camera…</Typography>
          </Box>
        )}

        {photo &&
          (photo.url ? (
            <Box
              component="img"
              src={photo.url}
              alt="Captured photo"
              sx={{ width: '100%', maxWidth: 960, maxHeight: '55vh', objectFit: 'contain', borderRadius: 2 }}
            />
          ) : (
            <Typography role="img" aria-label="Captured photo" variant="body2">
              Photo captured
            </Typography>
          ))}

        {photo && (
          <Box sx={{ width: '100%', maxWidth: 640 }} aria-live="polite">
            {geo.status === 'locating' && (
              <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <CircularProgress size={18} />
                <Typography variant="body2">Finding your location…</Typography>
              </Box>
            )}
            {geo.status === 'error' && (
              <Alert
                severity="error"
                action={
                  geo.message !== FILE_TEXT.noGeolocation ? (
                    <Button color="inherit" size="small" onClick={locate}>
                      Try again
                    </Button>
                  ) : undefined
                }
              >
                {geo.message}
              </Alert>
            )}
            {located && <LocationDetails result={located} />}
          </Box>
        )}

        {uploading && (
          <Box sx={{ width: '100%', maxWidth: 640 }}>
            {checking ? (
              <>
                <LinearProgress variant="indeterminate" aria-label="Checking the photo" />
                <Typography variant="caption" color="text.secondary" role="status">
                  Checking your photo…
                </Typography>
              </>
            ) : (
              <LinearProgress variant="determinate" value={progress} aria-label="Uploading the photo" />
            )}
          </Box>
        )}
        {uploadError && (
          <Alert severity="error" sx={{ width: '100%', maxWidth: 640 }}>
            {uploadError}
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
              {FILE_TEXT.capture}
            </Button>
            <Button startIcon={<CameraswitchOutlinedIcon />} onClick={flip} disabled={!stream}>
              {FILE_TEXT.flipCamera}
            </Button>
          </>
        )}
        {photo && (
          <>
            <Button onClick={retake} disabled={uploading}>
              {FILE_TEXT.retake}
            </Button>
            <Button
              variant="contained"
              onClick={() => void proceed()}
              disabled={uploading || geo.status !== 'ready'}
            >
              {FILE_TEXT.proceed}
            </Button>
          </>
        )}
        {isAgent && !uploading && (
          <Button variant="outlined" onClick={() => galleryRef.current?.click()}>
            {FILE_TEXT.uploadFromGallery}
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

      <NotClearDialog
        file={warning}
        onProceed={() => {
          if (warning) onDone(warning);
          setWarning(null);
        }}
        onUploadAgain={() => {
          setWarning(null);
          retake();
        }}
      />
    </Box>
  );
}

export interface CameraDialogProps {
  open: boolean;
  onClose: () => void;
  /** The uploaded photo with where it was taken. */
  onDone: (photo: GeoTaggedPhoto) => void;
  /** Multipart fileCategory: the field's name. */
  fileCategory?: string | undefined;
  /** Agents (profile.agentId) may upload an image instead (spec §6). */
  isAgent?: boolean | undefined;
  upload?: UploadFn | undefined;
  /** How often a PROCESSING photo is asked for its verdict, and how many times. */
  pollMs?: number | undefined;
  maxPolls?: number | undefined;
  title?: string | undefined;
}

/**
 * The full-screen camera (spec §2, §8, §9): a live preview at an ideal 1920 px, Capture / Flip Camera /
 * Retake / Proceed, the position (high accuracy, 15 s, no cache) reverse-geocoded with a map, and the
 * photo uploaded as geo-tag-image.jpg. Where the browser gives no camera stream, the device's own
 * capture input. The session (and every camera track) ends when the dialog closes.
 */
export function CameraDialog({
  open,
  onClose,
  onDone,
  fileCategory,
  isAgent = false,
  upload = uploadFile,
  pollMs = CHECK_POLL.intervalMs,
  maxPolls = CHECK_POLL.maxPolls,
  title = 'Take a photo',
}: CameraDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      {open && (
        <CameraSession
          onClose={onClose}
          onDone={onDone}
          fileCategory={fileCategory}
          isAgent={isAgent}
          upload={upload}
          pollMs={pollMs}
          maxPolls={maxPolls}
          titleId={titleId}
          title={title}
        />
      )}
    </Dialog>
  );
}
