import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import sharp from 'sharp';
import type { ReportFacts } from '../../db/schema/index.js';

/** Crockford's base32 (no I, L, O, U): read aloud and typed without confusion. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new verification code: 12 base32 characters, 60 random bits. */
export function newReportCode(): string {
  const bits = randomBytes(8).readBigUInt64BE() >> 4n;
  let code = '';
  for (let i = 11; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** XXXX-XXXX-XXXX, as printed and in the QR code's URL. */
export const groupCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** The QR code of `text` as a grayscale PNG (4 px per module, the 4-module quiet zone). */
export async function qrPng(text: string): Promise<{ png: Uint8Array; modules: number }> {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const modules = qr.getModuleCount();
  const scale = 4;
  const quiet = 4;
  const size = (modules + 2 * quiet) * scale;
  const pixels = Buffer.alloc(size * size, 255);
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = ((row + quiet) * scale + y) * size + (col + quiet) * scale;
        pixels.fill(0, start, start + scale);
      }
    }
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 1 } })
    .png()
    .toBuffer();
  return { png: new Uint8Array(png), modules };
}

const RESULT_TEXT: Record<ReportFacts['verifications'][number]['result'], string> = {
  VERIFIED: 'Verified',
  FAILED: 'Failed',
  CLOSED: 'Closed',
  SKIPPED: 'Skipped',
};
const RESULT_COLOUR = {
  VERIFIED: rgb(0.11, 0.45, 0.2),
  FAILED: rgb(0.7, 0.1, 0.1),
  CLOSED: rgb(0.35, 0.35, 0.35),
  SKIPPED: rgb(0.35, 0.35, 0.35),
} as const;

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '-';

/**
 * The report's PDF (A4, Helvetica): the facts, the verification code and a QR code of `verifyUrl`.
 * Text the standard fonts cannot show (a name in Devanagari) is printed with '?' in its place; the
 * public check answers the stored facts in full.
 */
export async function renderReportPdf(input: {
  facts: ReportFacts;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
}): Promise<Uint8Array> {
  const { facts } = input;
  const doc = await PDFDocument.create();
  const grouped = groupCode(input.code);
  doc.setTitle(`Verification report ${grouped}`);
  doc.setSubject(`Check this report at ${input.verifyUrl}`);
  doc.setKeywords([grouped, 'verification report']);
  doc.setProducer('Veridocs');
  doc.setCreator('Veridocs');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const safe = (text: string) =>
    [...text.replace(/[\r\n\t]+/g, ' ')].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');

  const A4: [number, number] = [595.28, 841.89];
  const margin = 48;
  const width = A4[0] - 2 * margin;
  const ink = rgb(0.1, 0.1, 0.12);
  const muted = rgb(0.38, 0.38, 0.42);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - margin;

  const wrap = (text: string, font: PDFFont, size: number, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of safe(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= max || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  const room = (needed: number) => {
    if (y - needed >= margin + 20) return;
    page = doc.addPage(A4);
    y = A4[1] - margin;
  };
  const text = (
    value: string,
    opts: { font?: PDFFont; size?: number; x?: number; colour?: typeof ink; max?: number } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const x = opts.x ?? margin;
    for (const line of wrap(value, font, size, opts.max ?? width - (x - margin))) {
      room(size + 4);
      page.drawText(line, { x, y: y - size, size, font, color: opts.colour ?? ink });
      y -= size + 4;
    }
  };
  const rule = () => {
    room(12);
    y -= 4;
    page.drawLine({
      start: { x: margin, y },
      end: { x: margin + width, y },
      thickness: 0.5,
      color: rgb(0.8, 0.8, 0.84),
    });
    y -= 10;
  };
  const field = (label: string, value: string) => {
    room(16);
    page.drawText(safe(label), { x: margin, y: y - 10, size: 10, font: bold, color: muted });
    const top = y;
    text(value, { x: margin + 130, max: width - 130 });
    y = Math.min(y, top - 14);
  };

  text('Verification report', { font: bold, size: 20 });
  y -= 2;
  text(`${facts.organisation} - ${facts.form}`, { size: 11, colour: muted });
  rule();

  field('Candidate', facts.candidate.name);
  if (facts.candidate.verifiedName && facts.candidate.verifiedName !== facts.candidate.name)
    field('Verified name', facts.candidate.verifiedName);
  field('Mobile', facts.candidate.maskedMobile);
  field('Organisation', facts.organisation);
  field('Form', facts.form);
  field('Submitted', day(facts.submittedAt));
  field('Decided', day(facts.decidedAt));
  if (facts.partner)
    field(
      'Sent to',
      facts.partner.reference
        ? `${facts.partner.name}, reference ${facts.partner.reference}`
        : facts.partner.name,
    );
  rule();

  text('Verifications', { font: bold, size: 13 });
  y -= 4;
  for (const v of facts.verifications) {
    room(48);
    const top = y;
    text(v.label, { font: bold, size: 11, max: width - 120 });
    const result = RESULT_TEXT[v.result];
    page.drawText(result, {
      x: margin + width - bold.widthOfTextAtSize(result, 11),
      y: top - 11,
      size: 11,
      font: bold,
      color: RESULT_COLOUR[v.result],
    });
    if (v.reason) text(`Reason: ${v.reason}`, { x: margin + 12, colour: muted });
    text(`Method: ${v.method}`, { x: margin + 12, colour: muted });
    if (v.documents.length === 0 && v.result !== 'SKIPPED')
      text('Documents checked: none', { x: margin + 12, colour: muted });
    for (const d of v.documents) {
      const pages = d.pages === null ? '' : `, ${d.pages} page${d.pages === 1 ? '' : 's'}`;
      const findings = `${d.findings} quality finding${d.findings === 1 ? '' : 's'}`;
      text(`Document: ${d.name}${pages}, ${findings}`, { x: margin + 12, colour: muted });
    }
    y -= 6;
  }
  rule();

  // The code and the QR code, together, on the page where they fit.
  const qr = await qrPng(input.verifyUrl);
  const image = await doc.embedPng(qr.png);
  const side = 112;
  room(side + 10);
  const top = y;
  page.drawImage(image, { x: margin + width - side, y: top - side, width: side, height: side });
  text('Verification code', { font: bold, size: 11, max: width - side - 16 });
  text(grouped, { font: bold, size: 18, max: width - side - 16 });
  y -= 4;
  text(`Issued ${day(input.issuedAt.toISOString())}. Scan the QR code or open`, {
    colour: muted,
    max: width - side - 16,
  });
  text(input.verifyUrl, { size: 9, max: width - side - 16 });
  text(
    'to confirm this report. A copy whose bytes differ from the issued PDF is not this report: the page ' +
      'also checks an uploaded PDF.',
    { colour: muted, size: 9, max: width - side - 16 },
  );
  y = Math.min(y, top - side - 6);

  const pages = doc.getPages();
  pages.forEach((p, i) =>
    p.drawText(`${grouped} - page ${i + 1} of ${pages.length}`, {
      x: margin,
      y: margin - 20,
      size: 8,
      font: regular,
      color: muted,
    }),
  );
  return doc.save();
}
