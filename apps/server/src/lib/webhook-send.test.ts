import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  postSignedWebhook,
  signedWebhookHeaders,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './webhook-send.js';

const parcel = { eventId: 'evt_1', body: '{"a":1}', at: new Date('2026-11-29T06:00:00.000Z') };
const target = { url: 'https://partner.example/hook', secrets: () => ['whsec_test'] };

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
        headers: expect.objectContaining({
          [WEBHOOK_EVENT_HEADER]: 'evt_1',
          [WEBHOOK_SIGNATURE_HEADER]: `t=${t},v1=${v1}`,
          'webhook-id': 'evt_1',
          'webhook-timestamp': String(t),
        }) as Record<string, string>,
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
        secrets: () => {
          throw new Error('bad decrypt');
        },
      },
      parcel,
    );
    expect(unreadable).toEqual({ statusCode: null, error: 'bad decrypt' });
    expect(called).toBe(false);
  });

  it('signs by Standard Webhooks: the unmodified library verifies it, with each valid secret', () => {
    const current = `whsec_${randomBytes(32).toString('base64')}`;
    const previous = `whsec_${randomBytes(24).toString('base64')}`;
    const now = { ...parcel, at: new Date() };
    const headers = signedWebhookHeaders([current, previous], now);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    // A receiver on either secret accepts it: the overlap of a rotation.
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(now.body, headers)).toEqual({ a: 1 });
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => new Webhook(other).verify(now.body, headers)).toThrow(/No matching signature/);
    // A changed body or id fails.
    expect(() => new Webhook(current).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(current).verify(now.body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
    // A partner's configured secret in another form is used as raw characters.
    const raw = signedWebhookHeaders(['veridocs-partner-development-secret'], now);
    expect(
      new Webhook('veridocs-partner-development-secret', { format: 'raw' }).verify(now.body, raw),
    ).toEqual({ a: 1 });
  });
});
