/**
 * A small RFC 4180 CSV reader and writer (no parser is installed): quoted fields with "" escapes,
 * commas and line breaks inside quotes, CRLF or LF rows, a leading UTF-8 BOM. Answers null when the
 * text is not CSV (an unterminated quote, a NUL byte: a binary file).
 */
export function parseCsv(text: string): string[][] | null {
  if (text.includes('\u0000')) return null;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) return null;
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line) are not rows.
  return rows.filter((r) => r.length > 1 || r[0]!.trim() !== '');
}

/** One CSV field, quoted when it must be; a leading = + - @ is prefixed so a spreadsheet shows text. */
export function csvField(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (values: readonly (string | number | null | undefined)[]) =>
  `${values.map(csvField).join(',')}\r\n`;
