import { z } from 'zod';
import { profileNameSchema } from './auth.js';
import { addressSchema, contactDetailsSchema } from '../rules/profile-details.js';

export const verificationDetailSchema = z.object({
  verificationList: z.array(z.object({ type: z.string(), subType: z.string().nullable().optional() })),
});

/** GET {webWallet}/profile */
export const profileSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  profileDetails: z.object({ name: z.string() }),
  agentId: z.string().nullable(),
  /** Keyed by lowercase category name (spec §3 "Profile"). */
  verificationDetailList: z.record(z.string(), verificationDetailSchema),
  /** /basic-details, once saved (date of birth as 'yyyy-MM-dd'). */
  basicDetails: z
    .object({
      dateOfBirth: z.string(),
      gender: z.enum(['MALE', 'FEMALE', 'OTHER']),
    })
    .nullable(),
  /** /contact-details, once saved; permanentAddress is the current one when sameAsCurrent. */
  contactDetails: z
    .object({ currentAddress: addressSchema, permanentAddress: addressSchema, sameAsCurrent: z.boolean() })
    .nullable(),
  /**
   * The last 4 digits of a verified Aadhaar number, the only part ever stored or shown (the Aadhaar OTP
   * flow fills it); absent or null without one.
   */
  aadhaarLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable()
    .optional(),
  /**
   * The name an identity verification (Aadhaar, passport) returned, when the identity flows have one;
   * a name that differs from profileDetails.name offers the name change request.
   */
  verifiedName: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH {webWallet}/profile */
export const updateProfileRequestSchema = z
  .object({ name: profileNameSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * PUT {webWallet}/profile/verification-detail: what the candidate may edit of the profile (basic
 * details, contact details). The basic details are the form engine's values (BASIC_DETAILS_FIELDS),
 * checked on the server with checkFormData and the minimum age.
 */
export const updateVerificationDetailRequestSchema = z
  .object({
    basicDetails: z.record(z.string(), z.unknown()).optional(),
    contactDetails: contactDetailsSchema.optional(),
  })
  .strict()
  .refine((v) => v.basicDetails !== undefined || v.contactDetails !== undefined, {
    message: 'Nothing to update',
  });
export type UpdateVerificationDetailRequest = z.infer<typeof updateVerificationDetailRequestSchema>;

/** GET {utility}/pincode/{pin}: the district and state of a pincode, from the India Post directory. */
export const pincodeResultSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  /** Post office (locality) names of the pincode, for the village/town/city field. */
  offices: z.array(z.string()),
});
export type PincodeResult = z.infer<typeof pincodeResultSchema>;
export const pincodeParamsSchema = z.object({
  pin: z.string().regex(/^\d{6}$/, { message: 'Pincode must be 6 digits' }),
});

/** Spec §5 "Name change": a document is required. */
export const NAME_CHANGE_MESSAGES = { documentRequired: 'Upload document proof' } as const;

/** POST {verificationV1}/transactions/name-change-request (spec §3 "Name change request", §7). */
export const nameChangeRequestSchema = z
  .object({
    orgId: z.string().trim().min(1).max(100),
    txnId: z.string().trim().min(1).max(100),
    verificationName: z.string().trim().min(1).max(100),
    documentList: z
      .array(
        z
          .object({
            label: z.string().trim().min(1).max(100),
            /** The fileUrl POST /files answered with: one of the caller's own uploads. */
            url: z.string().trim().min(1).max(500),
          })
          .strict(),
      )
      .min(1, { message: NAME_CHANGE_MESSAGES.documentRequired })
      .max(5),
  })
  .strict();
export type NameChangeRequest = z.infer<typeof nameChangeRequestSchema>;

export const nameChangeResponseSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  txnId: z.string(),
  verificationName: z.string(),
  state: z.enum(['REQUESTED']),
  documentList: z.array(z.object({ label: z.string(), url: z.string() })),
  createdAt: z.string(),
});
export type NameChangeResponse = z.infer<typeof nameChangeResponseSchema>;

/** GET {verificationV1}/transactions/name-change-request: the candidate's own requests, newest first. */
export const nameChangeListResponseSchema = z.object({ list: z.array(nameChangeResponseSchema) });
export type NameChangeListResponse = z.infer<typeof nameChangeListResponseSchema>;
