import {
  API_PATHS,
  INTEGRATION_API_PATHS as I,
  ORG_API_PATHS,
  SERVICE_BASES,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { Webhook } from 'standardwebhooks';
import { webhookReceiver, type ReceivedWebhook as Got } from '../../test/webhook-receiver.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidateWithRequest, type CandidateRequest } from '../../test/candidate.js';
import { orgSession } from '../../test/org-session.js';
import { createTestApp, expectCode, staffSignIn, type TestApp } from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { WEBHOOK_BACKOFF_MS, WEBHOOK_ROTATION_OVERLAP_MS } from './integration-service.js';
import { eventTypeOf } from './webhook-events.js';

const ORG = 'demo-university';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;

interface Event {
  id: string;
  type: string;
  sequence: number;
  data: { transactionId: string; verificationName: string | null; from: string | null; to: string };
}

describe('webhooks by the Standard Webhooks specification, in order (issue 30 §2)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    admin = await staffSignIn(t, ADMIN);
  });
  afterAll(() => t?.close());

  /** What the unmodified library says of a delivery, at the app's time (its tolerance is 5 minutes). */
  function verifies(secret: string, got: Got): boolean {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t.clock.now());
    try {
      new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    } finally {
      vi.useRealTimers();
    }
  }
  async function drain() {
    for (let i = 0; i < 20 && (await t.app.integrationJobs.deliverOnce()); i++);
  }
  const skip = async (c: CandidateRequest, name: string) =>
    expectCode(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.markAsSkip}`,
        headers: c.h,
        body: { ...c.at, verificationNameList: [name] },
      }),
      0,
      200,
    );

  it('signs every delivery so the library verifies it, numbers and names each event, keeps order', async () => {
    // The receiver refuses its first request: the first event waits for its retry, and nothing of the
    // same transaction passes it.
    const hook = await webhookReceiver((n) => (n === 0 ? 503 : 204));
    try {
      const endpoint = expectCode<WebhookEndpointCreated>(
        await t.request({ method: 'POST', url: I.webhooks(ORG), headers: admin, body: { url: hook.url } }),
        0,
        200,
      );
      // The libraries' secret: `whsec_` and the base64 of 32 bytes.
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

      const c = await candidateWithRequest(t, { answers: true });
      await skip(c, 'bgv-tenth');
      expectCode(
        await t.request({
          method: 'POST',
          url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.process}`,
          headers: c.h,
          body: c.at,
        }),
        0,
        200,
      );
      await drain();
      // The first attempt failed; the rest wait behind it.
      expect(hook.got).toHaveLength(1);
      expect(hook.got[0]!.status).toBe(503);
      t.clock.advance(WEBHOOK_BACKOFF_MS[0] / 1000);
      await drain();

      for (const got of hook.got) {
        expect(verifies(endpoint.secret, got)).toBe(true);
        expect(got.headers['webhook-id']).toBe((JSON.parse(got.body) as Event).id);
        expect(String(got.headers['user-agent'])).toMatch(/^Veridocs-Webhooks\/\d+\.\d+\.\d+ /);
      }
      expect(verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hook.got[1]!)).toBe(false);
      const events = hook.got.slice(1).map((g) => JSON.parse(g.body) as Event);
      // Each event once, in the order it happened: 1, 2, 3, … (the retried first one first).
      expect(hook.got[1]!.body).toBe(hook.got[0]!.body);
      expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
      expect(events.every((e) => e.data.transactionId === c.txnId)).toBe(true);
      const types = events.map((e) => e.type);
      expect(types[0]).toBe('transaction.created');
      expect(types).toContain('verification.skipped');
      expect(types.indexOf('verification.skipped')).toBeLessThan(types.indexOf('transaction.started'));
      expect(events.find((e) => e.type === 'verification.skipped')!.data.verificationName).toBe('bgv-tenth');
      expect(types.some((type) => type.endsWith('state_changed'))).toBe(false);
    } finally {
      await hook.close();
    }
  });

  it('after a rotation both secrets verify for a day, then only the new one', async () => {
    const hook = await webhookReceiver(() => 204);
    try {
      const endpoint = expectCode<WebhookEndpointCreated>(
        await t.request({ method: 'POST', url: I.webhooks(ORG), headers: admin, body: { url: hook.url } }),
        0,
        200,
      );
      const c = await candidateWithRequest(t, { answers: true });
      await drain();
      const rotated = expectCode<WebhookEndpointCreated>(
        await t.request({
          method: 'POST',
          url: ORG_API_PATHS.rotateWebhookSecret(endpoint.id),
          headers: (await orgSession(t, { orgId: ORG, role: 'owner' })).headers,
        }),
        0,
        200,
      );
      expect(rotated.secret).not.toBe(endpoint.secret);
      // Rotated again at once (a double click): the first secret still signs, as does the second.
      const again = expectCode<WebhookEndpointCreated>(
        await t.request({
          method: 'POST',
          url: ORG_API_PATHS.rotateWebhookSecret(endpoint.id),
          headers: (await orgSession(t, { orgId: ORG, role: 'owner' })).headers,
        }),
        0,
        200,
      );
      hook.got.length = 0;
      await skip(c, 'bgv-tenth');
      await drain();
      const during = hook.got.find((g) => g.body.includes('verification.skipped'))!;
      for (const secret of [again.secret, rotated.secret, endpoint.secret])
        expect(verifies(secret, during)).toBe(true);
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(3);

      t.clock.advance(WEBHOOK_ROTATION_OVERLAP_MS / 1000 + 1);
      hook.got.length = 0;
      // A new candidate's request (the first one's session ended with the day).
      const next = await candidateWithRequest(t);
      await drain();
      const after = hook.got.find((g) => g.body.includes(next.txnId))!;
      expect(verifies(again.secret, after)).toBe(true);
      expect(verifies(rotated.secret, after)).toBe(false);
      expect(verifies(endpoint.secret, after)).toBe(false);
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('names each kind of change', () => {
    const change = (entity: 'transaction' | 'verification', from: string | null, to: string, action = 'x') =>
      eventTypeOf({ entity, from: from as never, to: to as never, action });
    expect(change('verification', 'NOT_INITIALIZED', 'NOT_INITIALIZED', 'skip')).toBe('verification.skipped');
    expect(change('verification', 'READY_TO_SUBMIT', 'SUBMITTED')).toBe('verification.submitted');
    expect(change('verification', 'IN_PROGRESS', 'INSUFFICIENT_DATA')).toBe('verification.action_required');
    expect(change('verification', 'IN_PROGRESS', 'COMPLETED')).toBe('verification.completed');
    expect(change('verification', null, 'NOT_INITIALIZED')).toBe('verification.created');
    expect(change('transaction', 'NOT_INITIALIZED', 'DATA_SAVED')).toBe('transaction.started');
    expect(change('transaction', 'DATA_SAVED', 'SUBMITTED')).toBe('transaction.submitted');
    expect(change('transaction', 'IN_PROGRESS', 'COMPLETED')).toBe('transaction.completed');
    expect(change('transaction', 'IN_PROGRESS', 'INSUFFICIENT_DATA')).toBe('transaction.action_required');
  });
});
