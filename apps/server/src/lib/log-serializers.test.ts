import { Writable } from 'node:stream';
import { API_PATHS, NOTIFICATION_API_PATHS } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectCode, uniqueMobile, wallet } from '../test/test-app.js';
import { redactUrl, serializeError } from './log-serializers.js';

/** A pino logger (made by Fastify, as the app makes its own) whose JSON lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const { log } = Fastify({ logger: { level: 'info', stream } });
  return { log, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A driver error as pg and PGlite raise it: SQLSTATE, and the row's values in `detail`. */
function driverError(message: string, detail: string) {
  return Object.assign(new Error(message), { code: '23505', severity: 'ERROR', detail, schema: 'public' });
}

describe('the error serializer', () => {
  it("drops a failed query's parameters from the message, the stack and the fields", () => {
    const cause = driverError(
      'duplicate key value violates unique constraint "profiles_mobile_unique"',
      'Key (mobile)=(9876543210) already exists.',
    );
    const error = new DrizzleQueryError(
      'insert into "profiles" ("mobile", "name") values ($1, $2)',
      ['9876543210', 'Asha Rao'],
      cause,
    );
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(text).not.toContain('9876543210');
    expect(text).not.toContain('Asha Rao');
    expect(out.message).toBe('Failed query: insert into "profiles" ("mobile", "name") values ($1, $2)');
    expect(out.stack).toMatch(/^Error: Failed query: insert into/);
    expect(out.stack).toMatch(/\n\s+at /);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "profiles" ("mobile", "name") values ($1, $2)',
      cause: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "profiles_mobile_unique"',
      },
    });
    expect(out).not.toHaveProperty('params');
    expect(out.cause).not.toHaveProperty('detail');
  });

  it('redacts the input PostgreSQL quotes in its messages, and keeps other errors as they are', () => {
    const out = serializeError(
      Object.assign(new Error('invalid input syntax for type uuid: "Asha Rao 9876543210"'), {
        code: '22P02',
      }),
    );
    expect(out.message).toBe('invalid input syntax for type uuid: [redacted]');
    expect(out.stack).not.toContain('9876543210');
    const plain = serializeError(Object.assign(new Error('disk full'), { code: 'ENOSPC', path: '/data/x' }));
    expect(plain).toMatchObject({ type: 'Error', message: 'disk full', code: 'ENOSPC', path: '/data/x' });
  });
});

describe("the app's logs", () => {
  it('hold a failed query without its parameters (the mobile number of a login)', async () => {
    const captured = capturedLogger();
    const t = await createTestApp({ logger: captured.log });
    try {
      // Any query on the table now fails; the login's queries carry the mobile number as a parameter.
      await t.db.orm.execute(sql`alter table otp_throttles rename to otp_throttles_gone`);
      const mobile = uniqueMobile();
      const res = await t.request({ method: 'POST', url: wallet(API_PATHS.profile.login), body: { mobile } });
      expectCode(res, 500, 500);
      const errors = captured.records().filter((r) => Number(r.level) >= 50);
      expect(errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(errors)).toContain('Failed query:');
      expect(JSON.stringify(errors)).toContain('otp_throttles');
      expect(captured.lines.join('\n')).not.toContain(mobile);
    } finally {
      await t.close();
    }
  });

  // Issue 23 §1: an organisation link's sso was in the access log in clear.
  it('hold no token, sso, share id or signed link of a request URL', async () => {
    const captured = capturedLogger();
    const t = await createTestApp({ logger: captured.log });
    try {
      const secrets = [
        'sso_linksecret123',
        'streamtoken456',
        'filelinktoken789',
        'shareid000111',
        'reportcode222',
      ];
      for (const url of [
        `/ekyc/demo-form/7b1c?orgId=demo-university&sso=${secrets[0]}`,
        `${NOTIFICATION_API_PATHS.stream}?token=${secrets[1]}&lang=hi`,
        `/api/file-links/${secrets[2]}`,
        wallet(API_PATHS.credentials.verify(secrets[3]!)),
        `/reports/verify/${secrets[4]}?x=1`,
      ])
        await t.app.inject({ method: 'GET', url });
      const text = captured.lines.join('\n');
      for (const secret of secrets) expect(text).not.toContain(secret);
      const urls = captured.records().flatMap((r) => {
        const req = r.req as { url?: string } | undefined;
        return req?.url ? [req.url] : [];
      });
      expect(urls).toContain('/ekyc/demo-form/7b1c?orgId=demo-university&sso=[redacted]');
      expect(urls).toContain(`${NOTIFICATION_API_PATHS.stream}?token=[redacted]&lang=hi`);
    } finally {
      await t.close();
    }
  });
});

describe('redactUrl', () => {
  it('keeps what is not a credential and replaces what is', () => {
    expect(redactUrl('/api/x?orgId=a&SSO=b&Token=c&sig=d')).toBe(
      '/api/x?orgId=a&SSO=[redacted]&Token=[redacted]&sig=[redacted]',
    );
    expect(redactUrl('/credentials/receive/abc?x=1')).toBe('/credentials/receive/[redacted]?x=1');
    expect(redactUrl('/api/wallet/credentials/verify')).toBe('/api/wallet/credentials/verify');
    expect(redactUrl('/a?%ZZ=1&sso')).toBe('/a?%ZZ=1&sso');
    // Personal data typed into a search or a lookup: an erased candidate's mobile is not kept in a log.
    expect(redactUrl('/api/org/candidates?search=Asha%20Verma&q=9800000001&to=9800000001&page=2')).toBe(
      '/api/org/candidates?search=[redacted]&q=[redacted]&to=[redacted]&page=2',
    );
  });
});
