import type { StateChangeHook } from '../modules/transactions/transactions-repository.js';

/**
 * What services call across the composition's cycles, made before any service (issue 25 §2): the
 * transactions module's state-change hooks, the signals that wake a background job, and the ports of a
 * service made after its caller. Each is bound once; a missing or second binding fails at start.
 */

/**
 * The modules that react to a transaction's state changes, in the order they run, each inside the
 * database transaction of the change, so its effect exists iff the change committed (ADR 0025).
 */
export const STATE_CHANGE_HOOKS = [
  // The organisations' webhooks.
  'integration',
  // The wallet: a COMPLETED verification's credential (ADR 0031).
  'credentials',
  // The verification report, once every verification is decided (ADR 0028).
  'reports',
  // The candidate's notifications (ADR 0030).
  'notifications',
] as const;
export type StateChangeHookName = (typeof STATE_CHANGE_HOOKS)[number];

export interface StateChangeHooks {
  bind(name: StateChangeHookName, hook: StateChangeHook): void;
  /** Runs every hook in STATE_CHANGE_HOOKS order (the transactions repository's hook). */
  run: StateChangeHook;
  /** Throws unless every hook is bound (called once the services are composed). */
  assertComplete(): void;
}

export function createStateChangeHooks(): StateChangeHooks {
  const hooks = new Map<StateChangeHookName, StateChangeHook>();
  const missing = () => STATE_CHANGE_HOOKS.filter((name) => !hooks.has(name));
  return {
    bind(name, hook) {
      if (hooks.has(name)) throw new Error(`The ${name} state-change hook is bound twice`);
      hooks.set(name, hook);
    },
    async run(scope, changes, at) {
      for (const name of STATE_CHANGE_HOOKS) {
        const hook = hooks.get(name);
        if (!hook) throw new Error(`The ${name} state-change hook is not bound`);
        await hook(scope, changes, at);
      }
    },
    assertComplete() {
      const unbound = missing();
      if (unbound.length > 0) throw new Error(`State-change hooks not bound: ${unbound.join(', ')}`);
    },
  };
}

/** Work queued for a background job; the job's loop (when it runs) is woken at once. */
export const JOB_SIGNALS = [
  'file-queued',
  'notification-queued',
  'sandbox-webhook-queued',
  /** An institution's e-mail (a request, issue 27) is due now. */
  'institution-mail-queued',
  /** An organisation's bulk invitation file is to be sent (issue 28). */
  'invite-batch-queued',
  /** A breach's notices to the people affected are queued (issue 29). */
  'breach-notices-queued',
  'erasure-queued',
] as const;
export type JobSignal = (typeof JOB_SIGNALS)[number];

export interface JobSignals {
  /** Wakes the signal's job; nothing happens while no job listens (its loop is off). */
  emit(signal: JobSignal): void;
  /** The job that wakes on this signal; one per signal. */
  on(signal: JobSignal, wake: () => void): void;
}

export function createJobSignals(): JobSignals {
  const listeners = new Map<JobSignal, () => void>();
  return {
    emit(signal) {
      listeners.get(signal)?.();
    },
    on(signal, wake) {
      if (listeners.has(signal)) throw new Error(`The ${signal} signal has a job already`);
      listeners.set(signal, wake);
    },
  };
}

/** A service's interface needed by one made before it: bound once, checked when used. */
export interface Port<T> {
  bind(impl: T): void;
  get(): T;
}

export function createPort<T>(name: string): Port<T> {
  let bound: T | undefined;
  return {
    bind(impl) {
      if (bound !== undefined) throw new Error(`The ${name} port is bound twice`);
      bound = impl;
    },
    get() {
      if (bound === undefined) throw new Error(`The ${name} port is used before it is bound`);
      return bound;
    },
  };
}
