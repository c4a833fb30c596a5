import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../test/fake-gateway.js';
import { createHttpSender } from './http-sender.js';

describe('the HTTP SMS gateway adapter', () => {
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => {
    gateway.state.status = 202;
    gateway.state.delayMs = 0;
    gateway.state.received.length = 0;
  });

  const message = { channel: 'sms' as const, to: '9876543210', body: '123456 is your code', otp: '123456' };

  it('posts the message as JSON with the bearer token', async () => {
    await createHttpSender({ url: gateway.url, token: 's3cret' }).send(message);
    expect(gateway.state.received).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        headers: expect.objectContaining({
          authorization: 'Bearer s3cret',
          'content-type': 'application/json',
        }),
        body: message,
      },
    ]);
  });

  it('sends no authorization header without a token', async () => {
    await createHttpSender({ url: gateway.url }).send({ ...message, channel: 'whatsapp' });
    expect(gateway.state.received[0]?.headers.authorization).toBeUndefined();
    expect(gateway.state.received[0]?.body).toMatchObject({ channel: 'whatsapp' });
  });

  it('rejects when the gateway refuses', async () => {
    gateway.state.status = 500;
    await expect(createHttpSender({ url: gateway.url }).send(message)).rejects.toThrow('HTTP 500');
  });

  it('rejects when the gateway does not answer in time', async () => {
    gateway.state.delayMs = 500;
    await expect(createHttpSender({ url: gateway.url, timeoutMs: 50 }).send(message)).rejects.toThrow();
  });
});
