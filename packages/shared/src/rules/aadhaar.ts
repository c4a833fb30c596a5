/**
 * Aadhaar numbers (spec §5 "Aadhaar 12 digits"): 12 digits, the last a Verhoeff check digit over the
 * other 11. UIDAI issues none starting with 0 or 1. Only the last 4 digits are ever shown.
 */

/** Multiplication in the dihedral group D5. */
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
/** The position permutation, applied (i mod 8) times. */
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

const DIGITS = /^\d+$/;

function checksum(digits: string, offset: number): number {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const digit = digits.charCodeAt(n - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The Verhoeff check digit to append to `digits` (a non-empty digit string). */
export function verhoeffCheckDigit(digits: string): string {
  if (!DIGITS.test(digits)) throw new Error('verhoeffCheckDigit needs a non-empty digit string');
  return String(INV[checksum(digits, 1)]);
}

/** True when the last digit of `digits` is the Verhoeff check digit of the others. */
export function isValidVerhoeff(digits: string): boolean {
  return DIGITS.test(digits) && digits.length >= 2 && checksum(digits, 0) === 0;
}

export const AADHAAR_LENGTH = 12;
export const AADHAAR_MESSAGES = {
  length: 'Aadhaar number must be 12 digits',
  checkDigit: 'This is not a valid Aadhaar number, please check the digits',
} as const;

/** Spaces and dashes a candidate may type between the blocks are ignored. */
export function normaliseAadhaar(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Why `value` is not an Aadhaar number, or null when it is one (12 digits, 2-9 first, Verhoeff). */
export function aadhaarProblem(value: string): string | null {
  const digits = normaliseAadhaar(value);
  if (!/^\d{12}$/.test(digits)) return AADHAAR_MESSAGES.length;
  if (digits[0] === '0' || digits[0] === '1' || !isValidVerhoeff(digits)) return AADHAAR_MESSAGES.checkDigit;
  return null;
}

export function isValidAadhaar(value: string): boolean {
  return aadhaarProblem(value) === null;
}

/** The last 4 digits only, in the printed grouping: "XXXX XXXX 1234". */
export function maskAadhaar(valueOrLast4: string): string {
  const digits = normaliseAadhaar(valueOrLast4);
  return `XXXX XXXX ${digits.slice(-4)}`;
}
