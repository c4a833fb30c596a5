import { createHmac, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { SandboxAadhaarRecord } from '../../db/schema/index.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { equalHex, randomDigits } from '../../lib/crypto.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { AadhaarProvider, KycRecord } from './aadhaar-provider.js';
import { AadhaarNotFound, ProviderDown } from './aadhaar-provider.js';
import { randomCaptchaText, renderCaptcha } from './captcha.js';
import type { AadhaarSandboxRepository } from './sandbox-repository.js';

/**
 * The sandbox's documented test numbers (README "Identity step"). Each passes the Verhoeff check;
 * none is a real person's. Any other valid number is answered "no Aadhaar record".
 */
export const SANDBOX_AADHAAR = {
  /** Asks a captcha first, then sends the OTP. */
  captcha: '234567890124',
  /** Sends the OTP at once (no captcha). */
  direct: '345678901238',
  /** Simulates the provider being down. */
  down: '456789012341',
  /** Sends the OTP at once; its holder is 17 today in India (a minor: refused, ADR 0049 "Minors"). */
  minor: '789012345674',
} as const;

/** The minor's date of birth: 17 years before `at`'s day in India (IST). */
function seventeenYearsBefore(at: Date): string {
  const ist = new Date(at.getTime() + (5 * 60 + 30) * 60 * 1000);
  const year = ist.getUTCFullYear() - 17;
  const day = ist.toISOString().slice(5, 10);
  // 29 February of a leap year: the minor was born on the 28th.
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${day === '02-29' && !leap ? '02-28' : day}`;
}

export const SANDBOX_OTP_TTL_SECONDS = 600;
/** A captcha not answered within this is left for the sweep (it is still judged while its row lasts). */
export const SANDBOX_CAPTCHA_TTL_SECONDS = 600;
/** Expired checks stay this long (an OTP answered late is still told "expired"), then are swept. */
export const SANDBOX_SWEEP_AFTER_SECONDS = 3600;

/** Dev outbox addresses: the OTP, and the captcha's answer (so tests can solve it; dev tools only). */
export const sandboxOtpAddress = (last4: string) => `aadhaar-${last4}`;
export const sandboxCaptchaAddress = (last4: string) => `aadhaar-captcha-${last4}`;

const RECORDS: Record<SandboxAadhaarRecord, Omit<KycRecord, 'photo'> & { photoColour: string }> = {
  captcha: {
    name: 'Asha Verma',
    dateOfBirth: '1994-08-15',
    gender: 'F',
    address: {
      careOf: 'D/O Ramesh Verma',
      line1: '12, Shanti Nagar',
      locality: 'Sector 4',
      vtc: 'Gurugram',
      district: 'Gurugram',
      state: 'Haryana',
      pincode: '122001',
      country: 'India',
    },
    photoColour: '#7b5ea7',
  },
  direct: {
    name: 'Rohan Iyer',
    dateOfBirth: '1990-02-03',
    gender: 'M',
    address: {
      careOf: 'S/O Venkat Iyer',
      line1: '4/2, 2nd Cross Street',
      locality: 'Mylapore',
      vtc: 'Chennai',
      district: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600004',
      country: 'India',
    },
    photoColour: '#2f7d6d',
  },
  minor: {
    name: 'Kabir Sethi',
    // Replaced by seventeenYearsBefore(now) when the OTP is verified.
    dateOfBirth: '',
    gender: 'M',
    address: {
      careOf: 'S/O Arjun Sethi',
      line1: '7, Lake View Road',
      locality: 'Salt Lake',
      vtc: 'Kolkata',
      district: 'Kolkata',
      state: 'West Bengal',
      pincode: '700091',
      country: 'India',
    },
    photoColour: '#a7655e',
  },
};

/** The sandbox person a number belongs to (none for the outage's number and unknown ones). */
function recordOf(aadhaarNumber: string): SandboxAadhaarRecord | undefined {
  return (Object.keys(RECORDS) as SandboxAadhaarRecord[]).find((r) => SANDBOX_AADHAAR[r] === aadhaarNumber);
}

/** A generated portrait placeholder (a silhouette), as a PNG data: URL. */
async function portrait(colour: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150"><rect width="120" height="150" fill="#e6e9ef"/><circle cx="60" cy="58" r="30" fill="${colour}"/><path d="M12 150 Q60 76 108 150 Z" fill="${colour}"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface SandboxAadhaarDeps {
  /** Its checks, in the database: any instance answers a check another started. */
  checks: AadhaarSandboxRepository;
  /** The dev outbox it "sends" through; null with dev tools off. */
  outbox: OutboxRepository | null;
  /** A server key (ServerKeys.aadhaar), the same on every instance: the OTPs' and answers' HMACs. */
  key: Uint8Array;
  now: Clock;
}

/**
 * The embedded Aadhaar provider: behaves like UIDAI behind a KYC provider. Its checks are rows of its
 * own table; OTPs and captcha answers are kept only as HMACs under a key derived from the server's;
 * the OTP (and the captcha's answer, for tests) go to the dev outbox, so with dev tools off nothing
 * can be delivered and every check answers "provider down".
 */
export function createSandboxAadhaarProvider({
  checks,
  outbox,
  key,
  now,
}: SandboxAadhaarDeps): AadhaarProvider {
  const own = createHmac('sha256', key).update('aadhaar-sandbox:v1').digest();
  const hash = (ref: string, value: string) =>
    createHmac('sha256', own).update(`${ref}:${value}`).digest('hex');
  const unknown = () => new ProviderDown('Sandbox: unknown check');
  const outboxOff = () => new ProviderDown('The sandbox delivers through the dev outbox, which is off');

  async function deliver(channel: 'sms' | 'sandbox', to: string, body: string, secret: string) {
    if (!outbox) throw outboxOff();
    await outbox.add({ channel, to, body, otp: secret, createdAt: now() });
  }

  /** A new OTP for the check: its HMAC and expiry, and the sending once they are recorded. */
  function newOtp(ref: string, record: SandboxAadhaarRecord) {
    const otp = randomDigits(6);
    const last4 = SANDBOX_AADHAAR[record].slice(-4);
    return {
      otpHash: hash(ref, otp),
      otpExpiresAt: addSeconds(now(), SANDBOX_OTP_TTL_SECONDS),
      send: async () => {
        await deliver(
          'sms',
          sandboxOtpAddress(last4),
          `${otp} is the OTP for Aadhaar XXXX XXXX ${last4} (sandbox). Valid for 10 minutes.`,
          otp,
        );
        return SANDBOX_OTP_TTL_SECONDS;
      },
    };
  }

  /** A new captcha for the check: its answer's HMAC, and the image once it is recorded. */
  function newCaptcha(ref: string, record: SandboxAadhaarRecord) {
    const text = randomCaptchaText();
    const last4 = SANDBOX_AADHAAR[record].slice(-4);
    return {
      captchaHash: hash(ref, text),
      expiresAt: addSeconds(now(), SANDBOX_CAPTCHA_TTL_SECONDS),
      show: async () => {
        await deliver(
          'sandbox',
          sandboxCaptchaAddress(last4),
          `Sandbox captcha answer: ${text} (dev tools only)`,
          text,
        );
        return renderCaptcha(text);
      },
    };
  }

  return {
    name: 'sandbox',
    async start(aadhaarNumber) {
      if (aadhaarNumber === SANDBOX_AADHAAR.down) throw new ProviderDown('Sandbox: simulated outage');
      const record = recordOf(aadhaarNumber);
      if (!record) throw new AadhaarNotFound();
      // Nothing could be delivered: no check is recorded.
      if (!outbox) throw outboxOff();
      // Checks abandoned long ago go with each new one.
      const sweepBefore = addSeconds(now(), -SANDBOX_SWEEP_AFTER_SECONDS);
      const ref = randomUUID();
      if (record === 'captcha') {
        const captcha = newCaptcha(ref, record);
        await checks.insertSweeping(
          { ref, record, captchaHash: captcha.captchaHash, expiresAt: captcha.expiresAt, createdAt: now() },
          sweepBefore,
        );
        return { ref, captchaImage: await captcha.show(), otpExpiresIn: null };
      }
      const otp = newOtp(ref, record);
      await checks.insertSweeping(
        {
          ref,
          record,
          otpHash: otp.otpHash,
          otpExpiresAt: otp.otpExpiresAt,
          expiresAt: otp.otpExpiresAt,
          createdAt: now(),
        },
        sweepBefore,
      );
      return { ref, captchaImage: null, otpExpiresIn: await otp.send() };
    },

    async submitCaptcha(ref, text) {
      const check = await checks.find(ref);
      if (!check?.captchaHash) throw unknown();
      if (!equalHex(check.captchaHash, hash(ref, text.trim().toUpperCase()))) {
        const captcha = newCaptcha(ref, check.record);
        if (!(await checks.replaceCaptcha(ref, captcha.captchaHash, captcha.expiresAt))) throw unknown();
        return { ok: false, captchaImage: await captcha.show() };
      }
      const otp = newOtp(ref, check.record);
      // Used up once: the same answer sent twice (to two instances) sends one OTP.
      if (!(await checks.captchaAnswered(ref, check.captchaHash, otp))) throw unknown();
      return { ok: true, otpExpiresIn: await otp.send() };
    },

    async verifyOtp(ref, otp) {
      // The right code in time uses the check up in one statement (one winner when the OTP reaches two
      // instances at once); otherwise the check tells why not.
      const used = await checks.useUp(ref, hash(ref, otp), now());
      if (!used) {
        const check = await checks.find(ref);
        if (!check?.otpHash) throw unknown();
        if (!check.otpExpiresAt || check.otpExpiresAt <= now()) return { ok: false, reason: 'expired' };
        if (!equalHex(check.otpHash, hash(ref, otp))) return { ok: false, reason: 'invalid' };
        throw unknown();
      }
      const { photoColour, ...record } = RECORDS[used];
      if (used === 'minor') record.dateOfBirth = seventeenYearsBefore(now());
      return { ok: true, record: { ...record, photo: await portrait(photoColour) } };
    },
  };
}
