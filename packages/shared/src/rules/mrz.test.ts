import { describe, expect, it } from 'vitest';
import {
  buildTd3,
  findTd3Lines,
  mrzCheckDigit,
  parseTd3,
  readMrzText,
  repairTd3,
  validatePassportFields,
  type PassportFields,
} from './mrz.js';

// ICAO Doc 9303 part 4, appendix B: the specimen passport of Utopia.
const ICAO_1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const ICAO_2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
const NOW = new Date('2026-11-26T12:00:00Z');

const SAMPLE: PassportFields = {
  surname: 'KAPOOR',
  givenNames: 'ASHA MEERA',
  passportNumber: 'Z1234567',
  nationality: 'IND',
  issuingState: 'IND',
  dateOfBirth: '1996-08-21',
  sex: 'F',
  dateOfExpiry: '2034-05-14',
};

describe('MRZ check digit (7-3-1)', () => {
  it('computes the ICAO specimen digits', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6);
    expect(mrzCheckDigit('740812')).toBe(2);
    expect(mrzCheckDigit('120415')).toBe(9);
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe(1);
    expect(mrzCheckDigit('a')).toBeNull();
  });
});

describe('parseTd3', () => {
  it('reads the ICAO specimen when the passport was valid', () => {
    const result = parseTd3(ICAO_1, ICAO_2, new Date('2010-01-01T00:00:00Z'));
    expect(result).toEqual({
      ok: true,
      lines: [ICAO_1, ICAO_2],
      fields: {
        surname: 'ERIKSSON',
        givenNames: 'ANNA MARIA',
        passportNumber: 'L898902C3',
        nationality: 'UTO',
        issuingState: 'UTO',
        dateOfBirth: '1974-08-12',
        sex: 'F',
        dateOfExpiry: '2012-04-15',
      },
    });
  });

  it('refuses an expired passport, with the fields read', () => {
    const result = parseTd3(ICAO_1, ICAO_2, NOW);
    expect(result).toMatchObject({ ok: false, reason: 'EXPIRED', message: 'This passport has expired' });
    expect(result.ok === false && result.reason === 'EXPIRED' && result.fields.surname).toBe('ERIKSSON');
  });

  it('accepts a passport on its day of expiry, refuses it the day after', () => {
    const [a, b] = buildTd3({ ...SAMPLE, dateOfExpiry: '2026-11-26' });
    expect(parseTd3(a, b, NOW).ok).toBe(true);
    expect(parseTd3(a, b, new Date('2026-11-27T00:00:01Z'))).toMatchObject({ reason: 'EXPIRED' });
  });

  it.each([
    [0, 'documentNumber'],
    [15, 'dateOfBirth'],
    [23, 'dateOfExpiry'],
    [30, 'optionalData'],
  ] as const)('names the check digit that fails when position %i is changed (%s)', (pos, field) => {
    const changed = ICAO_2.slice(0, pos) + (ICAO_2[pos] === '2' ? '3' : '2') + ICAO_2.slice(pos + 1);
    expect(parseTd3(ICAO_1, changed, new Date('2010-01-01T00:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'CHECK_DIGIT',
      field,
    });
  });

  it('catches a changed nationality or sex only by the composite digit… not at all: they are not in it', () => {
    // The composite covers the number, the dates and the optional data; a wrong composite digit fails it.
    const wrongComposite = ICAO_2.slice(0, 43) + '1';
    expect(parseTd3(ICAO_1, wrongComposite, new Date('2010-01-01T00:00:00Z'))).toMatchObject({
      reason: 'CHECK_DIGIT',
      field: 'composite',
      message: 'The check digit of the whole zone (composite) does not match: the scan may be misread',
    });
  });

  it('refuses a holder under 18, accepts one who turns 18 today', () => {
    const child = buildTd3({ ...SAMPLE, dateOfBirth: '2010-03-01' });
    expect(parseTd3(...child, NOW)).toMatchObject({
      ok: false,
      reason: 'UNDER_AGE',
      message: 'You must be at least 18 years old',
    });
    const eighteenToday = buildTd3({ ...SAMPLE, dateOfBirth: '2008-11-26' });
    expect(parseTd3(...eighteenToday, NOW).ok).toBe(true);
    const eighteenTomorrow = buildTd3({ ...SAMPLE, dateOfBirth: '2008-11-27' });
    expect(parseTd3(...eighteenTomorrow, NOW)).toMatchObject({ reason: 'UNDER_AGE' });
  });

  it('refuses lines of the wrong shape or not a passport', () => {
    expect(parseTd3(ICAO_1.slice(1), ICAO_2, NOW)).toMatchObject({ reason: 'UNREADABLE' });
    expect(parseTd3('I' + ICAO_1.slice(1), ICAO_2, NOW)).toMatchObject({ reason: 'UNREADABLE' });
  });

  it('refuses an impossible date even with a correct check digit', () => {
    const [a] = buildTd3(SAMPLE);
    const birth = '961321';
    const line2 = buildTd3(SAMPLE)[1];
    const body = line2.slice(0, 13) + birth + String(mrzCheckDigit(birth)) + line2.slice(20, 43);
    const composite = String(mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43)));
    expect(parseTd3(a, body + composite, NOW)).toMatchObject({
      reason: 'INVALID_DATE',
      field: 'dateOfBirth',
    });
  });

  it('round-trips the sample passport through buildTd3', () => {
    const lines = buildTd3(SAMPLE);
    expect(lines[0]).toBe('P<INDKAPOOR<<ASHA<MEERA<<<<<<<<<<<<<<<<<<<<<');
    expect(lines[1]).toHaveLength(44);
    expect(parseTd3(...lines, NOW)).toMatchObject({ ok: true, fields: SAMPLE });
  });
});

