import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import {
  API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  SUPPORT_UNANSWERED_MAX,
  opsSessionSchema,
  supportChatSchema,
  supportConversationSchema,
  supportInboxSchema,
  supportMessageSchema,
  type OpsSession,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { createSupportRepository } from './support-repository.js';

const S = API_PATHS.support;
const O = OPS_API_PATHS;
const wallet = (path: string) => `${SERVICE_BASES.webWallet}${path}`;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const HASH_SECRET = 'a-chat-vendor-identity-secret';

async function opsSignIn(t: TestApp, account: { email: string; password: string }): Promise<OpsSession> {
  const step = expectCode<{ challengeId: string }>(
    await t.request({
      method: 'POST',
      url: O.signIn,
      body: { email: account.email, password: account.password },
    }),
    0,
    200,
  );
  const [mail] = await outbox(t, account.email);
  return opsSessionSchema.parse(
    expectCode(
      await t.request({
        method: 'POST',
        url: O.verifyCode,
        body: { challengeId: step.challengeId, code: mail!.otp },
      }),
      0,
      200,
    ),
  );
}

describe('support chat: the candidate, the chat hash and the team inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', SUPPORT_CHAT_HASH_SECRET: HASH_SECRET } });
  });
  afterAll(() => t?.close());

  it('answers the chat hash of the candidate’s own number only (spec §7)', async () => {
    const me = await signUp(t);
    const h = bearer(me.accessToken);
    const data = expectCode<{ hash: string }>(
      await t.request({ method: 'POST', url: wallet(S.chatHash), body: { mobile: me.mobile }, headers: h }),
      0,
      200,
    );
    expect(data.hash).toBe(createHmac('sha256', HASH_SECRET).update(me.mobile).digest('hex'));
    const other = await signUp(t);
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(S.chatHash),
        body: { mobile: other.mobile },
        headers: h,
      }),
      250,
      403,
    );
    expectCode(
      await t.request({ method: 'POST', url: wallet(S.chatHash), body: { mobile: me.mobile } }),
      102,
      401,
    );
  });

  it('keeps each candidate in their own conversation; the team reads and answers it, audited', async () => {
    const asha = await signUp(t, undefined, 'Asha Rao');
    const ravi = await signUp(t, undefined, 'Ravi Kumar');
    const ha = bearer(asha.accessToken);
    const hr = bearer(ravi.accessToken);

    const empty = supportChatSchema.parse(
      expectCode(await t.request({ method: 'GET', url: wallet(S.chat), headers: ha }), 0, 200),
    );
    expect(empty).toEqual({ conversationId: null, messages: [] });

    const first = supportMessageSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: wallet(S.chatMessages),
          body: { body: '  My OTP did not come  ' },
          headers: ha,
        }),
        0,
        200,
      ),
    );
    expect(first).toMatchObject({ author: 'candidate', body: 'My OTP did not come', authorName: null });
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(S.chatMessages),
        body: { body: 'Ravi here' },
        headers: hr,
      }),
      0,
      200,
    );
    expectCode(
      await t.request({ method: 'POST', url: wallet(S.chatMessages), body: { body: '   ' }, headers: ha }),
      100,
      400,
    );

    // Ravi sees only his own conversation, also when he names Asha's message.
    const ravisView = supportChatSchema.parse(
      expectCode(await t.request({ method: 'GET', url: wallet(S.chat), headers: hr }), 0, 200),
    );
    expect(ravisView.messages.map((m) => m.body)).toEqual(['Ravi here']);
    const sneaky = supportChatSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: `${wallet(S.chat)}?after=${first.id}`, headers: hr }),
        0,
        200,
      ),
    );
    expect(sneaky.messages.map((m) => m.body)).toEqual(['Ravi here']);

    const ashas = supportChatSchema.parse(
      expectCode(await t.request({ method: 'GET', url: wallet(S.chat), headers: ha }), 0, 200),
    );
    const conversationId = ashas.conversationId!;
    expect(conversationId).toBeTruthy();

    // The team: a verifier lists, reads and answers.
    const verifier = await opsSignIn(t, VERIFIER);
    const hv = bearer(verifier.accessToken);
    const inbox = supportInboxSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: `${O.supportConversations}?filter=waiting`, headers: hv }),
        0,
        200,
      ),
    );
    const listed = inbox.list.find((c) => c.id === conversationId);
    expect(listed).toMatchObject({ waiting: true, candidate: { name: 'Asha Rao', mobile: asha.mobile } });
    expect(listed?.lastMessage?.body).toBe('My OTP did not come');

    const reply = supportMessageSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: O.supportReplies(conversationId),
          body: { body: 'Please check your spam folder' },
          headers: hv,
        }),
        0,
        200,
      ),
    );
    expect(reply).toMatchObject({ author: 'team', authorName: VERIFIER.name });

    const read = supportConversationSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: O.supportConversation(conversationId), headers: hv }),
        0,
        200,
      ),
    );
    expect(read.waiting).toBe(false);
    expect(read.messages.map((m) => m.author)).toEqual(['candidate', 'team']);

    // The candidate's poll after the first message brings the reply.
    const polled = supportChatSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: `${wallet(S.chat)}?after=${first.id}`, headers: ha }),
        0,
        200,
      ),
    );
    expect(polled.messages.map((m) => m.body)).toEqual(['Please check your spam folder']);

    // No longer waiting for an answer.
    const waiting = supportInboxSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: `${O.supportConversations}?filter=waiting`, headers: hv }),
        0,
        200,
      ),
    );
    expect(waiting.list.some((c) => c.id === conversationId)).toBe(false);

    expectCode(
      await t.request({
        method: 'GET',
        url: O.supportConversation('00000000-0000-4000-8000-000000000000'),
        headers: hv,
      }),
      251,
      404,
    );

    const audit = (await t.db.orm.execute(
      sql`select action, target_id from ops_audit where action like 'support.%' order by at`,
    )) as { rows: { action: string; target_id: string | null }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['support.inbox.read', 'support.reply', 'support.conversation.read']),
    );
    expect(audit.rows.find((r) => r.action === 'support.reply')?.target_id).toBe(conversationId);
  });

  it('lets only the team reach the inbox: no token 102, a candidate token 102, admin and verifier 200', async () => {
    const candidate = await signUp(t);
    expectCode(await t.request({ method: 'GET', url: O.supportConversations }), 102, 401);
    expectCode(
      await t.request({ method: 'GET', url: O.supportConversations, headers: bearer(candidate.accessToken) }),
      102,
      401,
    );
    for (const account of [ADMIN, VERIFIER]) {
      const session = await opsSignIn(t, account);
      expectCode(
        await t.request({ method: 'GET', url: O.supportConversations, headers: bearer(session.accessToken) }),
        0,
        200,
      );
    }
    // A candidate's token never reaches another's conversation through the ops routes either.
    expectCode(
      await t.request({
        method: 'POST',
        url: O.supportReplies('00000000-0000-4000-8000-000000000000'),
        body: { body: 'x' },
        headers: bearer(candidate.accessToken),
      }),
      102,
      401,
    );
  });

  it('lists the conversations the team owes an answer first, then the newest, each with its own last message', async () => {
    const verifier = await opsSignIn(t, VERIFIER);
    const hv = bearer(verifier.accessToken);
    const send = async (token: string, body: string) =>
      supportMessageSchema.parse(
        expectCode(
          await t.request({
            method: 'POST',
            url: wallet(S.chatMessages),
            body: { body },
            headers: bearer(token),
          }),
          0,
          200,
        ),
      );
    const answered = await signUp(t, undefined, 'Answered Candidate');
    const older = await signUp(t, undefined, 'Older Waiting');
    const newer = await signUp(t, undefined, 'Newer Waiting');
    // A minute apart on the test clock: equal times would leave the order to the random ids.
    await send(answered.accessToken, 'first question');
    t.clock.advance(60);
    await send(older.accessToken, 'older question');
    t.clock.advance(60);
    await send(newer.accessToken, 'newer question');
    t.clock.advance(60);
    // The answered conversation has the newest activity, yet lists after both waiting ones.
    const answeredId = supportChatSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: wallet(S.chat), headers: bearer(answered.accessToken) }),
        0,
        200,
      ),
    ).conversationId!;
    expectCode(
      await t.request({
        method: 'POST',
        url: O.supportReplies(answeredId),
        body: { body: 'the team answers' },
        headers: hv,
      }),
      0,
      200,
    );

    // Paged two at a time through the whole inbox (other tests' conversations are in it too).
    const seen: { name: string | null; waiting: boolean; last: string | undefined }[] = [];
    let cursor: string | null = null;
    do {
      const page = supportInboxSchema.parse(
        expectCode(
          await t.request({
            method: 'GET',
            url: `${O.supportConversations}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            headers: hv,
          }),
          0,
          200,
        ),
      );
      expect(page.list.length).toBeLessThanOrEqual(2);
      for (const c of page.list)
        seen.push({ name: c.candidate.name, waiting: c.waiting, last: c.lastMessage?.body });
      cursor = page.nextCursor;
    } while (cursor);
    const waitingFlags = seen.map((c) => c.waiting);
    // Every waiting conversation before every answered one, no conversation twice.
    expect(waitingFlags.indexOf(false)).toBeGreaterThan(waitingFlags.lastIndexOf(true));
    expect(new Set(seen.map((c) => c.name)).size).toBe(seen.length);
    const mine = seen.filter((c) =>
      ['Answered Candidate', 'Older Waiting', 'Newer Waiting'].includes(c.name!),
    );
    expect(mine).toEqual([
      { name: 'Newer Waiting', waiting: true, last: 'newer question' },
      { name: 'Older Waiting', waiting: true, last: 'older question' },
      { name: 'Answered Candidate', waiting: false, last: 'the team answers' },
    ]);
    expectCode(
      await t.request({
        method: 'GET',
        url: `${O.supportConversations}?cursor=bm90LWEtY3Vyc29y`,
        headers: hv,
      }),
      100,
      400,
    );
  });

  it('reads the last message of a whole page of conversations in one query', async () => {
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const candidate = await signUp(t);
      await t.request({
        method: 'POST',
        url: wallet(S.chatMessages),
        body: { body: `${text} a` },
        headers: bearer(candidate.accessToken),
      });
      await t.request({
        method: 'POST',
        url: wallet(S.chatMessages),
        body: { body: `${text} b` },
        headers: bearer(candidate.accessToken),
      });
      const chat = supportChatSchema.parse(
        expectCode(
          await t.request({ method: 'GET', url: wallet(S.chat), headers: bearer(candidate.accessToken) }),
          0,
          200,
        ),
      );
      ids.push(chat.conversationId!);
    }
    let queries = 0;
    const counting = new Proxy(t.db.orm, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (/^(select|selectDistinct|selectDistinctOn|execute|query)$/.test(String(key))) queries++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const repo = createSupportRepository(counting);
    const last = await repo.lastMessages(ids);
    expect(queries).toBe(1);
    expect(ids.map((id) => last.get(id)?.body)).toEqual(['one b', 'two b', 'three b']);
    expect((await repo.lastMessages([])).size).toBe(0);
  });

  it('refuses a flood of messages the team has not answered (252)', async () => {
    const me = await signUp(t);
    const h = bearer(me.accessToken);
    for (let i = 0; i < SUPPORT_UNANSWERED_MAX; i++)
      expectCode(
        await t.request({
          method: 'POST',
          url: wallet(S.chatMessages),
          body: { body: `hello ${i}` },
          headers: h,
        }),
        0,
        200,
      );
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(S.chatMessages),
        body: { body: 'one more' },
        headers: h,
      }),
      252,
      429,
    );
  });

  it('echoes a valid traceparent’s trace id with its own span, and makes one otherwise', async () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await t.request({ method: 'GET', url: API_PATHS.health, headers: { traceparent: incoming } });
    const echoed = String(res.headers.traceparent);
    expect(echoed).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(echoed).not.toContain('00f067aa0ba902b7');
    for (const bad of [undefined, 'garbage', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`]) {
      const made = await t.request({
        method: 'GET',
        url: API_PATHS.health,
        ...(bad ? { headers: { traceparent: bad } } : {}),
      });
      expect(String(made.headers.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
      expect(String(made.headers.traceparent)).not.toContain('0'.repeat(32));
    }
  });

  it('has no /metrics and refuses analytics by default', async () => {
    const metrics = await t.request({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expectCode(
      await t.request({
        method: 'POST',
        url: API_PATHS.analytics,
        body: { sessionId: 'abcdefgh12', events: [{ category: 'auth', action: 'login', at: 1 }] },
      }),
      253,
      404,
    );
  });
});

describe('observability by configuration: metrics, analytics and trace ids in the log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const TOKEN = 'a-prometheus-scrape-token';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const { log } = Fastify({ logger: { level: 'info', stream } });
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        METRICS: 'on',
        METRICS_TOKEN: TOKEN,
        ANALYTICS_INGEST: 'on',
        LOG_LEVEL: 'info',
      },
      logger: log,
    });
  });
  afterAll(() => t?.close());

  it('puts the trace id in the request’s log lines', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await t.request({
      method: 'GET',
      url: API_PATHS.health,
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    const mine = lines.filter((l) => l.traceId === traceId);
    expect(mine.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    expect(mine.every((l) => typeof l.spanId === 'string' && l.spanId !== 'b7ad6b7169203331')).toBe(true);
  });

  it('serves Prometheus metrics with the bearer token only', async () => {
    await t.request({ method: 'GET', url: API_PATHS.health });
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
    ).toBe(401);
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/job_queue_depth\{queue="ocr"\} 0/);
  });

  it('accepts valid analytics batches into the log and refuses bad ones', async () => {
    const ok = expectCode<{ accepted: number }>(
      await t.request({
        method: 'POST',
        url: API_PATHS.analytics,
        body: {
          sessionId: 'session-1234',
          events: [
            { category: 'chat', action: 'opened', at: 1_700_000_000_000, path: '/ekyc/f/t' },
            {
              category: 'payment',
              action: 'init',
              at: 1_700_000_000_001,
              props: { region: 'IN', express: false },
            },
          ],
        },
      }),
      0,
      200,
    );
    expect(ok.accepted).toBe(2);
    expect(lines.some((l) => l.analytics === true && l.category === 'chat' && l.action === 'opened')).toBe(
      true,
    );
    for (const bad of [
      { sessionId: 'x', events: [{ category: 'auth', action: 'login', at: 1 }] },
      { sessionId: 'session-1234', events: [] },
      { sessionId: 'session-1234', events: [{ category: 'spying', action: 'login', at: 1 }] },
      { sessionId: 'session-1234', events: [{ category: 'auth', action: 'Login Now!', at: 1 }] },
      {
        sessionId: 'session-1234',
        events: [{ category: 'auth', action: 'login', at: 1, props: { nested: { a: 1 } } }],
      },
    ])
      expectCode(await t.request({ method: 'POST', url: API_PATHS.analytics, body: bad }), 100, 400);
  });
});
