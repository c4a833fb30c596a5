import type { AadhaarProfile } from '@veridocs/shared';
import type { AadhaarProvider, KycRecord } from './aadhaar-provider.js';
import { AadhaarNotFound, ProviderDown } from './aadhaar-provider.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

export interface HttpAadhaarOptions {
  /** e.g. https://api.cashfree.com/verification (sandbox: https://sandbox.cashfree.com/verification). */
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The provider's OTP validity; its API does not return it (UIDAI's OTPs last 10 minutes). */
export const HTTP_OTP_TTL_SECONDS = 600;

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** dd-MM-yyyy (the provider's) → yyyy-MM-dd. */
function isoDate(value: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
}

function gender(value: string): AadhaarProfile['gender'] {
  const g = value.trim().toUpperCase();
  return g.startsWith('F') ? 'F' : g.startsWith('T') ? 'T' : 'M';
}

function photo(value: string): string | null {
  if (!value) return null;
  if (value.startsWith('data:')) return value;
  // Base64 of a JPEG (UIDAI's photos are JPEG) unless its magic says PNG.
  return `data:image/${value.startsWith('iVBOR') ? 'png' : 'jpeg'};base64,${value}`;
}

export function recordFromResponse(body: Json): KycRecord {
  const split = (body.split_address ?? {}) as Json;
  return {
    name: str(body.name).trim(),
    dateOfBirth: isoDate(str(body.dob)),
    gender: gender(str(body.gender)),
    address: {
      careOf: str(body.care_of),
      line1: [str(split.house), str(split.street)].filter(Boolean).join(', '),
      locality: str(split.locality) || str(split.landmark),
      vtc: str(split.vtc),
      district: str(split.dist),
      state: str(split.state),
      pincode: str(split.pincode),
      country: str(split.country) || 'India',
    },
    photo: photo(str(body.photo_link)),
  };
}

/**
 * A licensed KYC provider's offline-Aadhaar API, in the shape Cashfree Secure ID documents
 * (POST {url}/offline-aadhaar/otp {aadhaar_number} → {status, message, ref_id}; POST
 * {url}/offline-aadhaar/verify {otp, ref_id} → {status: "VALID", name, dob, gender, care_of,
 * split_address, photo_link}; headers x-client-id and x-client-secret). It asks no captcha. A time-out,
 * a network error, a 5xx or an unreadable body is "provider down"; the number is never logged.
 */
export function createHttpAadhaarProvider(options: HttpAadhaarOptions): AadhaarProvider {
  const doFetch = options.fetch ?? tracedFetch('Aadhaar');

  async function call(path: string, body: Json): Promise<{ status: number; json: Json }> {
    let response: Response;
    try {
      response = await doFetch(`${options.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client-id': options.clientId,
          'x-client-secret': options.clientSecret,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderDown(`Aadhaar provider unreachable: ${(error as Error).name}`);
    }
    if (
      response.status >= 500 ||
      response.status === 401 ||
      response.status === 403 ||
      response.status === 429
    )
      throw new ProviderDown(`Aadhaar provider answered HTTP ${response.status}`);
    try {
      return { status: response.status, json: (await response.json()) as Json };
    } catch {
      throw new ProviderDown('Aadhaar provider sent an unreadable answer');
    }
  }

  return {
    name: 'http',
    async start(aadhaarNumber) {
      const { status, json } = await call('/offline-aadhaar/otp', { aadhaar_number: aadhaarNumber });
      if (status === 200 && str(json.status) === 'SUCCESS' && str(json.ref_id))
        return { ref: str(json.ref_id), captchaImage: null, otpExpiresIn: HTTP_OTP_TTL_SECONDS };
      if (status < 500 && /invalid|not exist|not found/i.test(`${str(json.status)} ${str(json.message)}`))
        throw new AadhaarNotFound();
      throw new ProviderDown(`Aadhaar provider refused the OTP request (HTTP ${status})`);
    },
    submitCaptcha() {
      return Promise.reject(new ProviderDown('This provider asks no captcha'));
    },
    async verifyOtp(ref, otp) {
      const { status, json } = await call('/offline-aadhaar/verify', { otp, ref_id: ref });
      if (status === 200 && str(json.status) === 'VALID')
        return { ok: true, record: recordFromResponse(json) };
      const text = `${str(json.status)} ${str(json.message)}`;
      if (/expired/i.test(text)) return { ok: false, reason: 'expired' };
      if (/otp/i.test(text) || str(json.status) === 'INVALID') return { ok: false, reason: 'invalid' };
      throw new ProviderDown(`Aadhaar provider refused the OTP check (HTTP ${status})`);
    },
  };
}
