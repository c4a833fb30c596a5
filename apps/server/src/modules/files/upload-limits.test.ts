import { API_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import type { DocumentAnalyser } from './analyser.js';
import { multipart, pdfOfSize } from './test-files.js';

const url = `${SERVICE_BASES.utility}${API_PATHS.files.upload}`;
const passing: DocumentAnalyser = {
  analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
  recogniseText: async () => '',
};

let t: TestApp;
let file: Buffer;
beforeAll(async () => {
  // 3 uploads a minute; 290 KB an hour: four 60 KB files fit, a fifth does not.
  t = await createTestApp({
    env: {
      OCR_WORKER: 'off',
      UPLOAD_RATE_PER_MINUTE: '3',
      UPLOAD_BYTES_PER_HOUR: '290000',
      // The token outlives the hour the test moves the clock by.
      ACCESS_TOKEN_TTL_SECONDS: '10000',
    },
    analyser: passing,
  });
  file = await pdfOfSize(60_000);
});
afterAll(async () => t.close());

function upload(token: string) {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'document.pdf', contentType: 'application/pdf', data: file },
  ]);
  return t.request({ method: 'POST', url, headers: { ...headers, ...bearer(token) }, payload });
}

describe('per-candidate upload limits (issue 9)', () => {
  it('answers 429 with retryAfter past the uploads per minute; another candidate is not affected', async () => {
    const me = (await signUp(t)).accessToken;
    const other = (await signUp(t)).accessToken;
    for (let i = 0; i < 3; i++) expectCode(await upload(me), 0, 200);
    const refused = await upload(me);
    const data = expectCode<{ retryAfter: number }>(refused, 111, 429);
    expect(data.retryAfter).toBeGreaterThanOrEqual(1);
    expect(data.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(data.retryAfter));
    expect(refused.json().message).toMatch(/at most 3 a minute/);
    expectCode(await upload(other), 0, 200);
    // The window passes: uploads are taken again (the byte budget still has room for one).
    t.clock.advance(61);
    expectCode(await upload(me), 0, 200);
  });

  it('answers 429 with retryAfter past the bytes per hour, until the hour has passed', async () => {
    const me = (await signUp(t)).accessToken;
    for (let i = 0; i < 3; i++) expectCode(await upload(me), 0, 200);
    t.clock.advance(61);
    expectCode(await upload(me), 0, 200);
    // 240 KB used; one more 60 KB upload would pass 290 KB.
    const data = expectCode<{ retryAfter: number }>(await upload(me), 111, 429);
    expect(data.retryAfter).toBeGreaterThan(60);
    expect(data.retryAfter).toBeLessThanOrEqual(3600);
    t.clock.advance(3600);
    expectCode(await upload(me), 0, 200);
  });

  it('counts fetches from a URL and re-checks too', async () => {
    const me = (await signUp(t)).accessToken;
    const { fileId } = expectCode<{ fileId: string }>(await upload(me), 0, 200);
    expectCode(await upload(me), 0, 200);
    const recheck = () =>
      t.request({
        method: 'POST',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.detectIssues}`,
        headers: bearer(me),
        body: { fileId },
      });
    expectCode(await recheck(), 0, 200);
    expectCode(await recheck(), 111, 429);
    const res = await t.request({
      method: 'POST',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.fromUrl}`,
      headers: bearer(me),
      body: { url: 'http://127.0.0.1:9/never-fetched.pdf' },
    });
    expectCode(res, 111, 429);
  });
});
