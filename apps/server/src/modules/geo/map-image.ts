import { CAMERA } from '@veridocs/shared';
import sharp from 'sharp';
import type { PostOffice } from './pincode-index.js';

/** Metres per pixel of Web Mercator at a zoom level and latitude (256 px tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (156_543.033_92 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

/**
 * The offline map image: a schematic 600×400 PNG at zoom 15 centred on the position — a grid of
 * 100 m, the nearby post offices as labelled dots, the accuracy circle and a pin. No tiles, no network;
 * a static-map provider can replace it behind the same function type.
 */
export async function renderMapImage(input: {
  lat: number;
  lng: number;
  accuracyMetres?: number | null;
  nearby: readonly (PostOffice & { distanceKm: number })[];
}): Promise<Buffer> {
  const width = CAMERA.mapWidth;
  const height = CAMERA.mapHeight;
  const mpp = metresPerPixel(input.lat, CAMERA.mapZoom);
  const cx = width / 2;
  const cy = height / 2;
  const toPixel = (lat: number, lng: number) => {
    const dx = (lng - input.lng) * 111_320 * Math.cos((input.lat * Math.PI) / 180);
    const dy = (lat - input.lat) * 110_540;
    return { x: cx + dx / mpp, y: cy - dy / mpp };
  };
  const gridStep = 100 / mpp;
  const grid: string[] = [];
  for (let x = cx % gridStep; x < width; x += gridStep)
    grid.push(`<line x1="${x.toFixed(1)}" y1="0" x2="${x.toFixed(1)}" y2="${height}"/>`);
  for (let y = cy % gridStep; y < height; y += gridStep)
    grid.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${width}" y2="${y.toFixed(1)}"/>`);
  const offices = input.nearby
    .map((o) => ({ o, p: toPixel(o.latitude, o.longitude) }))
    .filter(({ p }) => p.x > 8 && p.x < width - 8 && p.y > 8 && p.y < height - 8)
    .slice(0, 12)
    .map(
      ({ o, p }) =>
        `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="5" fill="#5b6b7f"/>` +
        // Labels near the right edge are drawn to the left of their dot, so they stay inside the image.
        (p.x > width - 170
          ? `<text x="${(p.x - 8).toFixed(1)}" y="${(p.y + 4).toFixed(1)}" font-size="12" fill="#334155" text-anchor="end">`
          : `<text x="${(p.x + 8).toFixed(1)}" y="${(p.y + 4).toFixed(1)}" font-size="12" fill="#334155">`) +
        `${escapeXml(`${o.area} ${o.pincode}`)}</text>`,
    );
  const accuracy =
    input.accuracyMetres && input.accuracyMetres > 0
      ? `<circle cx="${cx}" cy="${cy}" r="${Math.min(input.accuracyMetres / mpp, width).toFixed(1)}" fill="#1d4e89" fill-opacity="0.12" stroke="#1d4e89" stroke-opacity="0.4"/>`
      : '';
  const scaleBar = 200 / mpp;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">
  <rect width="100%" height="100%" fill="#eef2f0"/>
  <g stroke="#d5ddd8" stroke-width="1">${grid.join('')}</g>
  ${offices.join('')}
  ${accuracy}
  <path d="M ${cx} ${cy} l -10 -24 a 11 11 0 1 1 20 0 z" fill="#c62828" stroke="#ffffff" stroke-width="2"/>
  <circle cx="${cx}" cy="${cy - 25}" r="4" fill="#ffffff"/>
  <rect x="10" y="${height - 34}" width="${(scaleBar + 60).toFixed(1)}" height="24" rx="4" fill="#ffffff" fill-opacity="0.85"/>
  <line x1="18" y1="${height - 18}" x2="${(18 + scaleBar).toFixed(1)}" y2="${height - 18}" stroke="#334155" stroke-width="3"/>
  <text x="${(24 + scaleBar).toFixed(1)}" y="${height - 14}" font-size="12" fill="#334155">200 m</text>
  <text x="${width - 10}" y="${height - 12}" font-size="11" fill="#64748b" text-anchor="end">${escapeXml(`${input.lat.toFixed(5)}, ${input.lng.toFixed(5)} · schematic, India Post offices`)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
