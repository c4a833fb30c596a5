import { SKIPPABLE_STATES } from '../constants/states.js';
import {
  MINIMUM_SET_COUNT,
  MINIMUM_SET_VERIFICATIONS,
  SORT_PRIORITY,
} from '../constants/verification-types.js';

/** The parts of a verification entry (spec §3) these rules read. */
export interface VerificationLike {
  name: string;
  state: string;
  markedAsSkip: boolean;
  skipAllowed?: boolean;
  category?: { name: string };
  acceptMultipleSubmissions?: boolean;
}

/** Proceeded: skipped, or no longer NOT_INITIALIZED (spec §4). */
export const isProceeded = (v: VerificationLike) => v.markedAsSkip || v.state !== 'NOT_INITIALIZED';
/** Remaining: NOT_INITIALIZED and not skipped. */
export const isRemaining = (v: VerificationLike) => v.state === 'NOT_INITIALIZED' && !v.markedAsSkip;
/** Done: COMPLETED. */
export const isDone = (v: VerificationLike) => v.state === 'COMPLETED';

/** Verifications only a provider's OTP check completes (issue 11): READY_TO_SUBMIT is not enough for them. */
export const OTP_ONLY_VERIFICATIONS: readonly string[] = ['aadhaar'];

/**
 * Unfinished: not skipped and not yet ready to be submitted. Besides the spec's "remaining"
 * (NOT_INITIALIZED) this is a verification only auto-saved (DATA_SAVED: started, never submitted) and an
 * OTP-only one not completed by its check. The server's submit refuses while any is left (ADR 0007), so
 * Continue must name every one of them, never only the remaining ones (issue 24).
 */
export function isUnfinished(v: VerificationLike): boolean {
  if (v.markedAsSkip) return false;
  if (v.state === 'NOT_INITIALIZED' || v.state === 'DATA_SAVED') return true;
  return v.state === 'READY_TO_SUBMIT' && OTP_ONLY_VERIFICATIONS.includes(verificationTypeOf(v.name));
}

/** The candidate may skip it (its tile's Skip, "Skip pending"): allowed by the form and not submitted yet. */
export const canSkip = (v: VerificationLike) =>
  v.skipAllowed === true && !v.markedAsSkip && (SKIPPABLE_STATES as readonly string[]).includes(v.state);

export function filterVerifications(list: readonly VerificationLike[]): {
  remaining: string[];
  done: string[];
} {
  return {
    remaining: list.filter(isRemaining).map((v) => v.name),
    done: list.filter(isDone).map((v) => v.name),
  };
}

/** A form is expired when its expiry (unix seconds) is not -1 and now has passed it. */
export function isFormExpired(expiry: number, now: Date): boolean {
  return expiry !== -1 && now.getTime() > expiry * 1000;
}

/** Sort priority of a state (spec §4); unknown states last. */
export const sortPriority = (state: string) => SORT_PRIORITY[state] ?? 99;

/** Tiles in display order: insufficient first, then by priority, ties kept in form order. */
export function sortVerifications<T extends VerificationLike>(list: readonly T[]): T[] {
  return list
    .map((v, index) => ({ v, index }))
    .sort((a, b) => sortPriority(a.v.state) - sortPriority(b.v.state) || a.index - b.index)
    .map(({ v }) => v);
}

/**
 * Tile status: SKIPPED when marked skipped, blank when not initialised, otherwise the state. (The spec
 * lists "blank if not initialised" first; a skipped tile still reads SKIPPED, docs/decisions/0006.)
 */
export function tileStatus(v: VerificationLike): string {
  if (v.markedAsSkip) return 'SKIPPED';
  if (v.state === 'NOT_INITIALIZED') return '';
  return v.state;
}

