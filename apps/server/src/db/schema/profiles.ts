import type { KycAddress } from '@veridocs/shared';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Verifications the candidate has done, keyed by lowercase category (spec §3 "Profile"). */
export type VerificationDetailList = Record<
  string,
  { verificationList: { type: string; subType?: string | null }[] }
>;

/** /basic-details as saved (checked by BASIC_DETAILS_FIELDS and the minimum age). */
export interface StoredBasicDetails {
  dateOfBirth: string;
  gender: 'MALE' | 'FEMALE' | 'OTHER';
}

export interface StoredAddress {
  pincode: string;
  line1: string;
  landmark?: string | undefined;
  vtc: string;
  district: string;
  state: string;
}

/** /contact-details as saved: permanentAddress is a copy of the current one when sameAsCurrent. */
export interface StoredContactDetails {
  currentAddress: StoredAddress;
  permanentAddress: StoredAddress;
  sameAsCurrent: boolean;
}

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull().unique(),
    name: text('name').notNull(),
    agentId: text('agent_id'),
    verificationDetailList: jsonb('verification_detail_list')
      .$type<VerificationDetailList>()
      .notNull()
      .default({}),
    // Filled from the Aadhaar demographic record (issue 11). The number itself is never stored: only an
    // HMAC of it under an app secret (to find a number used by two accounts) and its last 4 digits.
    dateOfBirth: text('date_of_birth'),
    gender: text('gender'),
    address: jsonb('address').$type<KycAddress>(),
    photo: text('photo'),
    aadhaarHash: text('aadhaar_hash'),
    aadhaarLast4: text('aadhaar_last4'),
    aadhaarVerifiedAt: timestamp('aadhaar_verified_at', { withTimezone: true }),
    /**
     * The name the identity check returned (Aadhaar). It fills an empty profile name; a profile name the
     * candidate typed is kept, and a difference offers the name change request (spec §3, §5).
     */
    verifiedName: text('verified_name'),
    /**
     * The language the candidate last used the app in (`en` / `hi`), recorded when the app opens the
     * live notifications; their SMS copies are written in it (ADR 0038). Null: never seen, English.
     */
    language: text('language').$type<'en' | 'hi'>(),
    /**
     * The organisation whose integration API call created this wallet (ADR 0025); null when the
     * candidate made it. Only that organisation's links may sign in to it, and only until the owner
     * first signs in with the mobile OTP.
     */
    createdByOrgId: text('created_by_org_id'),
    basicDetails: jsonb('basic_details').$type<StoredBasicDetails>(),
    contactDetails: jsonb('contact_details').$type<StoredContactDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_aadhaar_hash_idx').on(t.aadhaarHash)],
);
