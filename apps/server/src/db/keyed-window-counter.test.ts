import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createKeyedWindowCounter } from './keyed-window-counter.js';

describe('a budget per key in a fixed window (otp_throttles)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('takes at most max in the window, again after it; a use given back is available again', async () => {
    const counter = createKeyedWindowCounter(t.db.orm);
    const key = `test:${crypto.randomUUID()}`;
    const at = new Date('2030-01-15T10:00:00.000Z');
    expect(await counter.take(key, at, 60, 2)).toBe(true);
    expect(await counter.take(key, at, 60, 2)).toBe(true);
    expect(await counter.take(key, at, 60, 2)).toBe(false);
    await counter.giveBack(key, at);
    expect(await counter.take(key, at, 60, 2)).toBe(true);
    expect(await counter.take(key, at, 60, 2)).toBe(false);
    // A new window: two again; a use taken in the old window is not given back to the new one.
    const later = new Date(at.getTime() + 60_000);
    expect(await counter.take(key, later, 60, 2)).toBe(true);
    await counter.giveBack(key, at);
    expect(await counter.take(key, later, 60, 2)).toBe(true);
    expect(await counter.take(key, later, 60, 2)).toBe(false);
  });

  it('never gives the last unit to two takers at once', async () => {
    const counter = createKeyedWindowCounter(t.db.orm);
    const key = `test:${crypto.randomUUID()}`;
    const at = new Date('2030-01-15T10:00:00.000Z');
    const taken = await Promise.all(Array.from({ length: 6 }, () => counter.take(key, at, 60, 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
  });
});
