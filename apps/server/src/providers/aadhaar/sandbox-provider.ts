import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Clock } from '../../lib/clock.js';
import { equalHex, randomDigits } from '../../lib/crypto.js';
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import type { AadhaarProvider, KycRecord } from './aadhaar-provider.js';
import { AadhaarNotFound, ProviderDown } from './aadhaar-provider.js';
import { randomCaptchaText, renderCaptcha } from './captcha.js';

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

/** Dev outbox addresses: the OTP, and the captcha's answer (so tests can solve it; dev tools only). */
export const sandboxOtpAddress = (last4: string) => `aadhaar-${last4}`;
export const sandboxCaptchaAddress = (last4: string) => `aadhaar-captcha-${last4}`;

const RECORDS: Record<string, Omit<KycRecord, 'photo'> & { photoColour: string }> = {
  [SANDBOX_AADHAAR.captcha]: {
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
  [SANDBOX_AADHAAR.direct]: {
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
  [SANDBOX_AADHAAR.minor]: {
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

interface Check {
  number: string;
  last4: string;
  captchaHash: string | null;
  otpHash: string | null;
  otpExpiresAt: number;
}

/** A generated portrait placeholder (a silhouette), as a PNG data: URL. */
async function portrait(colour: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150"><rect width="120" height="150" fill="#e6e9ef"/><circle cx="60" cy="58" r="30" fill="${colour}"/><path d="M12 150 Q60 76 108 150 Z" fill="${colour}"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * The embedded Aadhaar provider: behaves like UIDAI behind a KYC provider, in this process. OTPs
 * and captcha answers are kept only as HMACs under a per-process key; the OTP (and the captcha's
 * answer, for tests) go to the dev outbox, so with dev tools off nothing can be delivered and every
 * check answers "provider down".
 */
export function createSandboxAadhaarProvider(outbox: OutboxRepository | null, now: Clock): AadhaarProvider {
  const key = randomBytes(32);
  const hash = (ref: string, value: string) =>
    createHmac('sha256', key).update(`${ref}:${value}`).digest('hex');
  const checks = new Map<string, Check>();

  async function deliver(channel: 'sms' | 'sandbox', to: string, body: string, secret: string) {
    if (!outbox) throw new ProviderDown('The sandbox delivers through the dev outbox, which is off');
    await outbox.add({ channel, to, body, otp: secret, createdAt: now() });
  }

  async function sendOtp(ref: string, check: Check): Promise<number> {
    const otp = randomDigits(6);
    check.otpHash = hash(ref, otp);
    check.otpExpiresAt = now().getTime() + SANDBOX_OTP_TTL_SECONDS * 1000;
    await deliver(
      'sms',
      sandboxOtpAddress(check.last4),
      `${otp} is the OTP for Aadhaar XXXX XXXX ${check.last4} (sandbox). Valid for 10 minutes.`,
      otp,
    );
    return SANDBOX_OTP_TTL_SECONDS;
  }

  async function newCaptcha(ref: string, check: Check): Promise<string> {
    const text = randomCaptchaText();
    check.captchaHash = hash(ref, text);
    await deliver(
      'sandbox',
      sandboxCaptchaAddress(check.last4),
      `Sandbox captcha answer: ${text} (dev tools only)`,
      text,
    );
    return renderCaptcha(text);
  }

  return {
    name: 'sandbox',
    async start(aadhaarNumber) {
      if (aadhaarNumber === SANDBOX_AADHAAR.down) throw new ProviderDown('Sandbox: simulated outage');
      if (!RECORDS[aadhaarNumber]) throw new AadhaarNotFound();
      const ref = randomUUID();
      const check: Check = {
        number: aadhaarNumber,
        last4: aadhaarNumber.slice(-4),
        captchaHash: null,
        otpHash: null,
        otpExpiresAt: 0,
      };
      checks.set(ref, check);
      if (aadhaarNumber === SANDBOX_AADHAAR.captcha)
        return { ref, captchaImage: await newCaptcha(ref, check), otpExpiresIn: null };
      return { ref, captchaImage: null, otpExpiresIn: await sendOtp(ref, check) };
    },

    async submitCaptcha(ref, text) {
      const check = checks.get(ref);
      if (!check?.captchaHash) throw new ProviderDown('Sandbox: unknown check');
      if (!equalHex(check.captchaHash, hash(ref, text.trim().toUpperCase())))
        return { ok: false, captchaImage: await newCaptcha(ref, check) };
      check.captchaHash = null;
      return { ok: true, otpExpiresIn: await sendOtp(ref, check) };
    },

    async verifyOtp(ref, otp) {
      const check = checks.get(ref);
      if (!check?.otpHash) throw new ProviderDown('Sandbox: unknown check');
      if (check.otpExpiresAt <= now().getTime()) return { ok: false, reason: 'expired' };
      if (!equalHex(check.otpHash, hash(ref, otp))) return { ok: false, reason: 'invalid' };
      checks.delete(ref);
      const { photoColour, ...record } = RECORDS[check.number]!;
      if (check.number === SANDBOX_AADHAAR.minor) record.dateOfBirth = seventeenYearsBefore(now());
      return { ok: true, record: { ...record, photo: await portrait(photoColour) } };
    },
  };
}
