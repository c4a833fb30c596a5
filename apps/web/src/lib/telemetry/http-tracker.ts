import { API_PATHS } from '@veridocs/shared';
import type { AnalyticsCategory } from '@veridocs/shared';
import type { AnalyticsProps, Tracker } from './tracker';

/** The configured tracker (VITE_ANALYTICS=on), loaded on demand: batches to POST /api/analytics. */
interface QueuedEvent {
  category: AnalyticsCategory;
  action: string;
  at: number;
  path: string;
  props?: AnalyticsProps;
}

const PERSONAL = /(^\+?\d[\d\s-]{7,}$)|@/;

export function clean(props: AnalyticsProps | undefined): AnalyticsProps | undefined {
  if (!props) return undefined;
  const out: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props).slice(0, 20))
    if (!(typeof value === 'string' && PERSONAL.test(value)))
      out[key] = typeof value === 'string' ? value.slice(0, 500) : value;
  return out;
}

export interface HttpTrackerOptions {
  url?: string;
  /** Events per batch, and the longest wait before a batch goes. */
  batchSize?: number;
  flushMs?: number;
  send?: (url: string, body: string) => void;
}

function defaultSend(url: string, body: string): void {
  void fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

function randomSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Batches events to the server's collector. */
export function createHttpTracker(options: HttpTrackerOptions = {}): Tracker {
  const url = options.url ?? API_PATHS.analytics;
  const batchSize = options.batchSize ?? 20;
  const flushMs = options.flushMs ?? 5000;
  const send = options.send ?? defaultSend;
  const sessionId = randomSessionId();
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0) {
      const events = queue.slice(0, 50);
      queue = queue.slice(50);
      send(url, JSON.stringify({ sessionId, events }));
    }
  }
  if (typeof document !== 'undefined')
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });

  return {
    track(category, action, props) {
      const cleaned = clean(props);
      queue.push({
        category,
        action,
        at: Date.now(),
        path: typeof location === 'undefined' ? '' : location.pathname.slice(0, 300),
        ...(cleaned ? { props: cleaned } : {}),
      });
      if (queue.length >= batchSize) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    flush,
  };
}
