import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvelopeReporter, envelopeUrl } from './envelope-reporter';
import { noopReporter, reportError, setErrorReporter } from './error-reporter';
import { createHttpTracker } from './http-tracker';
import { ANALYTICS_CATEGORIES, ANALYTICS_EVENT_NAMES } from '@veridocs/shared';
import { recordAnalytics } from '../../test/analytics-sink';
import { flushAnalytics, noopTracker, setTracker, track } from './tracker';

afterEach(() => {
  setTracker(noopTracker);
  setErrorReporter(noopReporter);
});

describe('the tracker', () => {
  it('sends nothing by default', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    track('auth', 'logged_out');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('batches events to the collector when configured, without personal data', () => {
    const sent: { url: string; body: string }[] = [];
    const tracker = createHttpTracker({ batchSize: 2, send: (url, body) => sent.push({ url, body }) });
    setTracker(tracker);
    // The sink's own guard, below the typed events (which have no such properties at all).
    tracker.track('chat', 'opened', { mobile: '9876543210', screen: 'form' });
    expect(sent).toHaveLength(0);
    tracker.track('payment', 'init', { email: 'a@b.example', express: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/analytics');
    const batch = JSON.parse(sent[0]!.body) as {
      sessionId: string;
      events: { category: string; action: string; props?: Record<string, unknown> }[];
    };
    expect(batch.sessionId).toMatch(/^[0-9a-f]{24}$/);
    expect(batch.events.map((e) => `${e.category}.${e.action}`)).toEqual(['chat.opened', 'payment.init']);
    expect(batch.events[0]!.props).toEqual({ screen: 'form' });
    expect(batch.events[1]!.props).toEqual({ express: true });
  });
});

describe('the typed events', () => {
  it('go to the chosen sink as category, action and properties', () => {
    const sink = recordAnalytics();
    track('auth', 'otp_requested', { channel: 'whatsapp', resend: true });
    track('misc', 'watch_demo_opened');
    expect(sink.events).toEqual([
      { name: 'auth.otp_requested', props: { channel: 'whatsapp', resend: true } },
      { name: 'misc.watch_demo_opened', props: {} },
    ]);
    // One name per event of every spec §7 category.
    expect(new Set(ANALYTICS_EVENT_NAMES.map((name) => name.split('.')[0]))).toEqual(
      new Set(ANALYTICS_CATEGORIES),
    );
  });

  it('flush through the one interface', () => {
    const sent: string[] = [];
    setTracker(createHttpTracker({ batchSize: 50, send: (_url, body) => sent.push(body) }));
    track('payment', 'started', { region: 'IN', express: false, provider: 'sandbox' });
    expect(sent).toHaveLength(0);
    flushAnalytics();
    expect(sent).toHaveLength(1);
  });
});

describe('the error reporter', () => {
  it('is a no-op by default and sends a Sentry envelope when configured', () => {
    reportError(new Error('nobody hears this'));
    expect(envelopeUrl('https://pubkey@errors.example.com/42')).toBe(
      'https://errors.example.com/api/42/envelope/?sentry_key=pubkey&sentry_version=7',
    );
    expect(envelopeUrl('not a dsn')).toBeNull();
    const sent: { url: string; body: string }[] = [];
    setErrorReporter(
      createEnvelopeReporter('https://pubkey@errors.example.com/42', {
        release: 'test',
        environment: 'test',
        send: (url, body) => sent.push({ url, body }),
      }),
    );
    reportError(new TypeError('boom'), { source: 'window' });
    reportError(new TypeError('boom'), { source: 'window' });
    expect(sent).toHaveLength(1);
    const [header, item, event] = sent[0]!.body
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header!.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(item!.type).toBe('event');
    expect(event).toMatchObject({
      level: 'error',
      release: 'test',
      tags: { source: 'window' },
      exception: { values: [{ type: 'TypeError', value: 'boom' }] },
    });
  });
});
