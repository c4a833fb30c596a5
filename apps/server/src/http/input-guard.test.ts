import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, DIGILOCKER_SANDBOX_PATHS, GATEWAY_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { multipart, pdfOfSize } from '../modules/files/test-files.js';
import { bearer, createTestApp, signUp, type TestApp } from '../test/test-app.js';
import { badJsonReason, badTextReason, badUrlReason, MAX_JSON_DEPTH } from './input-guard.js';

/** Every route buildApp registers, seen through an onRoute hook on the instance it creates. */
const routes = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

/** Path segments, query values and JSON strings no route can take. */
const BAD_SEGMENTS = ['x%00y', 'x%ED%A0%80y', 'x%ED%B0%80', '%E0%A4%A', '%zz', 'x%F0%9F'];
const BAD_JSON_STRINGS = ['a\\u0000b', '\\ud800', 'x\\udc00', '\\ud800\\u0041', '\\ud83d\\ud83d'];
const DEEP = 100_000;
const QUERY_KEYS = ['orgId', 'txnId', 'formId', 'id', 'search', 'to', 'states', 'lat'];

/** A body with the bad string in every field a route of the API reads. */
function bodyWith(bad: string): string {
  const s = `"${bad}"`;
  return (
    `{"orgId":${s},"txnId":${s},"eKycFormId":${s},"formId":${s},"mobile":${s},"name":${s},"otp":${s},` +
    `"url":${s},"verificationName":${s},"verificationNameList":[${s}],"data":{"aadhaarNumber":${s}},` +
    `"email":${s},"${bad}":1}`
  );
}

const BAD_BODIES = [
  ...BAD_JSON_STRINGS.map(bodyWith),
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  `{"orgId":"x","data":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`,
  `{"data":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`,
];

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  headers = bearer((await signUp(t)).accessToken);
});
afterAll(() => t?.close());

interface Outcome {
  request: string;
  status: number;
  body: string;
}

/**
 * A refusal in the envelope: 400 (or 404 where no route matches; 401 from a webhook, whose signature is
 * checked on the raw bytes before anything reads them; 413 from the analytics collector, whose small
 * body limit the bad bodies exceed), never a 500 or Fastify's own shape.
 */
function expectRefused(outcomes: Outcome[]) {
  const wrong = outcomes.filter(({ status, body }) => {
    if (![400, 401, 404, 413].includes(status)) return true;
    try {
      const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
      return !(typeof parsed.code === 'number' && parsed.code >= 100 && typeof parsed.message === 'string');
    } catch {
      return true;
    }
  });
  expect(wrong.map((o) => `${o.request} → ${o.status} ${o.body.slice(0, 100)}`)).toEqual([]);
}

