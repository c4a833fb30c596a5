import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA, FILE_TEXT, type GeolocationResult } from '@veridocs/shared';
import { errorMessage } from '../../lib/api-client';
import { reverseGeocode } from '../../lib/api/files-api';
import { translate } from '../../i18n';
import { cameraCatalog } from './camera-catalog';

export type Geo =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'ready'; result: GeolocationResult }
  | { status: 'error'; message: string };

function positionErrorMessage(error: GeolocationPositionError): string {
  if (error.code === 1) return translate(cameraCatalog, 'locationDenied');
  if (error.code === 3) return translate(cameraCatalog, 'locationTimeout');
  return translate(cameraCatalog, 'locationUnavailable');
}

/**
 * Where the photo is taken (spec §8): the position (high accuracy, 15 s, no cache) and the address
 * and map the server finds for it. A position without an address is still ready: the position is what
 * matters, and the result says what is missing. Nothing is set after the component goes away.
 */
export function useGeolocation() {
  const [geo, setGeo] = useState<Geo>({ status: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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
            if (!mounted.current) return;
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
            if (!mounted.current) return;
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
        if (mounted.current) setGeo({ status: 'error', message: positionErrorMessage(error) });
      },
      { enableHighAccuracy: true, timeout: CAMERA.geolocationTimeoutMs, maximumAge: 0 },
    );
  }, []);

  const reset = useCallback(() => setGeo({ status: 'idle' }), []);

  return { geo, locate, reset };
}
