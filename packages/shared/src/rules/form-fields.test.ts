import { describe, expect, it } from 'vitest';
import {
  OPTION_SETS,
  VALIDATION_FNS,
  dropEmpty,
  fieldError,
  formErrors,
  isFieldRequired,
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
});

describe('field errors', () => {
  it('empty required fields name the field', () => {
    expect(fieldError(pincode, { pincode: '  ' })).toBe('Pincode must not be empty');
    expect(fieldError(marksheet, {})).toBe('Marksheet must not be empty');
  });
  it('max length and validation functions', () => {
    expect(fieldError(pincode, { pincode: '1234567' })).toMatch(/at most 6/);
    expect(fieldError(pincode, { pincode: '12a456' })).toBe('Enter a 6-digit pincode');
    expect(fieldError(pincode, { pincode: '560001' })).toBeNull();
  });
  it('formErrors lists every failing field', () => {
    expect(formErrors([pincode, marksheet], { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' })).toEqual({
      pincode: 'Pincode must not be empty',
    });
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
