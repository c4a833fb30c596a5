import type { WebhookEventType } from '@veridocs/shared';
import type { StateChange } from '../transactions/state-machine.js';

const BY_STATE: Record<string, string> = {
  DATA_SAVED: 'saved',
  READY_TO_SUBMIT: 'saved',
  SUBMITTED: 'submitted',
  IN_PROGRESS: 'in_progress',
  INSUFFICIENT_DATA: 'action_required',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CLOSED: 'closed',
};

/**
 * The event type of one audited change (issue 30 §2; the list is shared's WEBHOOK_EVENT_TYPES): one per
 * kind of change, so a skip or a submission is not a bare "state changed" between two states.
 */
export function eventTypeOf(
  change: Pick<StateChange, 'entity' | 'from' | 'to' | 'action'>,
): WebhookEventType {
  const entity = change.entity;
  if (change.from === null) return `${entity}.created`;
  if (entity === 'verification' && change.action === 'skip') return 'verification.skipped';
  // The request's first saved answer is when the candidate started it.
  if (entity === 'transaction' && change.to === 'DATA_SAVED') return 'transaction.started';
  const what = BY_STATE[change.to];
  // A change the table does not name (none today) still says what it moved to.
  return (what ? `${entity}.${what}` : `${entity}.saved`) as WebhookEventType;
}
