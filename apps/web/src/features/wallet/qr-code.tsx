import { encode } from 'uqr';

/**
 * A QR code as an SVG (one path of dark modules, with the quiet zone), drawn from `uqr`'s matrix: no
 * canvas, crisp at any size. Loaded lazily with the share dialog, so no other screen carries it.
 */
export default function QrCode({
  value,
  label,
  size = 220,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', background: '#fff' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
