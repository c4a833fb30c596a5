import { API_PATHS } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../test/fake-gateway.js';
import { createTestApp, expectCode, uniqueMobile, wallet, type TestApp } from '../test/test-app.js';
import { clientSpan, runInTrace, tracedFetch, useOutgoingTracing } from './outgoing-trace.js';
import { PRODUCT_VERSION } from './product.js';
import { createOtelTracing, parseTraceparent, plainTracing } from './tracing.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  name: string;
}

describe('outgoing calls carry the trace (issue 30 §2)', () => {
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(() => gateway.close());

  it("a request's SMS goes out with its trace id, its own span id and the product's User-Agent", async () => {
    const t: TestApp = await createTestApp({ env: { SMS_GATEWAY_URL: gateway.url } });
    try {
      gateway.state.received.length = 0;
      const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const res = await t.request({
        method: 'POST',
        url: wallet(API_PATHS.profile.login),
        body: { mobile: uniqueMobile() },
        headers: { traceparent: incoming },
      });
      expectCode(res, 0, 200);
      const answered = parseTraceparent(String(res.headers.traceparent))!;
      const [sms] = gateway.state.received;
      const sent = parseTraceparent(sms!.headers.traceparent)!;
      expect(sent.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      // A span of its own, not the request's: a client span under it.
      expect(sent.parentSpanId).not.toBe(answered.parentSpanId);
      expect(sent.parentSpanId).not.toBe('00f067aa0ba902b7');
      expect(sms!.headers['user-agent']).toBe(`Veridocs-Sms/${PRODUCT_VERSION} (+https://veridocs.in)`);
    } finally {
      await t.close();
    }
  });

  it('with OpenTelemetry, the call is an exported CLIENT span whose parent is the request span', async () => {
    const exported: OtlpSpan[] = [];
    const collector = await startFakeGateway();
    const tracing = await createOtelTracing({
      endpoint: collector.url.replace('/v1/messages', ''),
      serviceName: 'test',
    });
    useOutgoingTracing(tracing);
    try {
      const request = tracing.start('GET', undefined);
      gateway.state.received.length = 0;
      await runInTrace(request, () => tracedFetch('Test')(gateway.url, { method: 'POST', body: '{}' }));
      request.end({ method: 'GET', statusCode: 200 });
      // A job's call (no request): the root of its own trace.
      const job = clientSpan('job call');
      job.end({ statusCode: 204 });
      await tracing.shutdown();
      for (const hit of collector.state.received) {
        const body = hit.body as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) exported.push(...s.spans);
      }
      const sent = parseTraceparent(gateway.state.received[0]!.headers.traceparent)!;
      const client = exported.find((s) => s.spanId === sent.parentSpanId)!;
      expect(client).toMatchObject({ kind: 3, traceId: request.traceId, parentSpanId: request.spanId });
      expect(client.name).toBe(`POST ${new URL(gateway.url).host}`);
      expect(exported.find((s) => s.spanId === request.spanId)).toMatchObject({ kind: 2 });
      const root = exported.find((s) => s.name === 'job call')!;
      expect(root.kind).toBe(3);
      expect(root.traceId).not.toBe(request.traceId);
      expect(root.parentSpanId ?? '').toBe('');
    } finally {
      useOutgoingTracing(plainTracing);
      await collector.close();
    }
  });
});
