import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/** No 0/O, 1/I/l: letters a person can tell apart in a distorted image. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

const r = (min: number, max: number) => min + randomInt(Math.round((max - min) * 100) + 1) / 100;

/**
 * The captcha as a real image: each character drawn at its own angle, size and height, over noise
 * lines and dots, through a wave filter; rendered to PNG by sharp. Returns a data: URL.
 */
export async function renderCaptcha(text: string): Promise<string> {
  const width = 200;
  const height = 64;
  const step = (width - 30) / text.length;
  const chars = [...text]
    .map((ch, i) => {
      const x = 18 + i * step + r(-3, 3);
      const y = 44 + r(-6, 6);
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${r(28, 36).toFixed(0)}" fill="#1f2a44" transform="rotate(${r(-25, 25).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})">${ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 6 }, () => {
    const colour = `rgb(${randomInt(60, 160)},${randomInt(60, 160)},${randomInt(60, 160)})`;
    return `<path d="M${r(0, 40)} ${r(5, 59)} Q${r(60, 140)} ${r(0, 64)} ${r(160, 200)} ${r(5, 59)}" stroke="${colour}" stroke-width="${r(1, 2.5)}" fill="none"/>`;
  }).join('');
  const dots = Array.from(
    { length: 90 },
    () => `<circle cx="${r(0, width)}" cy="${r(0, height)}" r="${r(0.5, 1.6)}" fill="#5a6478"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><filter id="w"><feTurbulence type="fractalNoise" baseFrequency="0.03 0.09" numOctaves="2" seed="${randomInt(1000)}"/><feDisplacementMap in="SourceGraphic" scale="7"/></filter></defs>
<rect width="100%" height="100%" fill="#eef1f6"/>${dots}<g filter="url(#w)">${chars}</g>${lines}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
