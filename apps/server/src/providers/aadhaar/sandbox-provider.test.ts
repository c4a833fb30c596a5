import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createTestClock } from '../../test/test-app.js';
import { createOutboxRepository } from '../outbox/outbox-repository.js';
import { ProviderDown, type AadhaarProvider } from './aadhaar-provider.js';
import { SANDBOX_AADHAAR, createSandboxAadhaarProvider, sandboxOtpAddress } from './sandbox-provider.js';
import { createAadhaarSandboxRepository } from './sandbox-repository.js';

/** Two sandboxes on one database, as on two instances: their checks are rows, used up once. */
describe('the Aadhaar sandbox on several instances', () => {
  let database: TestDatabase;
  const clock = createTestClock();
  const key = new Uint8Array(32).fill(1);
  const sandbox = (withKey = key): AadhaarProvider =>
    createSandboxAadhaarProvider({
      checks: createAadhaarSandboxRepository(database.db.orm),
      outbox: createOutboxRepository(database.db.orm),
      key: withKey,
      now: clock.now,
    });
  const otpOf = async (number: string) =>
    (
      await createOutboxRepository(database.db.orm).list({
        to: sandboxOtpAddress(number.slice(-4)),
        limit: 1,
      })
    )[0]!.otp!;

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
  });
  afterAll(() => database?.dispose());

  it('answers one of two instances given the same OTP at once; the other does not know the check', async () => {
    const [a, b] = [sandbox(), sandbox()];
    const { ref } = await a.start(SANDBOX_AADHAAR.direct);
    const otp = await otpOf(SANDBOX_AADHAAR.direct);
    const results = await Promise.allSettled([a.verifyOtp(ref, otp), b.verifyOtp(ref, otp)]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.ok)).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ProviderDown);
  });

  it('judges with the server key: an instance with another key cannot verify', async () => {
    const { ref } = await sandbox().start(SANDBOX_AADHAAR.direct);
    const otp = await otpOf(SANDBOX_AADHAAR.direct);
    expect(await sandbox(new Uint8Array(32).fill(2)).verifyOtp(ref, otp)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await sandbox().verifyOtp(ref, otp)).toMatchObject({ ok: true, record: { name: 'Rohan Iyer' } });
  });

  it('still tells an OTP answered late "expired", and the minor is 17 on the day it is verified', async () => {
    const late = await sandbox().start(SANDBOX_AADHAAR.direct);
    const lateOtp = await otpOf(SANDBOX_AADHAAR.direct);
    const minor = await sandbox().start(SANDBOX_AADHAAR.minor);
    const minorOtp = await otpOf(SANDBOX_AADHAAR.minor);
    clock.advance(599);
    expect(await sandbox().verifyOtp(minor.ref, minorOtp)).toMatchObject({
      ok: true,
      record: { name: 'Kabir Sethi', dateOfBirth: '2013-01-15' },
    });
    clock.advance(1);
    expect(await sandbox().verifyOtp(late.ref, lateOtp)).toEqual({ ok: false, reason: 'expired' });
  });
});
