import { describe, expect, it } from 'vitest';
import { accessTokenPayloadSchema } from '../schemas/auth.js';
import { decodeAccessToken, isAccessTokenPayload } from './session.js';

const claims = {
  sub: 'user-1',
  mobile: '9876543210',
  sid: 'session-1',
  exp: 1_900_000_000,
  iat: 1_800_000_000,
};

function token(payload: unknown): string {
  const segment = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `eyJhbGciOiJIUzI1NiJ9.${segment}.signature`;
}

describe('decodeAccessToken (spec §3)', () => {
  it('reads the claims of the second segment', () => {
    expect(decodeAccessToken(token(claims))).toMatchObject(claims);
  });

  it.each([
    ['nothing', null],
    ['one segment', 'abc'],
    ['a segment that is not base64 JSON', 'a.!!!.c'],
    ['claims without an exp', token({ ...claims, exp: undefined })],
    ['a numeric sub', token({ ...claims, sub: 1 })],
  ])('returns null for %s', (_case, value) => {
    expect(decodeAccessToken(value)).toBeNull();
  });
});

describe('isAccessTokenPayload', () => {
  // The browser checks the claims by hand (no zod on the sign-in page): it must agree with the schema.
  it.each([
    claims,
    { ...claims, extra: true },
    { ...claims, sid: undefined },
    { ...claims, mobile: 9876543210 },
    { ...claims, iat: '1800000000' },
    null,
    'claims',
    [],
  ])('agrees with accessTokenPayloadSchema on %j', (value) => {
    expect(isAccessTokenPayload(value)).toBe(accessTokenPayloadSchema.safeParse(value).success);
  });
});
