import type { StateChange } from '../transactions/state-machine.js';

/**
 * What an organisation's webhook says happened (issue 30 §2; README "Integrate"): one event type per
 * kind of change, so a skip or a submission is not a bare "state changed" between two states.
 */
export const WEBHOOK_EVENT_TYPES = [
  'transaction.created',
  'transaction.started',
  'transaction.submitted',
  'transaction.in_progress',
  'transaction.action_required',
  'transaction.completed',
  'transaction.failed',
  'transaction.closed',
  'verification.created',
  'verification.saved',
  'verification.skipped',
  'verification.submitted',
  'verification.in_progress',
  'verification.action_required',
  'verification.completed',
  'verification.failed',
  'verification.closed',
  'report.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

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

/** The event type of one audited change. */
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
