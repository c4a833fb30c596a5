import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postSignedWebhook, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from './webhook-send.js';

const parcel = { eventId: 'evt_1', body: '{"a":1}', at: new Date('2026-11-29T06:00:00.000Z') };
const target = { url: 'https://partner.example/hook', secret: () => 'whsec_test' };

describe('postSignedWebhook (integration webhooks and report delivery)', () => {
  it('sends the body with its event id and a t=…,v1=HMAC(secret, "t.body") signature', async () => {
    const sent: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    const outcome = await postSignedWebhook(
      (url, body, headers) => {
        sent.push({ url, body, headers });
        return Promise.resolve(204);
      },
      target,
      parcel,
    );
    expect(outcome).toEqual({ statusCode: 204, error: null });
    const t = Math.floor(parcel.at.getTime() / 1000);
    const v1 = createHmac('sha256', 'whsec_test').update(`${t}.${parcel.body}`).digest('hex');
    expect(sent).toEqual([
      {
        url: target.url,
        body: parcel.body,
        headers: { [WEBHOOK_EVENT_HEADER]: 'evt_1', [WEBHOOK_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
      },
    ]);
    expect(WEBHOOK_EVENT_HEADER).toBe('x-veridocs-event-id');
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('x-veridocs-signature');
  });

  it('a status outside 2xx is a failed attempt with that status', async () => {
    expect(await postSignedWebhook(() => Promise.resolve(500), target, parcel)).toEqual({
      statusCode: 500,
      error: 'HTTP 500',
    });
    expect(await postSignedWebhook(() => Promise.resolve(300), target, parcel)).toEqual({
      statusCode: 300,
      error: 'HTTP 300',
    });
  });

  it('never throws: a refused send or an unreadable secret is a failed attempt without a status', async () => {
    const refused = await postSignedWebhook(() => Promise.reject(new Error('x'.repeat(600))), target, parcel);
    expect(refused).toEqual({ statusCode: null, error: 'x'.repeat(500) });
    let called = false;
    const unreadable = await postSignedWebhook(
      () => {
        called = true;
        return Promise.resolve(200);
      },
      {
        url: target.url,
        secret: () => {
          throw new Error('bad decrypt');
        },
      },
      parcel,
    );
    expect(unreadable).toEqual({ statusCode: null, error: 'bad decrypt' });
    expect(called).toBe(false);
  });
});
