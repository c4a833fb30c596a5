import { API_PATHS, SERVICE_BASES, referenceListSchema } from '@veridocs/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARDS, INSTITUTES, REFERENCE_ALIASES } from '../../db/seed-data/reference-data.js';
import { referenceOptions } from '../../db/schema/index.js';
import { referenceListsDigest, referenceTableDigest, seed } from '../../db/seed.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';

const u = (path: string) => `${SERVICE_BASES.utility}${path}`;

describe('reference lists over HTTP', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    h = bearer((await signUp(t)).accessToken);
  });
  afterAll(() => t?.close());

  const list = async (path: string) =>
    referenceListSchema.parse(
      expectCode(await t.request({ method: 'GET', url: u(path), headers: h }), 0, 200),
    );

  it('ranks typos, abbreviations and Hindi names, with state and city as secondary text', async () => {
    const iitb = await list(`${API_PATHS.utility.institutes}?search=IITB`);
    expect(iitb.list[0]).toEqual({
      name: 'Indian Institute of Technology Bombay',
      value: 'indian-institute-of-technology-bombay',
      state: 'Maharashtra',
      city: 'Mumbai',
    });
    const du = await list(
      `${API_PATHS.utility.institutes}?search=${encodeURIComponent('dilli vishwavidyalaya')}`,
    );
    expect(du.list[0]?.value).toBe('university-of-delhi');
    const up = await list(`${API_PATHS.utility.boards}?search=${encodeURIComponent('up board')}`);
    expect(up.list[0]?.value).toBe('UPMSP');
  });

  it('pages by seed and count (step 50) with the total of every match', async () => {
    const first = await list(`${API_PATHS.utility.institutes}?search=university&seed=0&count=50`);
    const second = await list(`${API_PATHS.utility.institutes}?search=university&seed=50&count=50`);
    expect(first.list).toHaveLength(50);
    expect(second.list).toHaveLength(50);
    expect(second.total).toBe(first.total);
    expect(first.total).toBeGreaterThan(500);
    const values = new Set([...first.list, ...second.list].map((x) => x.value));
    expect(values.size).toBe(100);
    const everything = await list(`${API_PATHS.utility.institutes}?seed=0&count=50`);
    // Every institute but the other spellings of one (offered once; their rows stay for saved data).
    expect(everything.total).toBe(INSTITUTES.length - Object.keys(REFERENCE_ALIASES.duplicates ?? {}).length);
    const boards = await list(`${API_PATHS.utility.boards}?seed=0&count=50`);
    expect(boards.total).toBe(BOARDS.length);
  });

  it('seeds idempotently: a second run updates and never duplicates', async () => {
    const rows = async () => (await t.db.orm.select({ n: count() }).from(referenceOptions))[0]?.n ?? 0;
    const before = await rows();
    expect(before).toBe(INSTITUTES.length + BOARDS.length);
    // What the lists add to a first start: the whole seed on an empty table, then with the rows there.
    await t.db.orm.delete(referenceOptions);
    let started = performance.now();
    await seed(t.db.orm, new Date(), { demo: true });
    const fresh = performance.now() - started;
    started = performance.now();
    await seed(t.db.orm, new Date(), { demo: true });
    console.info(
      `seed with ${before} reference rows: ${fresh.toFixed(0)} ms on an empty table, ${(performance.now() - started).toFixed(0)} ms unchanged`,
    );
    // Seeded, the table's digest is the code's: a restart writes nothing.
    expect(await referenceTableDigest(t.db.orm)).toBe(referenceListsDigest());
    await t.db.orm
      .update(referenceOptions)
      .set({ name: 'Renamed', state: null })
      .where(eq(referenceOptions.value, 'anna-university'));
    expect(await referenceTableDigest(t.db.orm)).not.toBe(referenceListsDigest());
    await seed(t.db.orm, new Date(), { demo: true });
    expect(await rows()).toBe(before);
    expect(await referenceTableDigest(t.db.orm)).toBe(referenceListsDigest());
    const [anna] = await t.db.orm
      .select()
      .from(referenceOptions)
      .where(eq(referenceOptions.value, 'anna-university'));
    expect(anna).toMatchObject({ name: 'Anna University', state: 'Tamil Nadu', city: 'Chennai' });
  });

  it('keeps every value the earlier hand-made list saved', async () => {
    const values = new Set(INSTITUTES.map((i) => i.value));
    for (const old of [
      'indian-institute-of-technology-bombay',
      'university-of-delhi',
      'indian-institute-of-science-bengaluru',
      'birla-institute-of-technology-and-science-pilani',
      'college-of-engineering-pune',
      'christian-medical-college-vellore',
      'amity-university-noida',
    ])
      expect(values.has(old), old).toBe(true);
    const boards = new Set(BOARDS.map((b) => b.value));
    for (const old of ['CBSE', 'CISCE', 'NIOS', 'UPMSP', 'MSBSHSE', 'DHSE-KL', 'BSE-OD', 'TNDGE'])
      expect(boards.has(old), old).toBe(true);
  });
});
