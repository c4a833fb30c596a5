import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA, FILE_TEXT } from '@veridocs/shared';

export type Facing = 'user' | 'environment';

/** getUserMedia's failures in the spec's words (§8): permission, or no usable camera. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return FILE_TEXT.cameraPermission;
  }
  return FILE_TEXT.noCamera;
}

export const hasCameraApi = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The live camera (spec §8): one stream at a time at an ideal 1920 px, the back camera first. A
 * stream the browser grants after the dialog closed, or after another flip, is stopped at once; every
 * track stops when the component goes away. Without getUserMedia (`fallback`), nothing starts.
 */
export function useCameraStream() {
  const [fallback] = useState(() => !hasCameraApi());
  const [facing, setFacing] = useState<Facing>('environment');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef({ stream: null as MediaStream | null, mounted: true, request: 0 });

  const stop = useCallback(() => {
    live.current.stream?.getTracks().forEach((track) => track.stop());
    live.current.stream = null;
    setStream(null);
  }, []);

  const start = useCallback((mode: Facing) => {
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
          setError(null);
          setStream(next);
        },
        (failure: unknown) => {
          if (live.current.mounted && request === live.current.request) setError(cameraErrorMessage(failure));
        },
      );
  }, []);

  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    if (!fallback) start('environment');
    return () => {
      state.mounted = false;
      state.request += 1;
      state.stream?.getTracks().forEach((track) => track.stop());
      state.stream = null;
    };
  }, [fallback, start]);

  /** Starts again with the camera in use (after Retake, or Try again). */
  const restart = useCallback(() => {
    if (!fallback) start(facing);
  }, [fallback, facing, start]);

  const flip = useCallback(() => {
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    start(next);
  }, [facing, start]);

  return { fallback, facing, stream, error, setError, stop, restart, flip };
}
