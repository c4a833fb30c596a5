import type { DbScope } from '../../db/client.js';
import {
  BASIC_DETAILS_FIELDS,
  checkFormData,
  maskAadhaar,
  minimumAgeError,
  profileSchema,
  type AadhaarProfile,
  type Profile,
  type Session,
  type UpdateProfileRequest,
  type UpdateVerificationDetailRequest,
} from '@veridocs/shared';
import type { StoredBasicDetails, StoredContactDetails } from '../../db/schema/index.js';
import { AppError, validationFailed } from '../../errors.js';
import { encodedEnvelopes } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { OtpService } from '../auth/otp-service.js';
import type { Identity, SessionService } from '../auth/session-service.js';
import type { KycPatch, ProfileRepository, ProfileRow } from './profile-repository.js';

export interface ProfileServiceDeps {
  repo: ProfileRepository;
  otp: OtpService;
  sessions: SessionService;
  now: Clock;
}

/** The Aadhaar-verified details of a profile, or null before any verification. Masked number only. */
export function toAadhaarProfile(row: ProfileRow): AadhaarProfile | null {
  if (!row.aadhaarLast4 || !row.aadhaarVerifiedAt || !row.address || !row.dateOfBirth) return null;
  return {
    maskedNumber: maskAadhaar(row.aadhaarLast4),
    name: row.verifiedName ?? row.name,
    dateOfBirth: row.dateOfBirth,
    gender: (row.gender ?? 'M') as AadhaarProfile['gender'],
    address: row.address,
    photo: row.photo,
    verifiedAt: row.aadhaarVerifiedAt.toISOString(),
  };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    mobile: row.mobile,
    profileDetails: { name: row.name },
    agentId: row.agentId,
    verificationDetailList: row.verificationDetailList,
    basicDetails: row.basicDetails ?? null,
    contactDetails: row.contactDetails ?? null,
    // Only the last 4 digits are stored (the Aadhaar OTP flow); the screens show them masked.
    aadhaarLast4: row.aadhaarLast4 ?? null,
    verifiedName: row.verifiedName ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const GENDER_BY_KYC: Readonly<Record<string, StoredBasicDetails['gender']>> = {
  M: 'MALE',
  F: 'FEMALE',
  T: 'OTHER',
};

/**
 * /basic-details as the Aadhaar record gives them, for a profile that has none yet: only what the
 * screen itself would accept (a known gender, the minimum age), so nothing invalid is ever saved.
 */
function basicDetailsFromKyc(patch: KycPatch, now: Date): StoredBasicDetails | null {
  const gender = GENDER_BY_KYC[patch.gender];
  if (!gender || minimumAgeError(patch.dateOfBirth, now) !== null) return null;
  const check = checkFormData(
    BASIC_DETAILS_FIELDS,
    { dateOfBirth: patch.dateOfBirth, gender },
    { now, complete: true },
  );
  return check.issues.length === 0 ? { dateOfBirth: String(check.data.dateOfBirth), gender } : null;
}

/** The wallet profile: created once per mobile number after its OTP was verified. */
export function createProfileService({ repo, otp, sessions, now }: ProfileServiceDeps) {
  const sessionGone = () => new AppError('UNAUTHORIZED');
  // GET profile runs on every screen: its envelope is built once per cached row (ADR 0005).
  const encoded = encodedEnvelopes<ProfileRow>();
  return {
    /** The profile as the bytes of its success envelope, checked against profileSchema. */
    async getEncoded(id: string): Promise<Buffer> {
      const row = await repo.findById(id);
      if (!row) throw sessionGone();
      return encoded.get(row) ?? encoded.set(row, JSON.stringify(profileSchema.parse(toProfile(row))));
    },
    /**
     * `getEncoded`'s answer when memory alone holds it (the row cached, its envelope kept); undefined
     * otherwise, then `getEncoded` answers. The hot read's path without a promise (issue 31 §4).
     */
    getEncodedFromMemory(id: string): Buffer | undefined {
      const row = repo.findKnown(id);
      return row && encoded.get(row);
    },
    async findIdentityByMobile(mobile: string): Promise<Identity | null> {
      const row = await repo.findByMobile(mobile);
      return row ? { id: row.id, mobile: row.mobile } : null;
    },
    /**
     * The wallet of a mobile for an organisation's integration call, made with `name` when there is
     * none (then marked as that organisation's creation, ADR 0025); null when none and no name.
     */
    async walletForOrg(
      mobile: string,
      name: string | undefined,
      orgId: string,
    ): Promise<(Identity & { createdByOrgId: string | null }) | null> {
      const known = await repo.findByMobile(mobile);
      const row =
        known ??
        (name ? await repo.insertIfAbsent({ mobile, name, now: now(), createdByOrgId: orgId }) : null);
      return row ? { id: row.id, mobile: row.mobile, createdByOrgId: row.createdByOrgId } : null;
    },
    async findIdentity(id: string): Promise<Identity | null> {
      const row = await repo.findById(id);
      return row ? { id: row.id, mobile: row.mobile } : null;
    },
    async get(id: string): Promise<Profile> {
      const row = await repo.findById(id);
      if (!row) throw sessionGone();
      return toProfile(row);
    },
    /** The language the candidate last used the app in (null: never recorded). */
    async language(id: string): Promise<'en' | 'hi' | null> {
      return (await repo.findById(id))?.language ?? null;
    },
    async aadhaar(id: string): Promise<AadhaarProfile | null> {
      const row = await repo.findById(id);
      if (!row) throw sessionGone();
      return toAadhaarProfile(row);
    },
    aadhaarHeldByOther: (id: string, aadhaarHash: string, within?: DbScope) =>
      repo.aadhaarHeldByOther(id, aadhaarHash, within),
    /** The cached profile is dropped (after a database transaction that wrote it committed). */
    forget: (id: string) => repo.forget(id),
    /** The language the candidate uses the app in, kept for their SMS copies (ADR 0038). */
    rememberLanguage: (id: string, language: 'en' | 'hi') => repo.rememberLanguage(id, language),
    /** Fills the profile from a verified Aadhaar record (inside `within`, another module's transaction). */
    async applyKyc(id: string, patch: KycPatch, within?: DbScope): Promise<AadhaarProfile> {
      const at = now();
      const row = await repo.applyKyc(id, patch, basicDetailsFromKyc(patch, at), at, within);
      if (!row) throw sessionGone();
      return toAadhaarProfile(row)!;
    },
    async update(id: string, patch: UpdateProfileRequest): Promise<Profile> {
      const row = await repo.update(id, patch, now());
      if (!row) throw sessionGone();
      return toProfile(row);
    },

    /**
     * PUT /profile/verification-detail: basic details judged by their field config (the form engine's
     * rules) and the minimum age, contact details by the address schema (the router's); the permanent
     * address is the current one when sameAsCurrent. Nothing is written unless all of it is valid.
     */
    async updateVerificationDetail(id: string, input: UpdateVerificationDetailRequest): Promise<Profile> {
      const today = now();
      let basicDetails: StoredBasicDetails | undefined;
      if (input.basicDetails) {
        const check = checkFormData(BASIC_DETAILS_FIELDS, input.basicDetails, {
          now: today,
          complete: true,
        });
        const issues = check.issues.map((i) => ({ path: `basicDetails.${i.field}`, message: i.message }));
        const dob = check.data.dateOfBirth;
        const ageError = typeof dob === 'string' ? minimumAgeError(dob, today) : null;
        if (ageError) issues.push({ path: 'basicDetails.dateOfBirth', message: ageError });
        if (issues.length > 0) throw validationFailed(issues);
        basicDetails = {
          dateOfBirth: String(check.data.dateOfBirth),
          // One of the config's options: checkFormData refused anything else.
          gender: check.data.gender as StoredBasicDetails['gender'],
        };
      }
      let contactDetails: StoredContactDetails | undefined;
      if (input.contactDetails) {
        const { currentAddress, sameAsCurrent, permanentAddress } = input.contactDetails;
        contactDetails = {
          currentAddress,
          sameAsCurrent,
          permanentAddress: sameAsCurrent ? currentAddress : (permanentAddress ?? currentAddress),
        };
      }
      const row = await repo.updateDetails(
        id,
        { ...(basicDetails ? { basicDetails } : {}), ...(contactDetails ? { contactDetails } : {}) },
        today,
      );
      if (!row) throw sessionGone();
      return toProfile(row);
    },

    /**
     * Create wallet: needs the txnId of a verified, unused signup OTP of the same number inside its
     * window. The profile is written before the OTP is used up, so a retry after a failure in between
     * still succeeds; if the number already has a wallet it is kept as it is and a session returned.
     */
    async createWallet(input: { mobile: string; name: string; txnId: string }): Promise<Session> {
      await otp.assertSignupAllowed(input.txnId, input.mobile);
      const row = await repo.insertIfAbsent({ mobile: input.mobile, name: input.name, now: now() });
      await otp.claimSignup(input.txnId, input.mobile);
      return sessions.issue({ id: row.id, mobile: row.mobile });
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
