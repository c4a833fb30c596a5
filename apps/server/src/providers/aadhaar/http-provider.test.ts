import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AadhaarNotFound, ProviderDown } from './aadhaar-provider.js';
import { createHttpAadhaarProvider } from './http-provider.js';

const NUMBER = '345678901238';
const OTP = '482913';

/** A local stand-in of the licensed provider's offline-Aadhaar API (its documented shapes). */
function standIn() {
  const seen: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  let mode: 'ok' | 'down' | 'slow' | 'garbage' = 'ok';
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (mode === 'down') return json(502, { message: 'bad gateway' });
      if (mode === 'slow') return void setTimeout(() => json(200, {}), 500);
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('<html>');
      }
      if (req.headers['x-client-secret'] !== 'secret')
        return json(401, { message: 'Invalid clientId and clientSecret combination' });
      if (req.url === '/verification/offline-aadhaar/otp') {
        if (body.aadhaar_number !== NUMBER)
          return json(400, { status: 'INVALID', message: 'Invalid Aadhaar Card' });
        return json(200, { status: 'SUCCESS', message: 'OTP sent successfully', ref_id: 21637861 });
      }
      if (req.url === '/verification/offline-aadhaar/verify') {
        if (body.otp === '000000') return json(400, { status: 'ERROR', message: 'OTP expired' });
        if (body.otp !== OTP) return json(400, { status: 'ERROR', message: 'Invalid OTP' });
        return json(200, {
          ref_id: '21637861',
          status: 'VALID',
          message: 'Aadhaar Card Exists',
          care_of: 'S/O: Venkat Iyer',
          dob: '03-02-1990',
          gender: 'M',
          name: 'Rohan Iyer',
          split_address: {
            country: 'India',
            dist: 'Chennai',
            house: '4/2',
            landmark: '',
            pincode: 600004,
            po: 'Mylapore',
            state: 'Tamil Nadu',
            street: '2nd Cross Street',
            subdist: 'Mylapore',
            vtc: 'Chennai',
            locality: 'Mylapore',
          },
          photo_link: '/9j/4AAQSkZJRg==',
        });
      }
      json(404, { message: 'not found' });
    });
  });
  return { server, seen, setMode: (m: typeof mode) => (mode = m) };
}

describe('the licensed provider adapter, against a local stand-in', () => {
  const stand = standIn();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => stand.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(stand.server.address() as AddressInfo).port}/verification`;
  });
  afterAll(() => new Promise<void>((resolve) => stand.server.close(() => resolve())));
  const provider = (secret = 'secret', timeoutMs = 2000) =>
    createHttpAadhaarProvider({ url, clientId: 'client', clientSecret: secret, timeoutMs });

  it('sends the OTP and maps the verified record', async () => {
    stand.setMode('ok');
    const started = await provider().start(NUMBER);
    expect(started).toEqual({ ref: '21637861', captchaImage: null, otpExpiresIn: 600 });
    const last = stand.seen.at(-1)!;
    expect(last.headers).toMatchObject({ 'x-client-id': 'client', 'x-client-secret': 'secret' });
    expect(last.body).toEqual({ aadhaar_number: NUMBER });

    const result = await provider().verifyOtp(started.ref, OTP);
    expect(stand.seen.at(-1)!.body).toEqual({ otp: OTP, ref_id: '21637861' });
    expect(result).toEqual({
      ok: true,
      record: {
        name: 'Rohan Iyer',
        dateOfBirth: '1990-02-03',
        gender: 'M',
        address: {
          careOf: 'S/O: Venkat Iyer',
          line1: '4/2, 2nd Cross Street',
          locality: 'Mylapore',
          vtc: 'Chennai',
          district: 'Chennai',
          state: 'Tamil Nadu',
          pincode: '600004',
          country: 'India',
        },
        photo: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
      },
    });
  });

  it('tells a wrong OTP from an expired one, and an unknown number', async () => {
    stand.setMode('ok');
    expect(await provider().verifyOtp('21637861', '111111')).toEqual({ ok: false, reason: 'invalid' });
    expect(await provider().verifyOtp('21637861', '000000')).toEqual({ ok: false, reason: 'expired' });
    await expect(provider().start('234567890124')).rejects.toBeInstanceOf(AadhaarNotFound);
  });

  it('is "down" on a 5xx, a time-out, an unreadable body, bad credentials or no server', async () => {
    stand.setMode('down');
    await expect(provider().start(NUMBER)).rejects.toBeInstanceOf(ProviderDown);
    stand.setMode('slow');
    await expect(provider('secret', 100).verifyOtp('1', OTP)).rejects.toBeInstanceOf(ProviderDown);
    stand.setMode('garbage');
    await expect(provider().start(NUMBER)).rejects.toBeInstanceOf(ProviderDown);
    stand.setMode('ok');
    await expect(provider('wrong').start(NUMBER)).rejects.toBeInstanceOf(ProviderDown);
    const nowhere = createHttpAadhaarProvider({
      url: 'http://127.0.0.1:9/verification',
      clientId: 'c',
      clientSecret: 's',
      timeoutMs: 1000,
    });
    const error = await nowhere.start(NUMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderDown);
    // The number never appears in what the adapter reports.
    expect(String((error as Error).message)).not.toContain(NUMBER);
  });
});
