import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CAMERA, type GeolocationResult } from '@veridocs/shared';
import { fetchApiImage } from '../../lib/api/files-api';
import { createObjectUrl, revokeObjectUrl } from '../file-upload/file-card';
import { formatNumber, useT } from '../../i18n';
import { cameraCatalog } from './camera-catalog';

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
  const t = useT(cameraCatalog);
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
      alt={t('map')}
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
  const t = useT(cameraCatalog);
  const line = addressLine(result);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        {line || `${result.latitude.toFixed(5)}, ${result.longitude.toFixed(5)}`}
      </Typography>
      {result.accuracy !== null && (
        <Typography variant="caption" color="text.secondary">
          {t('accuracy', { metres: formatNumber(Math.round(result.accuracy)) })}
        </Typography>
      )}
      {result.error && (
        <Typography variant="caption" color="text.secondary">
          {t('noAddress', { error: result.error })}
        </Typography>
      )}
      {result.mapImage && <MapImage path={result.mapImage} />}
    </Box>
  );
}