describe('bad bytes on every route', () => {
  const walk = () => {
    const seen = new Set<string>();
    return routes.filter((r) => {
      const key = `${r.method} ${r.url}`;
      if (r.method === 'HEAD' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };

  it('collected the routes of the whole app', () => {
    const urls = walk().map((r) => r.url);
    expect(urls).toContain(`${SERVICE_BASES.verificationV1}${API_PATHS.verifier.orgRoute}`);
    expect(urls).toContain(`${SERVICE_BASES.utility}${API_PATHS.files.upload}`);
    expect(walk().length).toBeGreaterThan(30);
  });

  it('refuses NUL, unpaired surrogates and malformed percent-encoding in the path, in the envelope', async () => {
    const outcomes: Outcome[] = [];
    for (const route of walk()) {
      for (const bad of BAD_SEGMENTS) {
        const url = route.url.includes(':')
          ? route.url.replace(/:[A-Za-z]+/g, bad)
          : `${route.url.replace(/\*$/, '')}/${bad}`.replace(/\/\/+/g, '/');
        const res = await t.request({ method: route.method, url, headers });
        outcomes.push({ request: `${route.method} ${url}`, status: res.statusCode, body: res.body });
      }
    }
    expectRefused(outcomes);
    expect(outcomes.filter((o) => o.status === 400).length).toBeGreaterThan(outcomes.length / 2);
  });

  it('refuses them in the query, in the envelope', async () => {
    const outcomes: Outcome[] = [];
    for (const route of walk()) {
      const path = route.url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
      for (const bad of BAD_SEGMENTS) {
        const url = `${path}?${QUERY_KEYS.map((k) => `${k}=${bad}`).join('&')}`;
        const res = await t.request({ method: route.method, url, headers });
        outcomes.push({ request: `${route.method} ${url}`, status: res.statusCode, body: res.body });
      }
    }
    expectRefused(outcomes);
  });

  it('refuses them, and deeply nested JSON, in every body, in the envelope', async () => {
    const outcomes: Outcome[] = [];
    for (const route of walk().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      // A gateway's webhook route answers only the providers it knows.
      const path = route.url
        .replace(':provider', 'sandbox')
        .replace(/:[A-Za-z]+/g, 'x')
        .replace(/\*$/, 'x');
      // The sandboxes' pages (the hosted checkout, DigiLocker's sign-in) are HTML forms: their bad bytes
      // come form-encoded.
      const form = (
        [
          GATEWAY_PATHS.sandboxCheckoutActionRoute,
          DIGILOCKER_SANDBOX_PATHS.signIn,
          DIGILOCKER_SANDBOX_PATHS.consent,
        ] as string[]
      ).includes(route.url);
      for (const raw of BAD_BODIES) {
        // (cut short: the form takes a few bytes; deep nesting means nothing to it)
        const payload = form ? `outcome=${encodeURIComponent(raw.slice(0, 200))}` : raw;
        const res = await t.request({
          method: route.method,
          url: path,
          headers: {
            ...headers,
            'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          payload,
        });
        outcomes.push({
          request: `${route.method} ${path} ${raw.slice(0, 40)}`,
          status: res.statusCode,
          body: res.body,
        });
      }
    }
    expect(outcomes.length).toBeGreaterThan(10 * BAD_BODIES.length);
    expectRefused(outcomes);
    const expected = (o: Outcome) => (o.request.includes(' /api/payments/webhooks/') ? 401 : 400);
    const refusedAsExpected = (o: Outcome) =>
      o.status === expected(o) ||
      (o.request.includes(' /api/analytics ') && o.status === 413) ||
      // Every guard runs before the body is read (ADR 0004), and the candidate's token opens no team or
      // integration route; the dev partner receiver, like a gateway's webhook, checks the signature on
      // the raw bytes first (ADR 0028); an institution's responder routes want their own session
      // (ADR 0046), and the organisation portal's its own token (ADR 0047).
      ((o.request.includes(' /api/ops/') ||
        o.request.includes(' /api/integration/') ||
        o.request.includes(' /api/org/') ||
        o.request.includes(' /api/institutions/respond/requests/') ||
        o.request.includes(' /api/dev/partner-inbox/')) &&
        o.status === 401);
    expect(outcomes.filter((o) => !refusedAsExpected(o)).map((o) => `${o.request} → ${o.status}`)).toEqual(
      [],
    );
  });

  it("refuses them in an upload's form fields and cleans them out of its file name", async () => {
    const pdf = await pdfOfSize(45_000);
    const send = (parts: Parameters<typeof multipart>[0]) => {
      const { payload, headers: multipartHeaders } = multipart(parts);
      return t.request({
        method: 'POST',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
        headers: { ...headers, ...multipartHeaders },
        payload,
      });
    };
    const file = { name: 'file', filename: 'doc.pdf', contentType: 'application/pdf', data: pdf };
    const fields = [];
    for (const name of ['expectName', 'folderName', 'fileCategory']) {
      const res = await send([{ name, data: 'a\u0000b' }, file]);
      fields.push({ request: `upload with ${name}`, status: res.statusCode, body: res.body });
    }
    expectRefused(fields);
    expect(fields.map((o) => o.status)).toEqual([400, 400, 400]);
    const named = await send([{ ...file, filename: 'a\u0000b.pdf' }]);
    expect(named.statusCode).toBe(200);
    expect(named.body).not.toContain('\\u0000');
  });

  it('still takes well-formed text in any script', async () => {
    const search = encodeURIComponent('नमस्ते 😀');
    const res = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.utility.institutes}?search=${search}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the checks', () => {
  it('find NUL and unpaired surrogates in text', () => {
    expect(badTextReason('Asha Rao नमस्ते 😀')).toBeNull();
    expect(badTextReason('a\u0000b')).toMatch(/NUL/);
    expect(badTextReason('a\ud800')).toMatch(/surrogate/);
    expect(badTextReason('\udc00a')).toMatch(/surrogate/);
  });

  it('find malformed percent-encoding in a request target', () => {
    expect(badUrlReason('/api/x?search=%E0%A4%A8%20a+b')).toBeNull();
    expect(badUrlReason('/api/x%00')).toMatch(/NUL/);
    expect(badUrlReason('/api/x?a=%E0%A4%A')).toMatch(/percent-encoding/);
    expect(badUrlReason('/api/x?a=%zz')).toMatch(/percent-encoding/);
    expect(badUrlReason('/api/%ED%A0%80')).toMatch(/percent-encoding/);
  });

  it('find bad strings and nesting in JSON text, escaped or not, and nothing in good JSON', () => {
    const good = JSON.stringify({ name: 'Asha "Rao" \\ नमस्ते 😀', list: [[{ a: '\ud83d\ude00' }]], n: 1 });
    expect(badJsonReason(good)).toBeNull();
    expect(badJsonReason('{"a":"\\ud83d\\ude00","b":"\\\\u0000"}')).toBeNull();
    expect(badJsonReason('{"a":"[[[[{{{{"}', 2)).toBeNull();
    expect(badJsonReason('{"a":"x\\u0000"}')).toMatch(/NUL/);
    expect(badJsonReason('{"a\\u0000":1}')).toMatch(/NUL/);
    expect(badJsonReason('{"a":"\\ud800"}')).toMatch(/surrogate/);
    expect(badJsonReason('{"a":"\\ud800\\n"}')).toMatch(/surrogate/);
    expect(badJsonReason('{"a":"\\udc00"}')).toMatch(/surrogate/);
    expect(badJsonReason('{"a":"\ud800x"}')).toMatch(/surrogate/);
    expect(badJsonReason('[[[]]]', 2)).toMatch(/nested/);
    expect(badJsonReason('[[]]', 2)).toBeNull();
  });
});
