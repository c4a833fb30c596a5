import {
  maskAadhaar,
  profileSchema,
  type AadhaarProfile,
  type Profile,
  type Session,
  type UpdateProfileRequest,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
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
    name: row.name,
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
    createdAt: row.createdAt.toISOString(),
  };
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
    async findIdentityByMobile(mobile: string): Promise<Identity | null> {
      const row = await repo.findByMobile(mobile);
      return row ? { id: row.id, mobile: row.mobile } : null;
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
    async aadhaar(id: string): Promise<AadhaarProfile | null> {
      const row = await repo.findById(id);
      if (!row) throw sessionGone();
      return toAadhaarProfile(row);
    },
    aadhaarHeldByOther: (id: string, aadhaarHash: string) => repo.aadhaarHeldByOther(id, aadhaarHash),
    /** Fills the profile from a verified Aadhaar record. */
    async applyKyc(id: string, patch: KycPatch): Promise<AadhaarProfile> {
      const row = await repo.applyKyc(id, patch, now());
      if (!row) throw sessionGone();
      return toAadhaarProfile(row)!;
    },
    async update(id: string, patch: UpdateProfileRequest): Promise<Profile> {
      const row = await repo.update(id, patch, now());
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
