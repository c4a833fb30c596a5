import { z } from 'zod';
import type { DynamicInputField } from '../schemas/verification.js';
import { fromIsoDay } from './form-fields.js';

/** Spec §5 / §9: address and age rules of the profile screens. */
export const PROFILE_DETAILS = {
  pincodeLength: 6,
  addressLineMax: 120,
  minimumAge: 18,
} as const;

/** The address messages of spec §5 ("Address"), and those this product adds beside them. */
export const ADDRESS_MESSAGES = {
  pincodeEmpty: 'Pincode must not be empty',
  line1Empty: 'Line 1 must not be empty',
  vtcEmpty: 'VTC must not be empty',
  stateEmpty: 'State must not be empty',
  districtEmpty: 'District must not be empty',
  pincodeDigits: 'Pincode must be 6 digits',
  pincodeUnknown: 'No post office has this pincode',
  tooYoung: 'You must be at least 18 years old',
  lineTooLong: `Must be at most ${PROFILE_DETAILS.addressLineMax} characters`,
  permanentRequired: 'Permanent address is required',
} as const;

const trimmed = (max: number, emptyMessage: string | null) => {
  const base = z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` });
  return emptyMessage === null ? base : base.min(1, { message: emptyMessage });
};

/** Spec §3 "Address": pincode (digits, 6), line1 (120), landmark (optional, 120), vtc, state, district. */
export const addressSchema = z
  .object({
    pincode: z
      .string()
      .trim()
      .min(1, { message: ADDRESS_MESSAGES.pincodeEmpty })
      // An empty one has its own message only.
      .regex(/^(\d{6})?$/, { message: ADDRESS_MESSAGES.pincodeDigits }),
    line1: trimmed(PROFILE_DETAILS.addressLineMax, ADDRESS_MESSAGES.line1Empty),
    landmark: trimmed(PROFILE_DETAILS.addressLineMax, null).optional(),
    vtc: trimmed(PROFILE_DETAILS.addressLineMax, ADDRESS_MESSAGES.vtcEmpty),
    district: trimmed(PROFILE_DETAILS.addressLineMax, ADDRESS_MESSAGES.districtEmpty),
    state: trimmed(PROFILE_DETAILS.addressLineMax, ADDRESS_MESSAGES.stateEmpty),
  })
  .strict();
export type Address = z.infer<typeof addressSchema>;

/** /contact-details: the current address, and the permanent one unless it is the same. */
export const contactDetailsSchema = z
  .object({
    currentAddress: addressSchema,
    sameAsCurrent: z.boolean(),
    permanentAddress: addressSchema.optional(),
  })
  .strict()
  .refine((v) => v.sameAsCurrent || v.permanentAddress !== undefined, {
    message: ADDRESS_MESSAGES.permanentRequired,
    path: ['permanentAddress'],
  });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const GENDER_OPTIONS = [
  { name: 'Male', value: 'MALE' },
  { name: 'Female', value: 'FEMALE' },
  { name: 'Other', value: 'OTHER' },
] as const;

/** /basic-details: its fields are config for the form engine; the server checks them with checkFormData. */
export const BASIC_DETAILS_FIELDS: DynamicInputField[] = [
  {
    fieldName: 'dateOfBirth',
    label: 'Date of Birth',
    inputType: 'date',
    required: true,
    disableFuture: true,
  },
  {
    fieldName: 'gender',
    label: 'Gender',
    inputType: 'select',
    required: true,
    options: GENDER_OPTIONS.map((o) => ({ ...o })),
  },
];

export interface BasicDetails {
  /** 'yyyy-MM-dd' */
  dateOfBirth: string;
  gender: (typeof GENDER_OPTIONS)[number]['value'];
}

/** Whole years between `dateOfBirth` ('yyyy-MM-dd') and `now`'s calendar day; null for a bad date. */
export function ageInYears(dateOfBirth: string, now: Date): number | null {
  const dob = fromIsoDay(dateOfBirth);
  if (!dob) return null;
  let age = now.getFullYear() - dob.getFullYear();
  const beforeBirthday =
    now.getMonth() < dob.getMonth() || (now.getMonth() === dob.getMonth() && now.getDate() < dob.getDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** The age message for a date of birth, or null when the candidate is at least 18 (spec §5). */
export function minimumAgeError(dateOfBirth: string, now: Date): string | null {
  const age = ageInYears(dateOfBirth, now);
  if (age === null) return null;
  return age < PROFILE_DETAILS.minimumAge ? ADDRESS_MESSAGES.tooYoung : null;
}
