import type { FastifyBaseLogger } from 'fastify';

export interface JobLoop {
  start(): void;
  /** Stops and waits for the pass in hand. */
  stop(): Promise<void>;
  /** Wakes the loop now. */
  kick(): void;
}

/**
 * A polling loop like the OCR worker's (jobs/ocr-worker.ts): `runOnce` claims its rows with SKIP LOCKED,
 * so several instances can run it. Runs again at once while it finds work, else sleeps `pollMs`.
 * Used by payments (ADR 0023): the reconciliation of open orders and refunds, and the sandbox gateway's
 * webhook deliveries.
 */
export function createJobLoop(deps: {
  name: string;
  runOnce: () => Promise<boolean>;
  pollMs: number;
  log: FastifyBaseLogger;
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
            if (running) deps.log.warn({ err: error, job: deps.name }, 'job pass failed');
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
