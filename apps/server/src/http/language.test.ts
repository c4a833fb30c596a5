import { API_PATHS, ERROR_CODES, MOBILE_OTP_LENGTH } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCode, outbox, uniqueMobile, wallet, type TestApp } from '../test/test-app.js';
import { localiseErrorMessage, parseAcceptLanguage } from './language.js';

const login = wallet(API_PATHS.profile.login);

describe('Accept-Language (issue 10 §4)', () => {
  it('serves en or hi only, English by default', () => {
    expect(parseAcceptLanguage(undefined)).toBe('en');
    expect(parseAcceptLanguage('')).toBe('en');
    expect(parseAcceptLanguage('hi')).toBe('hi');
    expect(parseAcceptLanguage('hi-IN,hi;q=0.9')).toBe('hi');
    expect(parseAcceptLanguage('en-IN, hi;q=0.8')).toBe('en');
    expect(parseAcceptLanguage('fr, hi;q=0.5')).toBe('hi');
    expect(parseAcceptLanguage('fr-FR, de')).toBe('en');
    expect(parseAcceptLanguage('hi;q=0')).toBe('en');
  });

  it('keeps a message written for one case, and English for en', () => {
    expect(localiseErrorMessage('en', 106, ERROR_CODES.OTP_INVALID.message)).toBe(
      ERROR_CODES.OTP_INVALID.message,
    );
    expect(localiseErrorMessage('hi', 100, 'body.mobile: Invalid')).toBe('body.mobile: Invalid');
    expect(localiseErrorMessage('hi', 106, ERROR_CODES.OTP_INVALID.message)).toBe(
      'OTP सही नहीं है, कृपया फिर से कोशिश करें',
    );
  });

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('sends the OTP text in Hindi for hi, in English otherwise', async () => {
      const hindi = uniqueMobile();
      expectCode(
        await t.request({
          method: 'POST',
          url: login,
          body: { mobile: hindi },
          headers: { 'accept-language': 'hi' },
        }),
        0,
        200,
      );
      const [message] = await outbox(t, hindi);
      expect(message!.body).toBe(
        `${message!.otp} आपका Veridocs सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`,
      );

      const english = uniqueMobile();
      expectCode(
        await t.request({
          method: 'POST',
          url: login,
          body: { mobile: english },
          headers: { 'accept-language': 'fr' },
        }),
        0,
        200,
      );
      expect((await outbox(t, english))[0]!.body).toMatch(/ is your Veridocs verification code\./);
    });

    it('answers the common error messages in Hindi for hi', async () => {
      const mobile = uniqueMobile();
      const sent = expectCode<{ txnId: string }>(
        await t.request({
          method: 'POST',
          url: login,
          body: { mobile },
          headers: { 'accept-language': 'hi' },
        }),
        0,
        200,
      );
      const [message] = await outbox(t, mobile);
      const wrong = String((Number(message!.otp) + 1) % 10 ** MOBILE_OTP_LENGTH).padStart(
        MOBILE_OTP_LENGTH,
        '0',
      );
      const verify = wallet(API_PATHS.profile.verifyOtp(sent.txnId));
      const hindi = await t.request({
        method: 'PUT',
        url: verify,
        body: { otp: wrong },
        headers: { 'accept-language': 'hi' },
      });
      expect(hindi.json()).toMatchObject({
        code: ERROR_CODES.OTP_INVALID.code,
        message: 'OTP सही नहीं है, 2 बार और कोशिश कर सकते हैं',
      });
      const english = await t.request({ method: 'PUT', url: verify, body: { otp: wrong } });
      expect(english.json()).toMatchObject({
        code: ERROR_CODES.OTP_INVALID.code,
        message: 'Incorrect OTP, 1 attempt left',
      });

      // The resend cooldown names its seconds.
      const again = await t.request({
        method: 'POST',
        url: login,
        body: { mobile },
        headers: { 'accept-language': 'hi' },
      });
      expect(again.json()).toMatchObject({
        code: ERROR_CODES.OTP_RESEND_TOO_SOON.code,
        message: expect.stringMatching(/^नया OTP मँगाने से पहले कृपया \d+ सेकंड रुकें$/),
      });
    });
  });
});
