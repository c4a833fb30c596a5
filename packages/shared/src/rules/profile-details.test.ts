import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  addressSchema,
  ageInYears,
  contactDetailsSchema,
  minimumAgeError,
} from './profile-details.js';

const address = {
  pincode: '560001',
  line1: '12 MG Road',
  vtc: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
};
const messages = (value: unknown) => addressSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('minimum age of 18 (spec §5)', () => {
  const now = new Date(2030, 0, 15);
  it('counts whole years by calendar day', () => {
    expect(ageInYears('2012-01-15', now)).toBe(18);
    expect(ageInYears('2012-01-16', now)).toBe(17);
    expect(ageInYears('2000-02-29', new Date(2018, 1, 28))).toBe(17);
    expect(ageInYears('2000-02-29', new Date(2018, 2, 1))).toBe(18);
    expect(ageInYears('not a date', now)).toBeNull();
  });
  it('refuses under 18 with the message', () => {
    expect(minimumAgeError('2012-01-15', now)).toBeNull();
    expect(minimumAgeError('2012-01-16', now)).toBe('You must be at least 18 years old');
  });
});

describe('address rules (spec §5 "Address")', () => {
  it('accepts an address without a landmark and trims', () => {
    expect(addressSchema.parse({ ...address, line1: '  12 MG Road ' })).toEqual(address);
  });
  it('gives the spec message for each empty field', () => {
    expect(messages({ ...address, pincode: '' })).toEqual([ADDRESS_MESSAGES.pincodeEmpty]);
    expect(messages({ ...address, line1: ' ' })).toEqual(['Line 1 must not be empty']);
    expect(messages({ ...address, vtc: '' })).toEqual(['VTC must not be empty']);
    expect(messages({ ...address, state: '' })).toEqual(['State must not be empty']);
    expect(messages({ ...address, district: '' })).toEqual(['District must not be empty']);
  });
  it('pincode: 6 digits only; lines at most 120 characters', () => {
    expect(messages({ ...address, pincode: '56000a' })).toEqual(['Pincode must be 6 digits']);
    expect(messages({ ...address, pincode: '5600011' })).toEqual(['Pincode must be 6 digits']);
    expect(messages({ ...address, line1: 'x'.repeat(120) })).toEqual([]);
    expect(messages({ ...address, landmark: 'x'.repeat(121) })).toEqual(['Must be at most 120 characters']);
    expect(messages({ ...address, country: 'India' })).not.toEqual([]);
  });
  it('needs a permanent address unless it is the same as the current one', () => {
    expect(contactDetailsSchema.safeParse({ currentAddress: address, sameAsCurrent: true }).success).toBe(
      true,
    );
    expect(contactDetailsSchema.safeParse({ currentAddress: address, sameAsCurrent: false }).success).toBe(
      false,
    );
  });
});
