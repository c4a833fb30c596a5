import { request as httpRequest, type IncomingMessage } from 'node:http';
import {
  API_PATHS,
  GATEWAY_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  notificationListResponseSchema,
  opsSessionSchema,
  paymentInitResponseSchema,
  type NotificationItem,
  type OpsSession,
  NOTIFICATION_KINDS,
  NOTIFICATION_API_PATHS,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  signUp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import type { DocumentAnalyser } from '../files/analyser.js';
import type { StateChange } from '../transactions/state-machine.js';
import { NOTIFICATION_MESSAGES, placeholders, type NotificationMessage } from './notification-messages.js';
import { escapeMarkdown, plainText, verificationLabel } from './notifications-service.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const n = (path: string) => `${SERVICE_BASES.notification}${path}`;
const N = NOTIFICATION_API_PATHS;
const V = API_PATHS.verification;
const O = OPS_API_PATHS;
const ORG = 'demo-university';
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;
/** The document checks are not what this file tests: a stand-in that passes every document. */
const passing: DocumentAnalyser = {
  analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
  recogniseText: async () => '',
};

/** Reads an SSE response: each `event:`/`data:` block, as it arrives. */
function sseReader(response: IncomingMessage) {
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) events.push({ event, data });
      for (const w of waiters.splice(0)) w();
    }
  });
  return {
    events,
    comments,
    async until(check: () => boolean, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out; events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** Opens the live stream of a listening app with a fresh token of `h`. */
export async function openStream(t: TestApp, port: number, h: Headers) {
  const { token } = expectCode<{ token: string }>(
    await t.request({ method: 'POST', url: n(N.streamToken), headers: h }),
    0,
    200,
  );
  return new Promise<{ response: IncomingMessage; close: () => void }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `${N.stream}?token=${encodeURIComponent(token)}`, method: 'GET' },
      (response) => resolve({ response, close: () => req.destroy() }),
    );
    req.on('error', reject);
    req.end();
  });
}

