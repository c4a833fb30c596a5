import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS, DEFAULT_PARTNER_ORG_ID, SERVICE_BASES } from '@veridocs/shared';
import type { App } from '../app.js';
import { DEV_STAFF } from '../modules/ops-auth/dev-staff.js';
import { integratorJourney } from '../test/api-client/journey.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerCheck, type Document } from '../test/answer-check.js';
import { API_TYPES_FILE, apiTypes } from '../test/api-types.js';
import { DEMO_FORM, DEMO_ORG, submittedCandidate } from '../test/submitted-candidate.js';
import {
  answersChecked,
  createTestApp,
  expectCode,
  uniqueMobile,
  wallet,
  type TestApp,
} from '../test/test-app.js';
import { pdfOfSize } from '../modules/files/test-files.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const run = promisify(execFile);

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Doc = Document & {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

// Issue 30 §1: the OpenAPI document integrators generate clients from.
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-openapi-'));
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', PUBLIC_URL: 'https://verify.example.in' } });
    doc = (await t.app.inject({ url: `${API_PATHS.docs}/json` })).json<Doc>();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ where: `${method} ${path}`, operation })),
    );

  it('passes redocly lint with the recommended rules: 0 errors', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const lint = await run(
      process.execPath,
      [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json', '--max-problems=10000'],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('names its server, and gives every operation a unique operationId, a summary and its security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://verify.example.in' })]);
    const all = operations();
    expect(all.length).toBeGreaterThan(200);
    const ids = all.map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter((o) => !o.operation.summary).map((o) => o.where)).toEqual([]);
    expect(all.filter((o) => !Array.isArray(o.operation.security)).map((o) => o.where)).toEqual([]);
    // Stable: derived from the path, not from the order routes were registered in.
    expect(doc.paths['/api/integration/v1/transactions']!.post!.operationId).toBe(
      'postIntegrationV1Transactions',
    );
    expect(doc.paths['/.well-known/did.json']!.get!.security).toEqual([]);
  });

  it('describes every multipart and tus body, and every answer that is not the JSON envelope', () => {
    const multipart = [
      'post /api/utility/files',
      'post /api/utility/files/merge',
      'post /api/web-wallet/credentials/documents/{id}',
      'post /api/reports/verify',
      'put /api/ops/admin/orgs/{orgId}/logo',
      'post /api/org/branding/logo',
    ];
    for (const where of multipart) {
      const [method, path] = where.split(' ') as [string, string];
      const body = doc.paths[path]![method]!.requestBody!.content['multipart/form-data']!.schema;
      expect(Object.keys(body.properties ?? {}), where).toContain('file');
    }
    const tus = doc.paths['/api/utility/files/uploads/{id}']!.patch!;
    expect(Object.keys(tus.requestBody!.content)).toEqual(['application/offset+octet-stream']);

    const media = (path: string, method = 'get') =>
      Object.keys(doc.paths[path]![method]!.responses['200']!.content ?? {});
    expect(media('/.well-known/did.json')).toEqual(['application/did+json']);
    expect(media('/.well-known/jwks.json')).toEqual(['application/jwk-set+json']);
    expect(media('/api/credentials/status/{list}')).toEqual(['application/jwt']);
    expect(media('/api/notification-stream')).toEqual(['text/event-stream']);
    expect(media('/api/geo/map.png')).toEqual(['image/png']);
    expect(media('/api/ops/cases/{txnId}/report/pdf')).toEqual(['application/pdf']);
    expect(media('/api/utility/files/{id}/content')).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    // Every success answer declares its content, but the tus protocol's bodiless ones (201/204).
    const bare = operations().flatMap(({ where, operation }) =>
      Object.entries(operation.responses)
        .filter(([status, r]) => status.startsWith('2') && !r.content && !['201', '204'].includes(status))
        .map(([status]) => `${where} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('lets nullable enums be null (the public verify API answers reason: null)', () => {
    const check = createAnswerCheck(doc);
    const verify = Object.keys(doc.paths).find((p) => p.endsWith('/credentials/verify/{id}'))!;
    const method = Object.keys(doc.paths[verify]!)[0]!;
    const answer = (data: unknown) =>
      ({
        statusCode: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        rawPayload: Buffer.from(JSON.stringify({ code: 0, data, message: 'Success' })),
      }) as never;
    const valid = {
      valid: true,
      reason: null,
    };
    // The schema's own fields decide; what matters here is that `reason: null` is not what breaks it.
    const error = (() => {
      try {
        check.check(method, verify.replace('{id}', 'x'), answer(valid));
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).not.toMatch(/\/reason/);
    // And a wrong value is caught.
    expect(() =>
      check.check(method, verify.replace('{id}', 'x'), answer({ ...valid, reason: 'nope' })),
    ).toThrow(/reason/);
  });

  it(`keeps the generated client types (${API_TYPES_FILE}) up to date`, async () => {
    const types = await apiTypes(doc);
    const file = join(ROOT, API_TYPES_FILE);
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(file, types);
    expect(
      readFileSync(file, 'utf8') === types,
      `stale: UPDATE_API_TYPES=1 npx vitest run apps/server/src/http/openapi-document.test.ts`,
    ).toBe(true);
  }, 120_000);
});

/** A fetch that hands each request to the app (no port): what openapi-fetch calls. */
function injectFetch(app: App): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = answer.rawPayload.length === 0 || [204, 304].includes(answer.statusCode);
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

// Issue 30 §1: every answer the journeys get matches the document (Ajv 2020, strict), and a client
// generated from the document runs a whole journey.
describe('answers against the document, and the generated client', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A loaded CI machine can take longer than the production 20 s to check the first upload (a cold
    // check process): this file tests the document and its client, not that limit.
    t = await createTestApp({
      env: { OCR_WORKER: 'off', CHECK_TIMEOUT_MS: '60000', CHECK_MAX_QUEUE_WAIT_MS: '60000' },
      checkAnswers: true,
    });
  });
  afterAll(() => t?.close());

  it('runs the integrator journey with the generated client (openapi-typescript + openapi-fetch)', async () => {
    const admin = DEV_STAFF.find((s) => s.role === 'admin')!;
    const mobile = uniqueMobile();
    const result = await integratorJourney({
      baseUrl: t.config.publicUrl,
      fetch: injectFetch(t.app),
      partnerOrg: DEFAULT_PARTNER_ORG_ID,
      orgId: DEMO_ORG,
      formId: DEMO_FORM,
      admin: { email: admin.email, password: admin.password },
      candidate: { mobile, name: 'Kiran Rao' },
      document: { name: 'marksheet.pdf', type: 'application/pdf', bytes: await pdfOfSize(60_000) },
    });
    expect(result.file).toMatchObject({ fileId: result.uploaded.fileId, mimeType: 'application/pdf' });
    expect(result.uploaded.state).not.toBe('ERROR');
    expect(result.transaction).toMatchObject({
      transactionId: result.created.transactionId,
      formId: DEMO_FORM,
    });
    expect(result.transaction.verifications.length).toBeGreaterThan(0);
  }, 120_000);

  it('checks every answer of a submitted candidate and the public credential documents strictly', async () => {
    const before = answersChecked(t.app);
    const { h, txnId } = await submittedCandidate(t, { partner: true });
    const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
    expectCode(
      await t.request({
        method: 'GET',
        url: v1(`${API_PATHS.verification.info}?orgId=${DEMO_ORG}&txnId=${txnId}`),
        headers: h,
      }),
      0,
      200,
    );
    expectCode(await t.request({ method: 'GET', url: wallet(API_PATHS.profile.base), headers: h }), 0, 200);
    for (const url of [API_PATHS.credentials.didDocument, API_PATHS.credentials.jwks])
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    // Refusals are answers too: the error envelope of another's (or no) transaction, and of no token.
    expectCode(
      await t.request({
        method: 'GET',
        url: v1(`${API_PATHS.verification.info}?orgId=${DEMO_ORG}&txnId=nope`),
        headers: h,
      }),
      122,
      403,
    );
    expectCode(
      await t.request({
        method: 'GET',
        url: v1(`${API_PATHS.verification.info}?orgId=${DEMO_ORG}&txnId=${txnId}`),
      }),
      102,
      401,
    );
    expect(answersChecked(t.app) - before).toBeGreaterThan(20);
  }, 120_000);
});
