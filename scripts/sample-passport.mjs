// `node scripts/sample-passport.mjs`: draws the sample passport data page the repository ships (a fictitious
// person, marked SPECIMEN) with its machine-readable zone in a monospace font (DejaVu Sans Mono, Debian's
// fonts-dejavu-core; OCR-B itself is not packaged), and the variants the OCR test reads: at an angle and
// with noise. Writes docs/samples/passport/. Needs `npm run build -w packages/shared` (the MRZ comes from
// the shared buildTd3, so its check digits are right by construction).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildTd3 } from '../packages/shared/dist/index.js';
import { root } from './lib.mjs';

export const SAMPLE_PASSPORT = {
  surname: 'KAPOOR',
  givenNames: 'ASHA MEERA',
  passportNumber: 'Z1234567',
  nationality: 'IND',
  issuingState: 'IND',
  dateOfBirth: '1996-08-21',
  sex: 'F',
  dateOfExpiry: '2034-05-14',
};

const W = 1800;
const H = 1270;
const dmy = (iso) => iso.split('-').reverse().join('/');
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageSvg(p) {
  const [l1, l2] = buildTd3(p);
  const field = (x, y, label, value) =>
    `<text x="${x}" y="${y}" class="label">${esc(label)}</text><text x="${x}" y="${y + 46}" class="value">${esc(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <style>
    .label { font: 26px 'DejaVu Sans', sans-serif; fill: #5a4a6a; }
    .value { font: bold 38px 'DejaVu Sans', sans-serif; fill: #1d1d1d; }
    .mrz { font: 62px 'DejaVu Sans Mono', 'Liberation Mono', monospace; fill: #111; }
  </style>
  <rect width="${W}" height="${H}" fill="#f3efe4"/>
  <rect x="0" y="0" width="${W}" height="120" fill="#e4dccb"/>
  <text x="60" y="80" style="font: bold 48px 'DejaVu Sans', sans-serif; fill: #3b2f4a">SAMPLE PASSPORT · NOT A REAL DOCUMENT</text>
  <text x="${W - 60}" y="80" text-anchor="end" style="font: bold 40px 'DejaVu Sans', sans-serif; fill: #b0302a">SPECIMEN</text>
  <rect x="70" y="190" width="420" height="540" rx="10" fill="#d9d4cc" stroke="#9a9184" stroke-width="4"/>
  <circle cx="280" cy="380" r="110" fill="#b8b1a6"/>
  <rect x="140" y="510" width="280" height="200" rx="100" fill="#b8b1a6"/>
  ${field(560, 200, 'Type / Country code / Passport No.', `P    ${p.issuingState}    ${p.passportNumber}`)}
  ${field(560, 320, 'Surname', p.surname)}
  ${field(560, 440, 'Given name(s)', p.givenNames)}
  ${field(560, 560, 'Nationality', 'INDIAN')}
  ${field(1000, 560, 'Sex', p.sex)}
  ${field(1200, 560, 'Date of Birth', dmy(p.dateOfBirth))}
  ${field(560, 680, 'Place of issue', 'SAMPLE CITY')}
  ${field(1200, 680, 'Date of expiry', dmy(p.dateOfExpiry))}
  <text x="560" y="840" class="label">Fictitious person generated for testing; not a real document.</text>
  <rect x="0" y="930" width="${W}" height="${H - 930}" fill="#fbf9f3"/>
  <text x="70" y="1075" class="mrz" textLength="${W - 140}" lengthAdjust="spacing">${esc(l1)}</text>
  <text x="70" y="1185" class="mrz" textLength="${W - 140}" lengthAdjust="spacing">${esc(l2)}</text>
</svg>`;
}

/** The clean page (JPEG), as a phone would store it. */
export async function drawPassport(p = SAMPLE_PASSPORT) {
  return sharp(Buffer.from(pageSvg(p)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The page turned by `degrees` on a darker desk, as a hand-held photo. */
export async function angled(page, degrees = 4) {
  const turned = await sharp(page).rotate(degrees, { background: '#6b6b6b' }).toBuffer();
  return sharp(turned)
    .extend({ top: 80, bottom: 80, left: 80, right: 80, background: '#6b6b6b' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The page held upside down (turned 182°: half a turn and a hand's 2°), as a photo taken across a desk. */
export const upsideDown = (page) => angled(page, 182);

/** Sensor noise (a seeded pseudo-random grain), a slight blur and strong JPEG compression. */
export async function noisy(page, amount = 40, quality = 60) {
  const { data, info } = await sharp(page).raw().toBuffer({ resolveWithObject: true });
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + rand() * amount));
  return sharp(data, { raw: info }).blur(1.1).jpeg({ quality }).toBuffer();
}

/** A 12 MP photo (4000 x 3000): the page turned slightly, filling most of the frame, with grain. */
export async function twelveMegapixel(page) {
  const big = await sharp(await angled(page, 2))
    .resize(3700, null)
    .toBuffer();
  const meta = await sharp(big).metadata();
  const framed = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#5d5a55' } })
    .composite([{ input: big, left: 150, top: Math.max(0, Math.round((3000 - meta.height) / 2)) }])
    .jpeg({ quality: 90 })
    .toBuffer();
  // A phone's JPEG: high quality, a few MB.
  return noisy(framed, 24, 95);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(root, 'docs', 'samples', 'passport');
  mkdirSync(dir, { recursive: true });
  const page = await drawPassport();
  await sharp(page).toFile(join(dir, 'sample-passport.jpg'));
  await sharp(await angled(page)).toFile(join(dir, 'sample-passport-angled.jpg'));
  await sharp(await noisy(page)).toFile(join(dir, 'sample-passport-noisy.jpg'));
  await sharp(await upsideDown(page)).toFile(join(dir, 'sample-passport-upside-down.jpg'));
  console.log(`wrote ${dir}/sample-passport{,-angled,-noisy,-upside-down}.jpg`);
}