describe('notifications: list, ownership, events, SMS copies, the live stream', () => {
  let t: TestApp;
  let port: number;
  let verifier: Headers;
  beforeAll(async () => {
    t = await createTestApp({
      analyser: passing,
      env: {
        OCR_WORKER: 'off',
        NOTIFICATION_JOBS: 'off',
        PAYMENT_JOBS: 'off',
        NOTIFICATION_HEARTBEAT_SECONDS: '1',
        PAYMENT_RECONCILE_AFTER_SECONDS: '60',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    verifier = bearer((await signIn(VERIFIER)).accessToken);
  }, 180_000);
  afterAll(() => t?.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  const list = async (h: Headers, query = '') =>
    notificationListResponseSchema.parse(
      expectCode(await send('GET', n(`${N.list}${query}`), undefined, h), 0, 200),
    );
  /** A decision of the team, a second after the last (the test clock stands still otherwise). */
  const decide = (txnId: string, body: object) => {
    t.clock.advance(1);
    return send('POST', O.decisions(txnId), body, verifier);
  };

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', O.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }

  const submittedCandidate = () => submitCandidate(t);

  it('every decision of the team is a notification of the candidate only, with an SMS copy; pushed live', async () => {
    const a = await submittedCandidate();
    const b = bearer((await signUp(t)).accessToken);
    // Submission and the Aadhaar OTP's own verification are no news: nothing yet.
    expect(await list(a.h)).toEqual({ list: [], total: 0 });

    const stream = await openStream(t, port, a.h);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toContain('text/event-stream');
    const live = sseReader(stream.response);
    try {
      expectCode(await decide(a.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }), 0, 200);
      await live.until(() => live.events.length >= 1);
      expect(live.events[0]!.event).toBe('notification');
      const pushed = JSON.parse(live.events[0]!.data) as NotificationItem;
      // Its link opens that verification's page: the request, the verification and the organisation.
      expect(pushed).toMatchObject({
        kind: 'verification',
        title: 'Verification in progress',
        link: `/verification-info?orgId=${ORG}&txnId=${a.txnId}&name=bgv-degree`,
      });
      expect(pushed.description).toContain('**Degree**');
      expect(pushed.description).toContain('**Demo University**');

      expectCode(
        await decide(a.txnId, {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason: 'Marksheet for *semester 5* is [missing](javascript:alert(1))',
          documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
        }),
        0,
        200,
      );
      await live.until(() => live.events.length >= 2);
      // Heartbeats keep the connection open through proxies.
      await live.until(() => live.comments.includes('heartbeat'), 5_000);
    } finally {
      stream.close();
    }

    const mine = await list(a.h);
    expect(mine.total).toBe(2);
    // Newest first.
    expect(mine.list.map((x) => [x.kind, x.title])).toEqual([
      ['action_required', 'Action required'],
      ['verification', 'Verification in progress'],
    ]);
    const action = mine.list[0]!;
    // The team's request, as the tile opens it (a bare /verification/insufficiency is "incomplete").
    expect(action.link).toBe(`/verification/insufficiency?orgId=${ORG}&txnId=${a.txnId}&name=bgv-degree`);
    // The reason is quoted, its markup escaped: text, not a link.
    expect(action.description).toContain(
      '*Reason:* Marksheet for \\*semester 5\\* is \\[missing\\]\\(javascript:alert\\(1\\)\\)',
    );
    // Another candidate reaches none of it, and no route takes another's id.
    expect(await list(b)).toEqual({ list: [], total: 0 });
    expectCode(await send('GET', n(N.list)), 102, 401);

    // The SMS copies are queued, then delivered by the job (the dev outbox here).
    const before = await outbox(t, a.mobile);
    expect(await t.app.notifications.deliverOnce()).toBe(true);
    const after = await outbox(t, a.mobile);
    expect(after.length - before.length).toBe(2);
    expect(after.map((m) => (m as { body?: string }).body ?? JSON.stringify(m)).join('\n')).toContain(
      'Action required: We need more from you for your Degree verification for Demo University.',
    );
    const deliveries = await t.app.notifications.deliveriesOf(action.id);
    expect(deliveries).toMatchObject([{ channel: 'sms', status: 'sent', recipient: a.mobile, attempts: 1 }]);
    expect(await t.app.notifications.deliverOnce()).toBe(false);
  });

  it('names each verification by the label its tile shows; each link opens the screen it tells of', async () => {
    const a = await submittedCandidate();
    const { rows } = (await t.db.orm.execute(
      sql`select form_id from transactions where id = ${a.txnId}`,
    )) as { rows: { form_id: string }[] };
    const formId = rows[0]!.form_id;
    const change = (verificationName: string | null, to: StateChange['to']): StateChange => ({
      txnId: a.txnId,
      entity: verificationName ? 'verification' : 'transaction',
      verificationName,
      from: 'IN_PROGRESS',
      to,
      action: 'ops-decision',
      profileId: null,
    });
    t.clock.advance(1);
    await t.db.orm.transaction((scope) =>
      t.app.notifications.onStateChanges(
        scope,
        [
          change('bgv-twelfth', 'IN_PROGRESS'),
          change('dl', 'FAILED'),
          change('bgv-degree~2', 'INSUFFICIENT_DATA'),
          change(null, 'COMPLETED'),
        ],
        t.clock.now(),
      ),
    );
    const english = (await list(a.h)).list;
    const hindi = (await list({ ...a.h, 'accept-language': 'hi' })).list;
    const about = (items: NotificationItem[], text: string) =>
      items.find((x) => x.description.includes(text));
    // "12th", "Driving licence", "Degree 2": never "Twelfth", "Dl" or a name of the form's config.
    expect(about(english, '**12th**')?.link).toBe(
      `/verification-info?orgId=${ORG}&txnId=${a.txnId}&name=bgv-twelfth`,
    );
    expect(about(english, '**Driving licence**')?.link).toBe(
      `/verification-info?orgId=${ORG}&txnId=${a.txnId}&name=dl`,
    );
    expect(about(english, '**Degree 2**')?.link).toBe(
      `/verification/insufficiency?orgId=${ORG}&txnId=${a.txnId}&name=bgv-degree%7E2`,
    );
    expect(english.map((x) => x.description).join('\n')).not.toMatch(/Twelfth|\bDl\b/);
    expect(about(hindi, '**12वीं**')).toBeDefined();
    expect(about(hindi, '**ड्राइविंग लाइसेंस**')).toBeDefined();
    expect(about(hindi, '**डिग्री 2**')).toBeDefined();
    // The whole request: its form home.
    expect(english.find((x) => x.kind === 'transaction')?.link).toBe(
      `/ekyc/${formId}/${a.txnId}?orgId=${ORG}`,
    );
  });

  it('logout closes the open stream (nothing after it) and a token minted before it opens none', async () => {
    const a = await submittedCandidate();
    const { token: spare } = expectCode<{ token: string }>(
      await send('POST', n(N.streamToken), undefined, a.h),
      0,
      200,
    );
    const stream = await openStream(t, port, a.h);
    expect(stream.response.statusCode).toBe(200);
    const live = sseReader(stream.response);
    let closed = false;
    stream.response.on('end', () => (closed = true));
    try {
      expectCode(await decide(a.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }), 0, 200);
      await live.until(() => live.events.length === 1);
      const open = t.app.notifications.openStreams();

      expectCode(
        await send('POST', wallet(API_PATHS.profile.logout), undefined, bearer(a.refreshToken)),
        0,
        200,
      );
      // The server ends the response: the stream is closed, not merely quiet.
      await live.until(() => closed, 5_000);
      expect(t.app.notifications.openStreams()).toBe(open - 1);

      // A decision after logout: the candidate's list has it, the closed stream never got it.
      expectCode(
        await decide(a.txnId, {
          verificationName: 'bgv-degree',
          state: 'FAILED',
          reason: 'Not in the register',
        }),
        0,
        200,
      );
      const rows = (await t.db.orm.execute(
        sql`select count(*)::int as n from notifications n join transactions x on x.profile_id = n.profile_id
            where x.id = ${a.txnId}`,
      )) as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live.events).toHaveLength(1);
    } finally {
      stream.close();
    }
    // The token minted before logout, still unexpired, opens nothing; no new one is given.
    expectCode(await t.app.inject({ method: 'GET', url: `${N.stream}?token=${spare}` }), 240, 401);
    expectCode(await send('POST', n(N.streamToken), undefined, a.h), 138, 401);
  });

  it('"Verified" and the request completed, when the team completes the last verification', async () => {
    const a = await submittedCandidate();
    expectCode(await decide(a.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }), 0, 200);
    expectCode(await decide(a.txnId, { verificationName: 'bgv-degree', state: 'COMPLETED' }), 0, 200);
    const mine = await list(a.h);
    // The last three share their moment (one database transaction), the credential's included.
    expect(
      mine.list
        .slice(0, 3)
        .map((x) => [x.kind, x.title])
        .sort(),
    ).toEqual([
      ['credential', 'Credential added to your wallet'],
      ['transaction', 'Verification request completed'],
      ['verification', 'Verified'],
    ]);
    expect(mine.list[3]!.title).toBe('Verification in progress');
    expect(mine.total).toBe(4);
  });

  it('pages: seed and count (20, then 10), newest first, total', async () => {
    const session = await signUp(t);
    const h = bearer(session.accessToken);
    const profileId = (
      (await t.db.orm.execute(sql`select id from profiles where mobile = ${session.mobile}`)) as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    for (let i = 0; i < 35; i++) {
      t.clock.advance(1);
      await t.db.orm.transaction((scope) =>
        t.app.notifications.notify(scope, profileId, {
          message: 'report.sent',
          params: { org: `Org ${i}` },
          sms: false,
        }),
      );
    }
    const first = await list(h);
    expect(first.total).toBe(35);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]!.description).toBe('Your verification report was sent to **Org 34**.');
    const second = await list(h, '?seed=20&count=10');
    expect(second.list.map((x) => x.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Your verification report was sent to **Org ${14 - i}**.`),
    );
    const last = await list(h, '?seed=30&count=10');
    expect(last.list).toHaveLength(5);
    expectCode(await send('GET', n(`${N.list}?count=500`), undefined, h), 100, 400);
    // notify() refuses links that are neither in-app paths nor http(s).
    await expect(
      t.db.orm.transaction((scope) =>
        t.app.notifications.notify(scope, profileId, {
          message: 'report.sent',
          params: { org: 'x' },
          link: 'javascript:alert(1)',
        }),
      ),
    ).rejects.toThrow();
    // Nor a message without its parameters.
    await expect(
      t.db.orm.transaction((scope) =>
        t.app.notifications.notify(scope, profileId, { message: 'payment.success', params: { org: 'x' } }),
      ),
    ).rejects.toThrow();
    expect((await list(h)).total).toBe(35);
  });

  it('the stream refuses a missing, forged or expired token', async () => {
    const h = bearer((await signUp(t)).accessToken);
    expectCode(await t.app.inject({ method: 'GET', url: N.stream }), 100, 400);
    expectCode(await t.app.inject({ method: 'GET', url: `${N.stream}?token=abc` }), 240, 401);
    const { token } = expectCode<{ token: string; expiresIn: number }>(
      await send('POST', n(N.streamToken), undefined, h),
      0,
      200,
    );
    const forged = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}${token.slice(36)}`;
    expectCode(await t.app.inject({ method: 'GET', url: `${N.stream}?token=${forged}` }), 240, 401);
    t.clock.advance(61);
    expectCode(await t.app.inject({ method: 'GET', url: `${N.stream}?token=${token}` }), 240, 401);
    expectCode(await send('POST', n(N.streamToken)), 102, 401);
  });

  it('the same notifications list, and are pushed, in English or Hindi by the request language', async () => {
    const a = await submittedCandidate();
    const hi = { ...a.h, 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
    // The app opens its stream in Hindi: the stream renders in Hindi, and the profile keeps Hindi.
    const stream = await openStream(t, port, hi);
    const live = sseReader(stream.response);
    const reason =
      'Upload <script>alert(1)</script> and [this](javascript:alert(1)) <img src=x onerror=alert(1)>';
    try {
      expectCode(await decide(a.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }), 0, 200);
      expectCode(
        await decide(a.txnId, {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason,
          documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
        }),
        0,
        200,
      );
      await live.until(() => live.events.length >= 2);
    } finally {
      stream.close();
    }
    const pushed = live.events.map((e) => JSON.parse(e.data) as NotificationItem);
    expect(pushed.map((x) => x.title)).toEqual(['सत्यापन जारी है', 'आपकी कार्रवाई ज़रूरी है']);

    const english = await list(a.h);
    const hindi = await list(hi);
    expect(hindi.list.map((x) => x.id)).toEqual(english.list.map((x) => x.id));
    expect(english.list.map((x) => x.title)).toEqual(['Action required', 'Verification in progress']);
    expect(hindi.list.map((x) => x.title)).toEqual(['आपकी कार्रवाई ज़रूरी है', 'सत्यापन जारी है']);
    expect(hindi.list.map((x) => [x.kind, x.link])).toEqual(english.list.map((x) => [x.kind, x.link]));
    expect(hindi.list[1]!.description).toBe(
      'सत्यापन टीम ने **Demo University** के लिए आपके **डिग्री** सत्यापन पर काम शुरू कर दिया है।',
    );
    expect(pushed[0]!.description).toBe(hindi.list[1]!.description);
    // The reason is escaped the same in both languages: its script, link and HTML stay text.
    const escaped =
      'Upload \\<script\\>alert\\(1\\)\\</script\\> and \\[this\\]\\(javascript:alert\\(1\\)\\) \\<img src=x onerror=alert\\(1\\)\\>';
    expect(english.list[0]!.description).toBe(
      `We need more from you for your **Degree** verification for **Demo University**.\n*Reason:* ${escaped}`,
    );
    expect(hindi.list[0]!.description).toBe(
      `**Demo University** के लिए आपके **डिग्री** सत्यापन के लिए हमें आपसे कुछ और चाहिए।\n*कारण:* ${escaped}`,
    );
    // The SMS copies are in the language the candidate uses the app in (Hindi here).
    while (await t.app.notifications.deliverOnce());
    const sent = (await outbox(t, a.mobile)).map((m) => (m as { body?: string }).body);
    expect(sent).toContain(
      'सत्यापन जारी है: सत्यापन टीम ने Demo University के लिए आपके डिग्री सत्यापन पर काम शुरू कर दिया है।',
    );
  });

  it('parameters never become markup, in either language; rows written before list their English', async () => {
    const session = await signUp(t);
    const h = bearer(session.accessToken);
    const hi = { ...h, 'accept-language': 'hi' };
    const profileId = (
      (await t.db.orm.execute(sql`select id from profiles where mobile = ${session.mobile}`)) as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    const org = '<b>Evil</b> **Corp** [click](javascript:alert(1)) <script>alert(1)</script> {amount}';
    t.clock.advance(1);
    await t.db.orm.transaction((scope) =>
      t.app.notifications.notify(scope, profileId, {
        message: 'credential.issued',
        params: { org, verification: 'bgv-degree~2' },
        sms: false,
      }),
    );
    const safeOrg =
      '\\<b\\>Evil\\</b\\> \\*\\*Corp\\*\\* \\[click\\]\\(javascript:alert\\(1\\)\\) \\<script\\>alert\\(1\\)\\</script\\> {amount}';
    expect((await list(h)).list[0]!.description).toBe(
      `Your **Degree 2** credential for **${safeOrg}** is now in your wallet.`,
    );
    expect((await list(hi)).list[0]!.description).toBe(
      `**${safeOrg}** के लिए आपका **डिग्री 2** क्रेडेंशियल अब आपके वॉलेट में है।`,
    );
    // A row of before this change (no message): its stored English, in any language.
    t.clock.advance(1);
    await t.db.orm.execute(
      sql`insert into notifications (profile_id, kind, title, description, created_at)
          values (${profileId}, 'payment', 'Payment successful', 'We received your payment.', ${t.clock.now().toISOString()})`,
    );
    const old = (await list(hi)).list[0]!;
    expect(old).toMatchObject({
      kind: 'payment',
      title: 'Payment successful',
      description: 'We received your payment.',
    });
  });

  it('payment success and refund are notifications too', async () => {
    const h = bearer((await signUp(t)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(V.transactions), { orgId: ORG, eKycFormId: 'demo-paid-form' }, h),
      0,
      200,
    );
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(V.process), { orgId: ORG, txnId }, h), 0, 200);
    const data = {
      institute: 'indian-institute-of-technology-bombay',
      degreeName: 'B.Tech in Computer Science',
      passingYear: '2020',
      instituteId: 'R-2016-0042',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await uploadDocument(t, h)).fileId },
    };
    expectCode(
      await send('POST', v1(V.bgv), { orgId: ORG, txnId, verificationName: 'bgv-degree', data }, h),
      0,
      200,
    );
    expectCode(
      await send(
        'POST',
        v1(V.markAsSkip),
        {
          orgId: ORG,
          txnId,
          verificationNameList: ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'],
        },
        h,
      ),
      0,
      200,
    );
    const s = paymentInitResponseSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: v1(API_PATHS.payments.init),
          body: { orgId: ORG, txnId, region: 'IN', express: false },
          headers: { ...h, 'idempotency-key': `notif-${Date.now()}` },
        }),
        0,
        200,
      ),
    );
    await t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(
        ':sessionId',
        s.redirectInfo.web.split('/').pop()!,
      ),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(await t.app.paymentJobs.deliverSandboxWebhookOnce()).toBe(true);
    let mine = await list(h);
    expect(mine.list[0]).toMatchObject({
      kind: 'payment',
      title: 'Payment successful',
      link: '/transaction-history',
    });
    expect(mine.list[0]!.description).toContain('**₹1768.82**');

    const admin = bearer((await signIn(ADMIN)).accessToken);
    expectCode(
      await send(
        'POST',
        O.refunds(s.orderId),
        { amount: 50_000, reason: 'Duplicate' },
        { ...admin, 'idempotency-key': `r-${Date.now()}` },
      ),
      0,
      200,
    );
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
    t.clock.advance(61);
    await t.app.paymentJobs.reconcileOnce();
    mine = await list(h);
    expect(mine.list.map((x) => x.title)).toContain('Refund processed');
    expect(mine.list.find((x) => x.title === 'Refund processed')!.description).toContain('**₹500.00**');
  });
});

