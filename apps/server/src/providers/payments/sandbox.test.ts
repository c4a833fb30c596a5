import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createTestClock } from '../../test/test-app.js';
import { GatewayError, WebhookSignatureError } from './gateway.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  createSandboxGateway,
  sandboxRetryMs,
  signSandboxBody,
} from './sandbox.js';
import { createSandboxRepository } from './sandbox-repository.js';

const SECRET = 'a-sandbox-secret-for-tests';

describe('the sandbox gateway: sessions, signed webhooks delivered until answered, refunds', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.migrate(); // a no-op on both test databases (already migrated), as on a restart
  });
  afterAll(() => database?.dispose());

  function gateway(statuses: number[]) {
    const clock = createTestClock();
    const posted: { body: string; headers: Record<string, string> }[] = [];
    const sandbox = createSandboxGateway({
      repo: createSandboxRepository(database.db.orm),
      secret: SECRET,
      publicUrl: 'https://verify.example.com',
      now: clock.now,
      post: async (body, headers) => {
        posted.push({ body, headers });
        return statuses.shift() ?? 200;
      },
    });
    return { sandbox, clock, posted };
  }
  const input = (orderId: string) => ({
    orderId,
    amount: 176_882,
    currency: 'INR' as const,
    description: 'Demo University: verification fee',
    customer: { id: 'p1', phone: null, email: null, name: null },
    returnUrl: `https://verify.example.com/payment?order_id=${orderId}`,
    cancelUrl: `https://verify.example.com/payment?order_id=${orderId}&cancelled=true`,
  });

  it('redirects back and retries its webhook with backoff until the merchant answers 2xx', async () => {
    const { sandbox, clock, posted } = gateway([500, 503, 200]);
    const session = await sandbox.createCheckout('sandbox', input('order-1'));
    expect(session.redirectUrl).toBe(
      `https://verify.example.com/api/payments/sandbox/checkout/${session.gatewayOrderId}`,
    );
    expect(session.paymentSessionId).toBeNull();
    expect(await sandbox.fetchPayment(session.gatewayOrderId)).toMatchObject({
      status: 'pending',
      paymentId: null,
    });
    expect(await sandbox.complete(session.gatewayOrderId, 'pay')).toEqual({
      redirectUrl: input('order-1').returnUrl,
    });
    // A second click changes nothing and stores no second webhook.
    expect(await sandbox.complete(session.gatewayOrderId, 'fail')).toEqual({
      redirectUrl: input('order-1').returnUrl,
    });
    expect(await sandbox.fetchPayment(session.gatewayOrderId)).toMatchObject({
      status: 'success',
      amount: 176_882,
    });

    expect(await sandbox.deliverOnce()).toBe(true); // 500
    expect(await sandbox.deliverOnce()).toBe(false); // not due for 5 s
    clock.advance(sandboxRetryMs(1) / 1000);
    expect(await sandbox.deliverOnce()).toBe(true); // 503
    clock.advance(sandboxRetryMs(2) / 1000 - 1);
    expect(await sandbox.deliverOnce()).toBe(false);
    clock.advance(1);
    expect(await sandbox.deliverOnce()).toBe(true); // 200
    clock.advance(3600);
    expect(await sandbox.deliverOnce()).toBe(false); // delivered: never again
    expect(posted).toHaveLength(3);
    expect(new Set(posted.map((p) => p.body)).size).toBe(1);
    const { body, headers } = posted[0]!;
    expect(JSON.parse(body)).toMatchObject({
      type: 'payment.succeeded',
      orderId: session.gatewayOrderId,
      amount: 176_882,
      currency: 'INR',
    });
    expect(headers[SANDBOX_SIGNATURE_HEADER]).toBe(signSandboxBody(SECRET, body));
    expect(sandbox.verifyWebhook(Buffer.from(body), headers)).toMatchObject({
      kind: 'payment',
      gatewayOrderId: session.gatewayOrderId,
    });
    expect(() => sandbox.verifyWebhook(Buffer.from(`${body} `), headers)).toThrow(WebhookSignatureError);
    expect(() =>
      sandbox.verifyWebhook(Buffer.from(body), {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('wrong-key-entirely', body),
      }),
    ).toThrow(WebhookSignatureError);
  });

  it('cancels without a webhook; refunds once per merchant refund id and never more than was paid', async () => {
    const { sandbox } = gateway([]);
    const cancelled = await sandbox.createCheckout('sandbox-sdk', input('order-2'));
    expect(cancelled.paymentSessionId).toBe(cancelled.gatewayOrderId);
    expect(await sandbox.complete(cancelled.gatewayOrderId, 'cancel')).toEqual({
      redirectUrl: input('order-2').cancelUrl,
    });
    expect(await sandbox.fetchPayment(cancelled.gatewayOrderId)).toMatchObject({ status: 'cancelled' });
    while (await sandbox.deliverOnce());

    const paid = await sandbox.createCheckout('sandbox', input('order-3'));
    await sandbox.complete(paid.gatewayOrderId, 'pay');
    const { paymentId } = await sandbox.fetchPayment(paid.gatewayOrderId);
    const refund = {
      gatewayOrderId: paid.gatewayOrderId,
      paymentId: paymentId!,
      currency: 'INR' as const,
      reason: 'test',
    };
    const first = await sandbox.refund({ ...refund, amount: 100_000, refundId: 'r-1' });
    const retried = await sandbox.refund({ ...refund, amount: 100_000, refundId: 'r-1' });
    expect(retried.gatewayRefundId).toBe(first.gatewayRefundId);
    await expect(sandbox.refund({ ...refund, amount: 76_883, refundId: 'r-2' })).rejects.toThrow(
      GatewayError,
    );
    await sandbox.refund({ ...refund, amount: 76_882, refundId: 'r-3' });
    const ids = { gatewayOrderId: paid.gatewayOrderId, paymentId: paymentId!, refundId: 'r-1' };
    expect(await sandbox.fetchRefund({ ...ids, gatewayRefundId: first.gatewayRefundId })).toEqual({
      gatewayRefundId: first.gatewayRefundId,
      status: 'processed',
    });
    await expect(
      sandbox.refund({ ...refund, gatewayOrderId: cancelled.gatewayOrderId, amount: 1, refundId: 'r-4' }),
    ).rejects.toThrow(GatewayError);
  });
});
