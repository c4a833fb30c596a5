import { describe, expect, it } from 'vitest';
import { csvField, csvLine, parseCsv } from './csv-fns.js';

describe('the RFC 4180 CSV reader and writer', () => {
  it('reads quotes, escaped quotes, commas and line breaks inside quotes, CRLF, a BOM', () => {
    const text = '\uFEFFname,note\r\n"Rao, Asha","said ""hi""\r\nthen left"\r\nB,\n\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Rao, Asha', 'said "hi"\r\nthen left'],
      ['B', ''],
    ]);
  });
  it('answers null for what is not CSV', () => {
    expect(parseCsv('a,"open\n')).toBeNull();
    expect(parseCsv('a\u0000b')).toBeNull();
  });
  it('writes fields a spreadsheet reads back as text', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
    expect(parseCsv(csvLine(['Rao, Asha', 'x"y']))).toEqual([['Rao, Asha', 'x"y']]);
  });
});
