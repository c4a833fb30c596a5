// A decompression bomb for the upload bench: a valid one-page PDF whose content stream is `inflatedBytes`
// of spaces, Flate-compressed (400 MiB become ~400 KB, the file of issue 9). The tests build the same file
// with apps/server/src/modules/documents/analysis/test-fixtures.ts (pdfBomb).
import { createDeflate } from 'node:zlib';

export async function pdfBomb(inflatedBytes = 400 * 1024 * 1024) {
  const deflate = createDeflate({ level: 9 });
  const chunks = [];
  deflate.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = inflatedBytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const stream = Buffer.concat(chunks);
  const parts = [];
  const offsets = [];
  let length = 0;
  const add = (part) => {
    const b = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(b);
    length += b.length;
  };
  const obj = (...body) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n`);
    body.forEach(add);
    add('\nendobj\n');
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj('<< /Type /Catalog /Pages 2 0 R >>');
  obj('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>');
  obj(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, stream, '\nendstream');
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