describe('OCR repair (only where the format or a check digit confirms it)', () => {
  it('fixes letters read in the digit-only positions and digits in the name', () => {
    const [a, b] = buildTd3(SAMPLE);
    const misread2 = b.slice(0, 13) + '96O82I' + b.slice(19);
    const misread1 = a.replace('KAPOOR', 'KAP00R');
    const result = readMrzText(`noise line\n${misread1}\n${misread2}\n`, NOW);
    expect(result).toMatchObject({ ok: true, fields: SAMPLE });
  });

  it('takes a look-alike in the passport number only when its check digit confirms it', () => {
    const [a, b] = buildTd3(SAMPLE);
    expect(repairTd3(a, 'Z1234S67<' + b.slice(9))[1]).toBe(b);
    // An Indian number's shape (a letter and 7 digits), confirmed by the check digit.
    expect(repairTd3(a, 'ZI234567<' + b.slice(9))[1]).toBe(b);
    expect(repairTd3(a, '71234567<' + b.slice(9))[1]).toBe(b);
    // B for 2 is not a look-alike pair: no variant of that shape passes, the read is kept (and then fails).
    expect(repairTd3(a, 'Z1B34567<' + b.slice(9))[1].slice(0, 9)).toBe('Z1B34567<');
    // Elsewhere two look-alikes that both pass (Z/2 and I/1 shift the sum alike): the read is kept.
    const [u1, u2] = buildTd3({ ...SAMPLE, issuingState: 'UTO', nationality: 'UTO' });
    expect(repairTd3(u1, 'ZI234567<' + u2.slice(9))[1].slice(0, 9)).toBe('ZI234567<');
    // The ICAO number has a real letter C: a read that already passes is kept as is.
    expect(repairTd3(ICAO_1, ICAO_2)[1]).toBe(ICAO_2);
  });

  it('still fails when no variant passes', () => {
    const [a, b] = buildTd3(SAMPLE);
    const wrong = 'Z7654321<' + b.slice(9);
    expect(readMrzText(`${a}\n${wrong}`, NOW)).toMatchObject({
      reason: 'CHECK_DIGIT',
      field: 'documentNumber',
    });
  });

  it('finds the two lines with spaces and finds nothing in plain text', () => {
    const [a, b] = buildTd3(SAMPLE);
    expect(findTd3Lines(`REPUBLIC\n${a.slice(0, 20)} ${a.slice(20)}\n${b}\n`)).toEqual([a, b]);
    // Fillers miscounted by OCR: the optional-data run is realigned so the check digits keep their places.
    expect(findTd3Lines(`${a.slice(0, 38)}\n${b.slice(0, 30)}${b.slice(32)}`)).toEqual([a, b]);
    expect(findTd3Lines(`${a}\n${b.slice(0, 30)}<<<${b.slice(30)}`)).toEqual([a, b]);
    expect(findTd3Lines('Name KAPOOR\nDate of birth 21/08/1996')).toBeNull();
    expect(readMrzText('nothing here', NOW)).toMatchObject({ reason: 'UNREADABLE' });
  });
});

describe('validatePassportFields (the fields the candidate confirms)', () => {
  it('accepts the sample and refuses each bad field', () => {
    expect(validatePassportFields(SAMPLE, NOW)).toEqual([]);
    expect(validatePassportFields({ ...SAMPLE, dateOfExpiry: '2026-11-25' }, NOW)).toEqual([
      { field: 'dateOfExpiry', message: 'This passport has expired' },
    ]);
    expect(validatePassportFields({ ...SAMPLE, dateOfBirth: '2009-01-01' }, NOW)).toEqual([
      { field: 'dateOfBirth', message: 'You must be at least 18 years old' },
    ]);
    expect(validatePassportFields({ ...SAMPLE, dateOfBirth: '2027-01-01' }, NOW)[0]?.field).toBe(
      'dateOfBirth',
    );
    expect(validatePassportFields({ ...SAMPLE, dateOfBirth: '1996-02-30' }, NOW)[0]?.field).toBe(
      'dateOfBirth',
    );
    expect(validatePassportFields({ ...SAMPLE, passportNumber: 'Z12-4567' }, NOW)[0]?.field).toBe(
      'passportNumber',
    );
    expect(validatePassportFields({ ...SAMPLE, surname: 'kapoor' }, NOW)[0]?.field).toBe('surname');
  });
});
