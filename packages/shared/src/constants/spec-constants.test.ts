import { describe, expect, it } from 'vitest';
import {
  AADHAAR_LENGTH,
  CAMERA,
  EMAIL_OTP,
  EXPRESS_BUSINESS_DAYS,
  FILE_LIMITS,
  FILE_TEXT,
  MAX_DATE,
  MIN_DATE,
  MINIMUM_SET_COUNT,
  MINIMUM_SET_VERIFICATIONS,
  MOBILE_LENGTH,
  MOBILE_OTP_LENGTH,
  NOTIFICATION_FIRST_PAGE,
  NOTIFICATION_NEXT_PAGE,
  OTP,
  POLL,
  PROFILE_DETAILS,
  SESSION,
  SORT_PRIORITY,
  UI_LIMITS,
  listQuerySchema,
  notificationListQuerySchema,
  refreshIntervalMs,
} from '../index.js';

/**
 * The specification's numbers (spec §4, §5, §9; the OTP rules of ADR 0002 and 0016), written out as
 * literals. Each constant is read by code in several places; a change to one must be a deliberate act,
 * made here as well, never a side effect of an edit elsewhere.
 */
describe('the specification’s constants', () => {
  it('payment status: polled every 6 s, at most 20 times (§4, §9)', () => {
    expect(POLL).toEqual({ intervalMs: 6000, maxPolls: 20 });
  });

  it('session: refresh every (expiresIn, default 3600) − 60 s; 10-minute requests; 200 ms after sso (§4, §9)', () => {
    expect(SESSION).toEqual({
      refreshTokenExpiresInDefault: 3600,
      refreshLeadSeconds: 60,
      postSsoRefreshDelayMs: 200,
      requestTimeoutMs: 600_000,
    });
    expect(refreshIntervalMs(undefined)).toBe(3_540_000);
    expect(refreshIntervalMs(null)).toBe(3_540_000);
    expect(refreshIntervalMs(7200)).toBe(7_140_000);
  });

  it('page sizes: lists 10, notifications 20 then 10, credentials and the home check 100 (§7, §9)', () => {
    expect(UI_LIMITS.pageSizeDefault).toBe(10);
    expect(listQuerySchema.parse({})).toEqual({ seed: 0, count: 10 });
    expect(NOTIFICATION_FIRST_PAGE).toBe(20);
    expect(NOTIFICATION_NEXT_PAGE).toBe(10);
    expect(notificationListQuerySchema.parse({})).toEqual({ seed: 0, count: 20 });
    expect(UI_LIMITS.credentialsCount).toBe(100);
    expect(UI_LIMITS.homeTransactionCheck).toBe(100);
  });

  it('screen and timing limits (§9)', () => {
    expect(UI_LIMITS).toEqual({
      snackbarMax: 2,
      desktopMinWidth: 1080,
      desktopMinHeight: 500,
      formBreakpoint: 1024,
      pageSizeDefault: 10,
      homeTransactionCheck: 100,
      chatDelayMs: 3000,
      credentialsCount: 100,
    });
    expect(CAMERA).toEqual({
      idealWidth: 1920,
      geolocationTimeoutMs: 15_000,
      mapZoom: 15,
      mapWidth: 600,
      mapHeight: 400,
      geoTagFileName: 'geo-tag-image',
    });
  });

  it('files: 40,000 to 25,000,000 bytes of jpeg, jpg, png or pdf (§5, §9)', () => {
    expect(FILE_LIMITS.minBytes).toBe(40_000);
    expect(FILE_LIMITS.maxBytes).toBe(25_000_000);
    expect(FILE_LIMITS.allowedTypes).toEqual(['jpeg', 'jpg', 'png', 'pdf']);
    expect(FILE_TEXT.uploadLabel).toBe('Click to upload file (40KB - 25MB)');
    expect(FILE_TEXT.tooBig).toBe('File size should be less than 25 MB');
    expect(FILE_TEXT.tooSmall).toBe('File size should be more than 40 KB');
  });

  it('mobile OTP: 10-digit number, 6-digit code, 3 requests, 3 failures, a 2-hour block (§8 FAQ, ADR 0002)', () => {
    expect(MOBILE_LENGTH).toBe(10);
    expect(MOBILE_OTP_LENGTH).toBe(6);
    expect(OTP).toEqual({
      ttlSeconds: 600,
      resendAfterSeconds: 30,
      maxRequests: 3,
      requestWindowSeconds: 1800,
      maxFailedAttempts: 3,
      blockSeconds: 7200,
      signupWindowSeconds: 900,
    });
  });

  it('e-mail OTP: 6 digits, 3 requests, a 2-hour block after 3 failures (§5, §8, §9, ADR 0016)', () => {
    expect(EMAIL_OTP).toEqual({
      length: 6,
      ttlSeconds: 600,
      resendAfterSeconds: 30,
      maxRequests: 3,
      requestWindowSeconds: 7200,
      maxFailedAttempts: 3,
      blockSeconds: 7200,
      maxLookupsPerHour: 10,
    });
  });

  it('identity, address and dates: Aadhaar 12, pincode 6, lines 120, age 18, 1900 to 2099 (§3, §5, §9)', () => {
    expect(AADHAAR_LENGTH).toBe(12);
    expect(PROFILE_DETAILS).toEqual({ pincodeLength: 6, addressLineMax: 120, minimumAge: 18 });
    expect([MIN_DATE, MAX_DATE]).toEqual(['1900-01-01', '2099-12-31']);
  });

  it('journey: minimum set 1 of degree, tenth, twelfth; fast-track 5 business days; display priority (§4, §9)', () => {
    expect(MINIMUM_SET_COUNT).toBe(1);
    expect([...MINIMUM_SET_VERIFICATIONS].sort()).toEqual(['bgv-degree', 'bgv-tenth', 'bgv-twelfth']);
    expect(EXPRESS_BUSINESS_DAYS).toBe(5);
    expect(SORT_PRIORITY).toEqual({
      INSUFFICIENT_DATA: 1,
      READY_TO_SUBMIT: 2,
      COMPLETED: 3,
      FAILED: 4,
      IN_PROGRESS: 5,
      SUBMITTED: 6,
      DATA_SAVED: 7,
      NOT_INITIALIZED: 8,
    });
  });
});
