/** Transaction and verification states (spec §4). */
export const STATES = [
  'NOT_INITIALIZED',
  'DATA_SAVED',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'INSUFFICIENT_DATA',
  'CLOSED',
  'SKIPPED',
  'SUBMITTED',
  'VERIFIED',
  'SUCCESS',
  'PENDING',
  'REFUNDED',
  'READY_TO_SUBMIT',
] as const;
export type State = (typeof STATES)[number];

/** A transaction in one of these states shows the Contact Us block (spec §2). */
export const CONTACT_US_STATES: readonly State[] = [
  'IN_PROGRESS',
  'FAILED',
  'COMPLETED',
  'INSUFFICIENT_DATA',
  'CLOSED',
];

/** States in which the candidate may still edit a verification's input (server and client agree). */
export const EDITABLE_STATES: readonly State[] = ['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT'];

/** States a verification may be skipped in (only with skipAllowed; ADR 0006): not yet submitted by itself. */
export const SKIPPABLE_STATES: readonly State[] = ['NOT_INITIALIZED', 'DATA_SAVED'];
