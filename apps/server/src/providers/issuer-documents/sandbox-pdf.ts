import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SandboxCertificate } from './sandbox-types.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.12, 0.16);
const MUTED = rgb(0.35, 0.37, 0.42);
const WARN = rgb(0.7, 0.15, 0.12);

/** yyyy-MM-dd → "03 June 2017". */
function longDate(iso: string): string {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${String(d).padStart(2, '0')} ${month} ${y}`;
}

/** Standard fonts write WinAnsi only: anything else becomes "?" rather than failing the PDF. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

class Writer {
  y = A4[1] - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  text(value: string, options: { size?: number; bold?: boolean; x?: number; colour?: typeof INK } = {}) {
    const size = options.size ?? 10;
    this.page.drawText(winAnsi(value), {
      x: options.x ?? MARGIN,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.colour ?? INK,
    });
  }

  line(value: string, options: Parameters<Writer['text']>[1] & { gap?: number } = {}) {
    this.text(value, options);
    this.y -= (options.size ?? 10) + (options.gap ?? 6);
  }

  pair(label: string, value: string) {
    this.text(label, { colour: MUTED });
    this.text(value, { x: MARGIN + 150, bold: true });
    this.y -= 16;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 4 },
      end: { x: A4[0] - MARGIN, y: this.y + 4 },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 12;
  }
}

/**
 * The PDF copy of a sandbox certificate: one A4 page with the same data as its XML, a real text layer
 * (the product's PDF checks read it for the name), no scripts, forms or attachments, marked as a
 * sandbox document on the page and in its metadata. Dates are fixed so the bytes are the same every run.
 */
export async function renderCertificatePdf(c: SandboxCertificate): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const issued = new Date(`${c.issuedOn}T10:00:00Z`);
  pdf.setTitle(`${c.title}: ${c.holder.name} (sandbox)`);
  pdf.setAuthor(c.issuer.name);
  pdf.setSubject('A fictitious document of the Veridocs DigiLocker and API Setu sandboxes');
  pdf.setProducer('Veridocs issuer sandbox');
  pdf.setCreator('Veridocs issuer sandbox');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const page = pdf.addPage(A4);
  const w = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  w.line(c.issuer.name.toUpperCase(), { size: 16, bold: true, gap: 4 });
  w.line(`${c.issuer.address.line1}, ${c.issuer.address.vtc}, ${c.issuer.address.state}`, {
    size: 9,
    colour: MUTED,
    gap: 14,
  });
  w.line(c.doctype === 'DGCER' ? 'DEGREE CERTIFICATE' : 'MARKS STATEMENT CUM CERTIFICATE', {
    size: 13,
    bold: true,
    gap: 4,
  });
  w.line(`${c.examination}, ${c.month} ${c.year}`, { size: 11, gap: 14 });
  w.rule();
  w.pair('Name', c.holder.name);
  w.pair(c.doctype === 'DGCER' ? 'Registration number' : 'Roll number', c.rollNumber);
  w.pair('Date of birth', longDate(c.holder.dateOfBirth));
  w.pair("Father's name", c.holder.fatherName);
  w.pair("Mother's name", c.holder.motherName);
  w.pair(c.doctype === 'DGCER' ? 'College' : 'School', c.school.name);
  w.y -= 4;
  w.rule();

  if (c.subjects.length > 0) {
    const columns = [MARGIN, MARGIN + 50, MARGIN + 260, MARGIN + 320, MARGIN + 380, MARGIN + 440];
    const header = ['Code', 'Subject', 'Theory', 'Practical', 'Total', 'Grade'];
    header.forEach((h, i) => w.text(h, { x: columns[i], bold: true, size: 9 }));
    w.y -= 16;
    for (const s of c.subjects) {
      const cells = [
        s.code,
        s.name,
        s.marksTheory?.toString() ?? '-',
        s.marksPractical?.toString() ?? '-',
        s.marksTotal?.toString() ?? '-',
        s.grade,
      ];
      cells.forEach((cell, i) => w.text(cell, { x: columns[i], size: 9 }));
      w.y -= 14;
    }
    w.y -= 6;
    w.rule();
  }

  w.pair('Result', c.result);
  if (c.cgpa) w.pair('CGPA', `${c.cgpa}${c.cgpaMax ? ` / ${c.cgpaMax}` : ''}`);
  if (c.percentage) w.pair('Percentage', `${c.percentage}%`);
  w.pair('Date of issue', longDate(c.issuedOn));
  w.pair('DigiLocker URI', c.uri);

  w.y = MARGIN + 40;
  w.line('SANDBOX DOCUMENT - NOT A REAL CERTIFICATE', { bold: true, size: 11, colour: WARN, gap: 4 });
  w.line(
    'Made by the Veridocs DigiLocker and API Setu sandboxes for fictitious people. Its signed XML copy is the machine-readable one.',
    { size: 8, colour: MUTED },
  );
  return Buffer.from(await pdf.save());
}
