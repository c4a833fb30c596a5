import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../constants/messages.js';
import {
  idFormatFor,
  matchesIdFormat,
  withCandidateIdFormats,
  FIELD_TEXT,
  OPTION_SETS,
  VALIDATION_FNS,
  dateBounds,
  dateError,
  parseDateText,
  latestBirthDay,
  dropEmpty,
  fieldError,
  formErrors,
  isFieldRequired,
  isFieldShown,
  storedValueText,
  trimInput,
  type FieldRule,
} from './form-fields.js';

const marksheet: FieldRule = {
  fieldName: 'marksheet',
  label: 'Marksheet',
  inputType: 'file',
  requiredFn: 'marksheetRequired',
};
const pincode: FieldRule = {
  fieldName: 'pincode',
  inputType: 'text',
  required: true,
  maxLength: 6,
  validation: { fn: 'pincode', message: 'Enter a 6-digit pincode' },
};

describe('conditional required (requiredFn)', () => {
  it('the marksheet is not required for a degree without marksheets', () => {
    expect(isFieldRequired(marksheet, { degreeStatus: 'DEGREE_AND_MARKSHEET' })).toBe(true);
    expect(isFieldRequired(marksheet, { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' })).toBe(false);
  });
  it('an unknown requiredFn makes the field optional', () => {
    expect(isFieldRequired({ ...marksheet, requiredFn: 'nope' }, {})).toBe(false);
  });
  it('a field hidden by showWhen is never required', () => {
    const field: FieldRule = {
      fieldName: 'x',
      inputType: 'text',
      required: true,
      showWhen: { fieldName: 'y', values: ['a'] },
    };
    expect(isFieldRequired(field, { y: 'b' })).toBe(false);
    expect(isFieldRequired(field, { y: 'a' })).toBe(true);
  });
  it('hideWhen hides a field for the named values (spec §3: no marksheet for DEGREE_ONLY_NO_MARKSHEET)', () => {
    const field: FieldRule = {
      ...marksheet,
      required: true,
      requiredFn: undefined,
      hideWhen: { fieldName: 'degreeStatus', values: ['DEGREE_ONLY_NO_MARKSHEET'] },
    };
    expect(isFieldShown(field, {})).toBe(true);
    expect(isFieldShown(field, { degreeStatus: 'DEGREE_AND_MARKSHEET' })).toBe(true);
    expect(isFieldShown(field, { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' })).toBe(false);
    expect(isFieldRequired(field, { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' })).toBe(false);
    expect(fieldError(field, { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET', marksheet: 'x' })).toBeNull();
    expect(fieldError(field, { degreeStatus: 'DEGREE_AND_MARKSHEET' })).toBe(MESSAGES.required);
  });
});

describe('field errors', () => {
  it('an empty required field says "Required", or the field\'s own requiredMessage (spec §5)', () => {
    expect(MESSAGES.required).toBe('Required');
    expect(fieldError(pincode, { pincode: '  ' })).toBe('Required');
    expect(fieldError(marksheet, {})).toBe('Required');
    expect(fieldError({ ...marksheet, requiredMessage: FIELD_TEXT.uploadMarksheet }, {})).toBe(
      'Upload Education Marksheet',
    );
    const name: FieldRule = {
      fieldName: 'candidateName',
      inputType: 'text',
      required: true,
      requiredMessage: MESSAGES.nameRequired,
    };
    expect(fieldError(name, { candidateName: '' })).toBe('Name must not be empty');
    expect(fieldError({ ...name, required: false }, { candidateName: '' })).toBeNull();
  });
  it('max length and validation functions', () => {
    expect(fieldError(pincode, { pincode: '1234567' })).toMatch(/at most 6/);
    expect(fieldError(pincode, { pincode: '12a456' })).toBe('Enter a 6-digit pincode');
    expect(fieldError(pincode, { pincode: '560001' })).toBeNull();
  });
  it('formErrors lists every failing field', () => {
    expect(formErrors([pincode, marksheet], { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' })).toEqual({
      pincode: 'Required',
    });
  });
});

describe('input type rules (client and server on submit)', () => {
  const now = new Date(2024, 5, 15, 10, 0, 0);
  const dob: FieldRule = { fieldName: 'dateOfBirth', inputType: 'date', required: true };
  const at = (field: FieldRule, value: unknown) => fieldError(field, { [field.fieldName]: value }, now);

  it('dates: a real day in 1900..2099, no future day unless the field allows it', () => {
    expect(at(dob, '1998-08-15')).toBeNull();
    expect(at(dob, '2024-06-15')).toBeNull();
    expect(at(dob, '2024-06-16')).toBe('Date cannot be in the future');
    expect(at(dob, '2000-02-31')).toBe('Enter a valid date as DD-MM-YYYY');
    expect(at(dob, '15-08-1998')).toBe('Enter a valid date as DD-MM-YYYY');
    expect(at(dob, '1899-12-31')).toBe('Enter a date between 01-01-1900 and 31-12-2099');
    expect(at({ ...dob, disableFuture: false }, '2030-01-01')).toBeNull();
    expect(at({ ...dob, disableFuture: false }, '2100-01-01')).toBe(
      'Enter a date between 01-01-1900 and 31-12-2099',
    );
  });

  it('dates: disablePast, minDate and maxDate, by day', () => {
    const joining: FieldRule = {
      fieldName: 'joiningDate',
      inputType: 'date',
      disablePast: true,
      maxDate: '2024-12-31',
    };
    expect(at(joining, '2024-06-14')).toBe('Date cannot be in the past');
    expect(at(joining, '2024-06-15')).toBeNull();
    expect(at(joining, '2025-01-01')).toBe('Date must be on or before 31-12-2024');
    const after: FieldRule = { fieldName: 'd', inputType: 'date', minDate: '2000-01-01' };
    expect(at(after, '1999-12-31')).toBe('Date must be on or after 01-01-2000');
    expect(dateBounds({ minDate: '2000-01-01' }, '2024-06-15')).toEqual({
      min: '2000-01-01',
      max: '2024-06-15',
    });
    expect(dateError('2024-06-15', {}, '2024-06-15')).toBeNull();
  });

  it('a minimum age keeps a date of birth at least that many years back, by day', () => {
    const adult = { minAgeYears: 18 };
    expect(dateError('2006-06-15', adult, '2024-06-15')).toBeNull();
    expect(dateError('2006-06-16', adult, '2024-06-15')).toBe('You must be at least 18 years old');
    expect(dateBounds(adult, '2024-06-15')).toEqual({ min: '1900-01-01', max: '2006-06-15' });
    // Born on 29 February: 18 on the 28th in a year without one.
    expect(latestBirthDay('2028-02-29', 18)).toBe('2010-02-28');
    expect(latestBirthDay('2024-02-29', 16)).toBe('2008-02-29');
  });

  it('formErrors judges dates against the given day', () => {
    expect(formErrors([dob], { dateOfBirth: '2024-06-16' }, now)).toEqual({
      dateOfBirth: 'Date cannot be in the future',
    });
    expect(formErrors([dob], { dateOfBirth: '2024-06-16' }, new Date(2024, 5, 16))).toEqual({});
  });

  it('number text takes digits only; a block code needs all its digits', () => {
    const pin: FieldRule = { fieldName: 'pin', inputType: 'text', textType: 'number' };
    expect(at(pin, '56a001')).toBe('Enter digits only');
    expect(at(pin, '560001')).toBeNull();
    const code: FieldRule = { fieldName: 'code', inputType: 'block', blockLength: 12 };
    expect(at(code, '12345678')).toBe('Enter all 12 digits');
    expect(at(code, '1234abcd9012')).toBe('Enter digits only');
    expect(at(code, '123456789012')).toBeNull();
  });
});

describe('validation functions', () => {
  it.each([
    ['aadhaar', '123412341234', true],
    ['aadhaar', '12341234123', false],
    ['url', 'https://example.com/a', true],
    ['url', 'ftp://example.com', false],
    ['url', 'http://localhost', false],
    ['email', 'a@b.co', true],
    ['email', 'a@b', false],
    ['passportNumber', 'K1234567', true],
    ['passportNumber', '12345678', false],
    ['year', '2019', true],
    ['score', '87.5%', true],
    ['score', 'A+', true],
  ] as const)('%s(%s) → %s', (fn, value, ok) => expect(VALIDATION_FNS[fn](value)).toBe(ok));
});

describe('option sets', () => {
  it('INDIAN_STATE has the 36 states and union territories, values are names', () => {
    const states = OPTION_SETS.INDIAN_STATE();
    expect(states).toHaveLength(36);
    expect(states.find((s) => s.value === 'Kerala')).toBeDefined();
  });
  it('a disabled option is never accepted: the EWS states "(Coming Soon)" are refused by name', () => {
    const state: FieldRule = {
      fieldName: 'state',
      inputType: 'select',
      optionsKey: 'EWS_VERIFICATION_STATES',
    };
    expect(fieldError(state, { state: 'HR' })).toBeNull();
    expect(fieldError(state, { state: 'TG' })).toBeNull();
    expect(fieldError(state, { state: 'GA' })).toBe('This option cannot be chosen yet');
    expect(fieldError(state, { state: 'UP' })).toBe('This option cannot be chosen yet');
    // A name is not a value: codes only (spec §3).
    expect(fieldError(state, { state: 'Haryana' })).toBe('Choose one of the options');
  });
  it('ADDRESS_PROOF_TYPE: the documents that prove a current address', () => {
    expect(OPTION_SETS.ADDRESS_PROOF_TYPE().map((o) => o.value)).toEqual([
      'AADHAAR',
      'PASSPORT',
      'VOTER_ID',
      'DRIVING_LICENCE',
      'UTILITY_BILL',
      'BANK_STATEMENT',
      'RENT_AGREEMENT',
    ]);
  });
  it('EWS states: enabled only for the listed states, others "(Coming Soon)", values are codes', () => {
    const ews = OPTION_SETS.EWS_VERIFICATION_STATES();
    const enabled = ews.filter((s) => !s.disabled).map((s) => s.value);
    expect(enabled.sort()).toEqual(['AP', 'BR', 'CT', 'DL', 'HR', 'KL', 'OR', 'PB', 'RJ', 'TG', 'TN']);
    expect(ews.find((s) => s.value === 'GA')).toMatchObject({
      disabled: true,
      disabledPostfix: '(Coming Soon)',
    });
  });
});

describe('stored values as words (credentials, never ids)', () => {
  it('a list choice reads by its name, a select code by its option name, text as it is', () => {
    const institute: FieldRule = { fieldName: 'institute', inputType: 'autocomplete' };
    expect(storedValueText(institute, { value: 'anna-university', name: 'Anna University' })).toBe(
      'Anna University',
    );
    expect(storedValueText(institute, { manual: true, name: 'Govt. College, Ooty' })).toBe(
      'Govt. College, Ooty',
    );
    expect(storedValueText(institute, { value: 'Other', name: 'Other' })).toBe('Other');
    const type: FieldRule = {
      fieldName: 'employmentType',
      inputType: 'select',
      optionsKey: 'EMPLOYMENT_TYPE',
    };
    expect(storedValueText(type, 'FULL_TIME')).toBe('Full-time');
    const state: FieldRule = {
      fieldName: 'state',
      inputType: 'select',
      optionsKey: 'EWS_VERIFICATION_STATES',
    };
    expect(storedValueText(state, 'HR')).toBe('Haryana');
    const own: FieldRule = {
      fieldName: 'level',
      inputType: 'select',
      options: [{ name: 'Post-graduate', value: 'PG' }],
    };
    expect(storedValueText(own, 'PG')).toBe('Post-graduate');
    expect(storedValueText(undefined, ' B.Sc ')).toBe('B.Sc');
    expect(storedValueText(undefined, 2020)).toBe('2020');
    expect(storedValueText(undefined, '')).toBeNull();
    expect(storedValueText(undefined, [{ fileId: 'f' }])).toBeNull();
  });
});

describe('text trimming (spec §5)', () => {
  it('trims leading whitespace so a lone space is ignored', () => {
    expect(trimInput(' ')).toBe('');
    expect(trimInput('  Asha Rao ')).toBe('Asha Rao ');
  });
  it('drops empty and falsy values', () => {
    expect(dropEmpty({ a: '', b: ' ', c: null, d: false, e: ' x ', f: 0, g: ['1'] })).toEqual({
      e: 'x',
      f: 0,
      g: ['1'],
    });
  });
});

describe('certificate numbers (EWS)', () => {
  it('takes letters and digits with / - . or spaces between, 4 to 40 characters', () => {
    for (const ok of ['EWS/2025/HR/004512', 'ews-22-0001', 'RJ 2024 778812', 'A123']) {
      expect(VALIDATION_FNS.certificateNumber(ok), ok).toBe(true);
    }
    for (const bad of ['AB', '/EWS2025', 'EWS2025/', 'EWS#2025', 'X'.repeat(41), '<script>']) {
      expect(VALIDATION_FNS.certificateNumber(bad), bad).toBe(false);
    }
  });
});

describe('candidate ID by institute (candidateIdSchemaByInstitute)', () => {
  it('a mask: 9 a digit, A a letter, * either, anything else itself', () => {
    expect(matchesIdFormat('99/AAA/99999', '19/com/12345')).toBe(true);
    expect(matchesIdFormat('99/AAA/99999', '19-COM-12345')).toBe(false);
    expect(matchesIdFormat('999', '12')).toBe(false);
    expect(matchesIdFormat('**9', 'a13')).toBe(true);
    expect(matchesIdFormat('AA99A999', ' CS19B001 ')).toBe(true);
  });

  const inputs: FieldRule[] = [
    {
      fieldName: 'institute',
      inputType: 'autocomplete',
      autocompleteSource: '/api/utility/institutes',
    },
    { fieldName: 'instituteId', inputType: 'text', label: 'Registration number' },
  ];
  const fields = withCandidateIdFormats(inputs, {
    'anna-university': { fieldName: 'instituteId', format: '999999999999' },
  });

  it('puts the formats on the named field, the institute being the first searchable list', () => {
    expect(fields[1]?.idFormat).toEqual({
      instituteField: 'institute',
      byInstitute: { 'anna-university': '999999999999' },
    });
    expect(fields[0]?.idFormat).toBeUndefined();
    expect(withCandidateIdFormats(inputs, undefined)).toEqual(inputs);
  });

  it('judges the ID by the chosen institute only', () => {
    const field = fields[1]!;
    const anna = { value: 'anna-university', name: 'Anna University' };
    expect(idFormatFor(field, { institute: anna })).toBe('999999999999');
    expect(fieldError(field, { institute: anna, instituteId: '12345' })).toBe(
      "Enter the ID in your institute's format: 999999999999",
    );
    expect(fieldError(field, { institute: anna, instituteId: '123456789012' })).toBeNull();
    expect(fieldError(field, { institute: 'anna-university', instituteId: '1' })).not.toBeNull();
    expect(fieldError(field, { institute: { value: 'other-univ' }, instituteId: '1' })).toBeNull();
    expect(fieldError(field, { institute: { manual: true, name: 'X' }, instituteId: '1' })).toBeNull();
  });
});

describe('parseDateText (dates typed as the product writes them, spec §5)', () => {
  it('reads dd-MM-yyyy and yyyy-MM-dd, with any separator, into yyyy-MM-dd', () => {
    expect(parseDateText('31-01-2026')).toBe('2026-01-31');
    expect(parseDateText('5/2/2026')).toBe('2026-02-05');
    expect(parseDateText('2026.02.05')).toBe('2026-02-05');
    expect(parseDateText('  ')).toBe('');
  });

  it('keeps text that is no real day as it was', () => {
    expect(parseDateText('31-02-2026')).toBe('31-02-2026');
    expect(parseDateText('31-13')).toBe('31-13');
    expect(parseDateText('01-31-2026')).toBe('01-31-2026');
  });
});
