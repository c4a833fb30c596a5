import type { AnalyticsEventName } from '@veridocs/shared';
import { noopTracker, setTracker, type AnalyticsProps } from '../lib/telemetry/tracker';
import { onTestEnd } from './registry';

export interface RecordedEvent {
  name: AnalyticsEventName;
  props: AnalyticsProps;
}

/**
 * A test sink in place of the configured tracker: records every event sent through `track` (and the
 * sign-in page's lazy path), until the test ends.
 */
export function recordAnalytics() {
  const events: RecordedEvent[] = [];
  let flushes = 0;
  setTracker({
    track: (category, action, props) =>
      events.push({ name: `${category}.${action}` as AnalyticsEventName, props: props ?? {} }),
    flush: () => {
      flushes += 1;
    },
  });
  onTestEnd(() => setTracker(noopTracker));
  return {
    events,
    names: () => events.map((e) => e.name),
    /** How often the app asked the sink to send what it holds. */
    flushes: () => flushes,
    /** The events of one name. */
    of: (name: AnalyticsEventName) => events.filter((e) => e.name === name),
    /** Every property value of every event, as text (to show no personal data went out). */
    values: () => events.flatMap((e) => Object.values(e.props).map(String)),
  };
}