/** Display names: INSUFFICIENT_DATA reads "Action Required", COMPLETED and VERIFIED read "Verified". */
export function displayState(state: string): string {
  if (state === '') return '';
  if (state === 'INSUFFICIENT_DATA') return 'Action Required';
  if (state === 'COMPLETED' || state === 'VERIFIED') return 'Verified';
  return state
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The "Steps Completed" ring (spec §2 "done/total", §4 "Done: COMPLETED"): done counts the verified
 * ones, the tiles that read "Verified", never the merely started or submitted. A skipped verification
 * will never be done, so it leaves the total: all verified then reads 100 % (docs/decisions/0006).
 */
export function stepsCompleted(list: readonly VerificationLike[]): {
  done: number;
  total: number;
  percent: number;
} {
  const requested = list.filter((v) => !v.markedAsSkip);
  const total = requested.length;
  const done = requested.filter(isDone).length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Minimum set: at least one of degree, tenth, twelfth proceeded and not skipped (only when the form asks for any). */
export function minimumSetMet(list: readonly VerificationLike[]): boolean {
  // Any instance of a type counts as that type: "bgv-degree~2" is a degree.
  const inSet = list.filter((v) => MINIMUM_SET_VERIFICATIONS.includes(verificationTypeOf(v.name)));
  if (inSet.length === 0) return true;
  return inSet.filter((v) => isProceeded(v) && !v.markedAsSkip).length >= MINIMUM_SET_COUNT;
}

/**
 * Several submissions of one verification type (issue 12): each instance is its own record. The first
 * instance's key is the type ("bgv-degree"); further ones are "<type>~<n>" ("bgv-degree~2", …).
 */
export const INSTANCE_SEPARATOR = '~';
/** At most this many instances of one type in a transaction (the first included). */
export const MAX_INSTANCES = 10;
/** Types that always accept several submissions, whatever their config says. */
export const ALWAYS_MULTIPLE_TYPES: readonly string[] = ['bgv-degree'];

/** The verification type of a record key: "bgv-degree~2" → "bgv-degree"; a plain type is itself. */
export function verificationTypeOf(key: string): string {
  const at = key.lastIndexOf(INSTANCE_SEPARATOR);
  if (at <= 0) return key;
  return /^[1-9]\d*$/.test(key.slice(at + 1)) ? key.slice(0, at) : key;
}

/** The instance number of a record key: 1 for the type itself, n for "<type>~n". */
export function instanceNumberOf(key: string): number {
  const type = verificationTypeOf(key);
  return type === key ? 1 : Number(key.slice(type.length + 1));
}

/** The key of instance `n` of a type (1 is the type itself). */
export function instanceKey(type: string, n: number): string {
  return n <= 1 ? type : `${type}${INSTANCE_SEPARATOR}${n}`;
}

/** The key of the next instance of `type` among existing record keys (one above the highest). */
export function nextInstanceKey(type: string, existingKeys: readonly string[]): string {
  const numbers = existingKeys.filter((k) => verificationTypeOf(k) === type).map(instanceNumberOf);
  return instanceKey(type, numbers.length === 0 ? 1 : Math.max(...numbers) + 1);
}

/** Whether a type takes several submissions: its config says so, or it is a degree. */
export function acceptsMultiple(type: string, acceptMultipleSubmissions: boolean | undefined): boolean {
  return acceptMultipleSubmissions === true || ALWAYS_MULTIPLE_TYPES.includes(verificationTypeOf(type));
}

/** An instance label: "Degree", "Degree 2", "Degree 3"… */
export function instanceLabel(label: string, key: string): string {
  const n = instanceNumberOf(key);
  return n > 1 ? `${label} ${n}` : label;
}

/** @deprecated Use verificationTypeOf. */
export const baseName = verificationTypeOf;

/**
 * The instances of one type side by side ("Degree", "Degree 2", "Degree 3"), in number order, where the
 * type's first instance in `list` stands (so the type keeps the place its most urgent instance earns).
 */
export function keepInstancesTogether<T extends VerificationLike>(list: readonly T[]): T[] {
  const byType = new Map<string, T[]>();
  for (const v of list) {
    const type = verificationTypeOf(v.name);
    byType.set(type, [...(byType.get(type) ?? []), v]);
  }
  return [...byType.values()].flatMap((items) =>
    [...items].sort((a, b) => instanceNumberOf(a.name) - instanceNumberOf(b.name)),
  );
}

/** Groups tiles by category, in the order categories first appear after sorting; insufficient groups first. */
export function groupByCategory<T extends VerificationLike>(
  list: readonly T[],
): { category: string; items: T[] }[] {
  const sorted = keepInstancesTogether(sortVerifications(list));
  const groups = new Map<string, T[]>();
  for (const v of sorted) {
    const key = v.category?.name ?? 'Other';
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

export type InitButton = 'Start Verification' | 'View Verification' | 'Form Expired' | 'Access not allowed';

/**
 * The init screen's one button (spec §2, §4): another candidate's transaction → "Access not allowed";
 * an expired form whose transaction (if any) was never started → "Form Expired" (disabled); a started
 * transaction → "View Verification"; otherwise "Start Verification".
 */
export function initButton(input: {
  accessDenied: boolean;
  formExpired: boolean;
  transactionState: string | null;
}): InitButton {
  if (input.accessDenied) return 'Access not allowed';
  const started = input.transactionState !== null && input.transactionState !== 'NOT_INITIALIZED';
  if (started) return 'View Verification';
  if (input.formExpired) return 'Form Expired';
  return 'Start Verification';
}

/** What Start does after the questionnaire (spec §4 "Start"). */
export function startAction(input: {
  questionnaireRequired: boolean;
  questionnaireAnswered: boolean;
  profileHasName: boolean;
  state: string;
  basicDetailsRequired: boolean;
}): 'questionnaire' | 'process' | 'mark-start-clicked' {
  if (input.questionnaireRequired && !input.questionnaireAnswered) return 'questionnaire';
  if (input.profileHasName && input.state === 'NOT_INITIALIZED' && !input.basicDetailsRequired)
    return 'process';
  return 'mark-start-clicked';
}

export type ContinueAction =
  | { kind: 'profile-mode' }
  | { kind: 'basic-details' }
  | { kind: 'evaluation-partner' }
  | { kind: 'pending-minimum-set' }
  | { kind: 'blocked'; names: string[] }
  | { kind: 'skip-pending'; names: string[] }
  | { kind: 'payment' }
  | { kind: 'submit' }
  | { kind: 'submitted' }
  | { kind: 'process-and-reload' };

/**
 * The candidate may still change the transaction: it has not been submitted (ADR 0007 takes candidate
 * input only while NOT_INITIALIZED or DATA_SAVED). Later states take no second submit.
 */
export const isTransactionOpen = (state: string) => state === 'NOT_INITIALIZED' || state === 'DATA_SAVED';

/**
 * Continue on the form home (spec §4 "Continue (unpaid)" and "Continue (paid)"). A transaction already
 * submitted (or further along) goes to /submitted, the spec's last step, without a second submit.
 */
export function continueAction(input: {
  profileHasName: boolean;
  state: string;
  basicDetailsRequired: boolean;
  paid: boolean;
  paymentRequired: boolean;
  /** The form asks for the evaluation partner's reference (step 3) and it is not validated yet. */
  evaluationPending?: boolean;
  verifications: readonly VerificationLike[];
}): ContinueAction {
  const { verifications } = input;
  // What the server's submit refuses for (ADR 0007), not only the spec's remaining: an auto-saved
  // verification left here would make every Continue fail (issue 24).
  const unfinished = verifications.filter(isUnfinished);
  if (input.paid) {
    if (verifications.every(isDone) || input.state === 'COMPLETED') return { kind: 'submitted' };
    if (input.state === 'NOT_INITIALIZED') return { kind: 'process-and-reload' };
    if (unfinished.length === 0 || !isTransactionOpen(input.state)) return { kind: 'submitted' };
  } else {
    if (!input.profileHasName) return { kind: 'profile-mode' };
    if (input.state === 'NOT_INITIALIZED' && input.basicDetailsRequired) return { kind: 'basic-details' };
    if (input.evaluationPending && isTransactionOpen(input.state)) return { kind: 'evaluation-partner' };
    if (!minimumSetMet(verifications)) return { kind: 'pending-minimum-set' };
  }
  const blocked = unfinished.filter((v) => !canSkip(v)).map((v) => v.name);
  if (blocked.length > 0) return { kind: 'blocked', names: blocked };
  const skippable = unfinished.filter(canSkip).map((v) => v.name);
  if (skippable.length > 0) return { kind: 'skip-pending', names: skippable };
  if (input.paid || !isTransactionOpen(input.state)) return { kind: 'submitted' };
  return input.paymentRequired ? { kind: 'payment' } : { kind: 'submit' };
}

/** Where a tile goes (spec §4 "Tile click"). */
export function tileRoute(
  v: VerificationLike,
): '/verification-info' | '/verification/insufficiency' | '/verification' {
  const degreeType = v.name.startsWith('bgv-');
  const settled = v.state === 'COMPLETED' || v.state === 'FAILED' || v.state === 'INSUFFICIENT_DATA';
  if (degreeType && settled && !v.acceptMultipleSubmissions) return '/verification-info';
  if (v.state === 'INSUFFICIENT_DATA') return '/verification/insufficiency';
  return '/verification';
}

export type Banner =
  | { kind: 'verified' }
  | { kind: 'in-progress'; maxDate: string; delayed: boolean }
  | { kind: 'closed'; updatedAt: string }
  | null;

/**
 * Status banner of the form home (spec §4 "Banners"). SUBMITTED, the state ADR 0007 puts before
 * IN_PROGRESS and the one that sets the expected date, reads as in progress too.
 */
export function statusBanner(
  info: {
    state: string;
    filtered: { remaining: readonly string[] };
    expectedCompletionDate: { maxDate: string } | null;
    updatedAt: string | null;
  },
  now: Date,
): Banner {
  if (info.state === 'COMPLETED' && info.filtered.remaining.length === 0) return { kind: 'verified' };
  const inProgress = ['SUBMITTED', 'IN_PROGRESS', 'DATA_SAVED'].includes(info.state);
  if (inProgress && info.expectedCompletionDate) {
    const maxDate = info.expectedCompletionDate.maxDate;
    return { kind: 'in-progress', maxDate, delayed: now.getTime() > new Date(maxDate).getTime() };
  }
  if (info.state === 'CLOSED' && info.updatedAt) return { kind: 'closed', updatedAt: info.updatedAt };
  return null;
}

/** Field names become title-case labels by splitting camel case and separators (spec §5). */
export function fieldLabel(fieldName: string): string {
  return fieldName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
