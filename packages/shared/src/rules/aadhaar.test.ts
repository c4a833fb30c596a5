import { describe, expect, it } from 'vitest';
import {
  AADHAAR_MESSAGES,
  aadhaarProblem,
  isValidAadhaar,
  isValidVerhoeff,
  maskAadhaar,
  verhoeffCheckDigit,
} from './aadhaar.js';

describe('Verhoeff', () => {
  it('computes the published check digits', () => {
    // Textbook examples: 236 → 3, 12345 → 1, 142857 → 0.
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(verhoeffCheckDigit('12345')).toBe('1');
    expect(verhoeffCheckDigit('142857')).toBe('0');
    expect(isValidVerhoeff('2363')).toBe(true);
    expect(isValidVerhoeff('123451')).toBe(true);
  });

  it('accepts a number with its generated check digit', () => {
    for (const body of ['23456789012', '98765432109', '50000000000', '79927398713']) {
      expect(isValidVerhoeff(body + verhoeffCheckDigit(body))).toBe(true);
    }
  });

  it('refuses every single changed digit', () => {
    const valid = '23456789012' + verhoeffCheckDigit('23456789012');
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        expect(isValidVerhoeff(changed), changed).toBe(false);
      }
    }
  });

  it('refuses every swap of two different adjacent digits', () => {
    const valid = '23456789012' + verhoeffCheckDigit('23456789012');
    for (let i = 0; i < valid.length - 1; i++) {
      if (valid[i] === valid[i + 1]) continue;
      const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
      expect(isValidVerhoeff(swapped), swapped).toBe(false);
    }
  });

  it('refuses what is not digits', () => {
    expect(isValidVerhoeff('')).toBe(false);
    expect(isValidVerhoeff('12a4')).toBe(false);
    expect(() => verhoeffCheckDigit('')).toThrow();
  });
});

describe('Aadhaar numbers', () => {
  const valid = '23456789012' + verhoeffCheckDigit('23456789012');

  it('accepts 12 digits with a valid check digit, blocks spaced or not', () => {
    expect(isValidAadhaar(valid)).toBe(true);
    expect(isValidAadhaar(`${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`)).toBe(true);
  });

  it('names the problem', () => {
    expect(aadhaarProblem('1234')).toBe(AADHAAR_MESSAGES.length);
    expect(aadhaarProblem('abcdabcdabcd')).toBe(AADHAAR_MESSAGES.length);
    const last = Number(valid[11]);
    expect(aadhaarProblem(valid.slice(0, 11) + String((last + 1) % 10))).toBe(AADHAAR_MESSAGES.checkDigit);
    // Valid Verhoeff but starting with 0 or 1: not issued.
    const zero = '0345678901' + '2';
    const zeroValid = zero.slice(0, 11) + verhoeffCheckDigit(zero.slice(0, 11));
    expect(aadhaarProblem(zeroValid)).toBe(AADHAAR_MESSAGES.checkDigit);
  });

  it('masks all but the last 4 digits', () => {
    expect(maskAadhaar(valid)).toBe(`XXXX XXXX ${valid.slice(8)}`);
    expect(maskAadhaar(valid)).not.toContain(valid.slice(0, 8));
    expect(maskAadhaar('1234')).toBe('XXXX XXXX 1234');
  });
});