describe('notification texts', () => {
  it('every message has English and Hindi with the same placeholders', () => {
    const keys = Object.keys(NOTIFICATION_MESSAGES) as NotificationMessage[];
    expect(keys.length).toBeGreaterThanOrEqual(15);
    // Every kind the client knows has a message.
    expect(new Set(keys.map((k) => NOTIFICATION_MESSAGES[k].kind))).toEqual(new Set(NOTIFICATION_KINDS));
    for (const key of keys) {
      const { en, hi } = NOTIFICATION_MESSAGES[key];
      for (const part of ['title', 'description'] as const) {
        expect(en[part].trim(), `${key}.${part}`).not.toBe('');
        expect(hi[part], `${key}.${part}`).toMatch(/[\u0900-\u097F]/);
        expect(placeholders(hi[part]).sort(), `${key}.${part}`).toEqual(placeholders(en[part]).sort());
        // The same markup too (bold, italics, line breaks).
        const markup = (text: string) => text.replace(/[^*\n]/g, '');
        expect(markup(hi[part]), `${key}.${part}`).toBe(markup(en[part]));
      }
    }
  });

  it('labels, escapes and plain text', () => {
    // Rows that stored no label: the seeded labels, numbered as the tiles number instances.
    expect(verificationLabel('bgv-degree~2')).toBe('Degree 2');
    expect(verificationLabel('aadhaar')).toBe('Aadhaar');
    expect(verificationLabel('dl')).toBe('Driving licence');
    expect(verificationLabel('bgv-twelfth')).toBe('12th');
    expect(verificationLabel('bgv-twelfth', 'hi')).toBe('12वीं');
    expect(verificationLabel('bgv-unknown~3', 'hi')).toBe('Unknown 3');
    expect(escapeMarkdown('a*b_[c](d)<e>')).toBe('a\\*b\\_\\[c\\]\\(d\\)\\<e\\>');
    expect(plainText('**Hi** *there* [site](https://x.test) a\\*b')).toBe(
      'Hi there site (https://x.test) a*b',
    );
  });
});
