import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsxRows, XLSX_LIMITS, XlsxTooLarge } from './xlsx-fns.js';
import { xlsxBook } from './xlsx-test-book.js';

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const sheet = (data: string) =>
  strToU8(`<?xml version="1.0"?><worksheet xmlns="${ns}"><sheetData>${data}</sheetData></worksheet>`);

describe('readXlsxRows', () => {
  it('reads the first sheet as text rows: shared, inline, numbers, gaps, blank rows left out', () => {
    const book = xlsxBook([
      ['name', 'mobile', 'email', 'form'],
      ['Meera Nair', 9876543210, null, 'demo-form'],
      [],
      ['A & B <x>', '08123', 'a@b.in', 'demo-form'],
    ]);
    expect(readXlsxRows(book)).toEqual([
      ['name', 'mobile', 'email', 'form'],
      ['Meera Nair', '9876543210', '', 'demo-form'],
      ['A & B <x>', '08123', 'a@b.in', 'demo-form'],
    ]);
    const inline = xlsxBook([], {
      'xl/worksheets/sheet1.xml': sheet(
        '<row r="1"><c r="B1" t="inlineStr"><is><r><t>Ra</t></r><r><t>vi</t></r></is></c><c r="D1" t="b"><v>1</v></c><c r="E1"><v>9.876543210E9</v></c></row>',
      ),
    });
    expect(readXlsxRows(inline)).toEqual([['', 'Ravi', '', 'TRUE', '9876543210']]);
  });

  it('answers null for what is not a readable workbook', () => {
    expect(readXlsxRows(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBeNull();
    const noSheet = xlsxBook([['a']], { 'xl/_rels/workbook.xml.rels': strToU8('<Relationships/>') });
    expect(readXlsxRows(noSheet)).toBeNull();
    const badXml = xlsxBook([['a']], { 'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData><row>') });
    expect(readXlsxRows(badXml)).toBeNull();
    const doctype = xlsxBook([['a']], {
      'xl/worksheets/sheet1.xml': strToU8(
        '<!DOCTYPE x [<!ENTITY a "b">]><worksheet><sheetData/></worksheet>',
      ),
    });
    expect(readXlsxRows(doctype)).toBeNull();
    const badShared = xlsxBook([], { 'xl/worksheets/sheet1.xml': sheet('<row><c t="s"><v>7</v></c></row>') });
    expect(readXlsxRows(badShared)).toBeNull();
    // A truncated archive (the central directory cut off).
    const book = xlsxBook([['name']]);
    expect(readXlsxRows(book.subarray(0, book.length - 30))).toBeNull();
  });

  it('stops a zip bomb at the cap, whether its declared size tells or lies', () => {
    // ~40 MB of one repeated row inflates from a few tens of KB.
    const huge = sheet('<row/>'.repeat(7 * 1024 * 1024));
    const bomb = xlsxBook([], { 'xl/worksheets/sheet1.xml': [huge, { level: 9 }] });
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => readXlsxRows(bomb)).toThrow(XlsxTooLarge);
    // The same with the central directory claiming a small size: the inflating itself stops.
    const lying = Buffer.from(bomb);
    let cd = lying.indexOf(Buffer.from('PK\u0001\u0002', 'latin1'));
    while (cd >= 0) {
      const nameLength = lying.readUInt16LE(cd + 28);
      if (lying.toString('utf8', cd + 46, cd + 46 + nameLength) === 'xl/worksheets/sheet1.xml')
        lying.writeUInt32LE(1000, cd + 24);
      cd = lying.indexOf(Buffer.from('PK\u0001\u0002', 'latin1'), cd + 4);
    }
    expect(() => readXlsxRows(lying)).toThrow(expect.objectContaining({ kind: 'bytes' }));
  });

  it('refuses a part of millions of tiny elements under the byte cap before building its DOM', () => {
    // 4 MB of `<c/>`: within the 8 MB part, a million elements.
    const tiny = sheet(`<row>${'<c/>'.repeat(1024 * 1024)}</row>`);
    const book = xlsxBook([], { 'xl/worksheets/sheet1.xml': [tiny, { level: 9 }] });
    expect(book.length).toBeLessThan(100_000);
    // Parsed, it would read as one row (cells past the column cap ignored): refused by counting.
    expect(() => readXlsxRows(book)).toThrow(expect.objectContaining({ kind: 'bytes' }));
    // A real sheet of 10,000 rows of five cells stays well within the tags cap.
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `Name ${i}`,
      9_876_500_000 + i,
      '',
      'demo-form',
      'en',
    ]);
    expect(readXlsxRows(xlsxBook([['name', 'mobile', 'email', 'form', 'language'], ...rows]))).toHaveLength(
      10_001,
    );
  });

  it('refuses more rows than a file may hold, and ignores columns past the cap', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`r${i}`]);
    expect(() => readXlsxRows(xlsxBook(rows), { ...XLSX_LIMITS, rows: 10 })).toThrow(
      expect.objectContaining({ kind: 'rows' }),
    );
    const wide = xlsxBook([], {
      'xl/worksheets/sheet1.xml': sheet('<row><c r="A1"><v>1</v></c><c r="ZZZ1"><v>2</v></c></row>'),
    });
    expect(readXlsxRows(wide)).toEqual([['1']]);
  });
});
