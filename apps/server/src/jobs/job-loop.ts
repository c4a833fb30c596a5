import type { FastifyBaseLogger } from 'fastify';

export interface JobLoop {
  start(): void;
  /** Stops and waits for the pass in hand. */
  stop(): Promise<void>;
  /** Wakes the loop now. */
  kick(): void;
}

/**
 * The polling loop of every background job: `runOnce` claims its rows with SKIP LOCKED, so several
 * instances can run it. Runs again at once while it finds work, else sleeps `pollMs`. Used by the OCR
 * worker (ADR 0009), payments (ADR 0023: reconciliation, the sandbox's webhook deliveries) and the
 * integration API's webhook deliveries (ADR 0025).
 */
export function createJobLoop(deps: {
  name: string;
  runOnce: () => Promise<boolean>;
  pollMs: number;
  log: FastifyBaseLogger;
  /** What the log says when a pass fails. */
  failure?: string;
}): JobLoop {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, deps.pollMs);
    }).finally(() => {
      clearTimeout(timer);
      wake = undefined;
    });
  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let worked = false;
          try {
            worked = await deps.runOnce();
          } catch (error) {
            if (running) deps.log.warn({ err: error, job: deps.name }, deps.failure ?? 'job pass failed');
          }
          if (!worked && running) await sleep();
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    kick: () => wake?.(),
  };
}
