import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * A small pool of child processes for the document checks (ADR 0010 "Where the checks run"). Processes,
 * not worker threads: a thread's memory is the API process's RSS, and sharp, pdf.js and tesseract keep most
 * of theirs outside the V8 heap, where `resourceLimits` does not reach. Each child has a heap cap
 * (--max-old-space-size), an RSS watchdog (/proc/<pid>/status) and a per-task time limit; a child that
 * passes a limit is killed and replaced, and its task ends with a CheckLimitError.
 */

export type CheckLimit = 'memory' | 'time' | 'crash' | 'busy';

export class CheckLimitError extends Error {
  override name = 'CheckLimitError';
  constructor(
    readonly limit: CheckLimit,
    message: string,
  ) {
    super(message);
  }
}

export interface CheckPoolOptions {
  /** The child's entry module (a .ts file runs through tsx: tests and `npm run dev`). */
  entry: string | URL;
  /** Children at most: the bound on concurrent checks. */
  size: number;
  /** RSS cap of one child in MB (its heap cap is derived from it). */
  memoryMb: number;
  /** Default time limit of one task. */
  timeoutMs: number;
  /** Lanes whose tasks may occupy at most this many children at once (so OCR never starves uploads). */
  laneLimits?: Record<string, number>;
  /** Tasks waiting at most; beyond it a task is refused at once ('busy') instead of waiting without end. */
  maxQueue?: number;
  /** How often the watchdog reads each child's RSS. */
  watchMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface RunOptions {
  timeoutMs?: number;
  /** Tasks of lane 'upload' go before any other (a candidate waits for them). */
  lane?: string;
}

export interface CheckPool {
  run<T>(op: string, input: unknown, options?: RunOptions): Promise<T>;
  /** Kills every child and refuses queued tasks; the pool starts again on the next run. */
  close(): Promise<void>;
  /** Live child pids (tests and the bench). */
  pids(): number[];
}

interface Task {
  id: number;
  op: string;
  input: unknown;
  lane: string;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Child {
  proc: ChildProcess;
  ready: boolean;
  /** Killed: its exit event may still be on its way, so it takes no task. */
  dead: boolean;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
  exited: Promise<void>;
}

type Reply =
  | { type: 'ready' }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string };

/** Niceness of the check processes (0 is the API's; 19 the lowest). */
const CHECK_NICENESS = 10;

function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** How the child runs its entry: compiled JavaScript as is, TypeScript through tsx's loader. */
function execArgvFor(entry: string, memoryMb: number): string[] {
  // The heap is part of the RSS; leave room for native memory (sharp, pdf.js buffers, tesseract's wasm).
  const heapMb = Math.max(64, Math.floor(memoryMb * 0.6));
  const args = [`--max-old-space-size=${heapMb}`];
  if (entry.endsWith('.ts')) args.unshift('--import', pathToFileURL(require.resolve('tsx')).href);
  return args;
}

export function createCheckPool(options: CheckPoolOptions): CheckPool {
  const entry = typeof options.entry === 'string' ? options.entry : fileURLToPath(options.entry);
  const execArgv = execArgvFor(entry, options.memoryMb);
  const children = new Set<Child>();
  const queue: Task[] = [];
  let nextId = 1;
  let watchdog: NodeJS.Timeout | undefined;
  /** Children that died before saying ready, in a row: a broken entry must not respawn forever. */
  let failedStarts = 0;
  let broken = false;
  /** Used since created or closed: keep `size` processes. */
  let started = false;

  function spawnChild(): Child {
    const proc = fork(entry, [], {
      execArgv,
      // The checks open hostile files: the process gets none of the server's secrets (JWT_SECRET, DATABASE_URL…).
      env: {},
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let exited = () => undefined as void;
    const child: Child = {
      proc,
      ready: false,
      dead: false,
      task: undefined,
      timer: undefined,
      exited: new Promise<void>((resolve) => (exited = resolve)),
    };
    children.add(child);
    // Checks are batch work: on a busy machine the API's own requests (health, reads) go first.
    if (proc.pid) {
      try {
        setPriority(proc.pid, CHECK_NICENESS);
      } catch {
        // not allowed here: the checks run at the API's priority
      }
    }
    proc.on('message', (message: Reply) => onReply(child, message));
    const gone = (code: number | null, signal: NodeJS.Signals | null) => {
      if (!children.has(child)) return;
      children.delete(child);
      exited();
      if (child.task)
        end(child, new CheckLimitError('crash', `The check stopped unexpectedly (${signal ?? code})`));
      if (!child.ready && started && ++failedStarts >= 3) {
        options.log?.warn({ code, signal }, 'document check processes do not start');
        for (const task of queue.splice(0)) task.reject(new Error('The document checks could not start'));
        // Tried again on the next task, not in a loop.
        broken = true;
        failedStarts = 0;
      }
      dispatch();
    };
    proc.once('exit', gone);
    proc.on('error', (error) => {
      options.log?.warn({ err: error }, 'document check process error');
      // A fork that never started (no pid) sends no exit event.
      if (proc.pid === undefined) gone(null, null);
    });
    startWatchdog();
    return child;
  }

  function end(child: Child, outcome: Error | { value: unknown }) {
    const task = child.task;
    child.task = undefined;
    clearTimeout(child.timer);
    if (!task) return;
    if (outcome instanceof Error) task.reject(outcome);
    else task.resolve(outcome.value);
  }

  /** Ends the child's task with `error` and the child with it; the exit handler starts a replacement when needed. */
  function kill(child: Child, error: CheckLimitError) {
    options.log?.warn(
      { pid: child.proc.pid, op: child.task?.op, limit: error.limit },
      'document check killed',
    );
    end(child, error);
    child.dead = true;
    child.proc.kill('SIGKILL');
    dispatch();
  }

  function onReply(child: Child, message: Reply) {
    if (message.type === 'ready') {
      child.ready = true;
      failedStarts = 0;
    } else if (child.task && message.id === child.task.id) {
      end(child, message.type === 'result' ? { value: message.value } : new Error(message.message));
    }
    dispatch();
  }

  function startWatchdog() {
    if (watchdog) return;
    watchdog = setInterval(() => {
      for (const child of children) {
        if (!child.proc.pid || child.dead || child.proc.exitCode !== null) continue;
        const mb = rssMb(child.proc.pid);
        if (mb !== null && mb > options.memoryMb) {
          if (child.task)
            kill(
              child,
              new CheckLimitError('memory', `The check needed more than ${options.memoryMb} MB of memory`),
            );
          else {
            child.dead = true;
            child.proc.kill('SIGKILL');
          }
        }
      }
      if (children.size === 0) stopWatchdog();
    }, options.watchMs ?? 50);
    watchdog.unref();
  }

  function stopWatchdog() {
    clearInterval(watchdog);
    watchdog = undefined;
  }

  const busyIn = (lane: string) => [...children].filter((c) => c.task?.lane === lane).length;

  /** The next task a free child may take: upload tasks first, then others within their lane's limit. */
  function takeTask(): Task | undefined {
    const index = queue.findIndex((task) => task.lane === 'upload');
    if (index >= 0) return queue.splice(index, 1)[0];
    const other = queue.findIndex((task) => {
      const limit = options.laneLimits?.[task.lane];
      return limit === undefined || busyIn(task.lane) < limit;
    });
    return other >= 0 ? queue.splice(other, 1)[0] : undefined;
  }

  function dispatch() {
    for (const child of children) {
      if (!child.ready || child.dead || child.task || child.proc.exitCode !== null) continue;
      const task = takeTask();
      if (!task) break;
      child.task = task;
      // The time limit starts when a warm child has the task (start-up is not the file's fault).
      child.timer = setTimeout(
        () =>
          kill(child, new CheckLimitError('time', `The check took longer than ${task.timeoutMs / 1000} s`)),
        task.timeoutMs,
      );
      child.proc.send({ type: 'task', id: task.id, op: task.op, input: task.input });
    }
    // Once used, the pool keeps all its processes: forking from a large API process blocks its event loop
    // for a moment, better at the first upload (or after a kill) than in the middle of a burst.
    if (!started || broken) return;
    for (let live = [...children].filter((c) => !c.dead).length; live < options.size; live++) spawnChild();
  }

  return {
    run<T>(op: string, input: unknown, runOptions: RunOptions = {}): Promise<T> {
      started = true;
      broken = false;
      if (queue.length >= (options.maxQueue ?? Infinity))
        return Promise.reject(new CheckLimitError('busy', 'The document checks are busy'));
      return new Promise<T>((resolve, reject) => {
        queue.push({
          id: nextId++,
          op,
          input,
          lane: runOptions.lane ?? 'upload',
          timeoutMs: runOptions.timeoutMs ?? options.timeoutMs,
          resolve,
          reject,
        });
        dispatch();
      });
    },
    async close() {
      started = false;
      for (const task of queue.splice(0)) task.reject(new Error('The document checks are shutting down'));
      const all = [...children];
      for (const child of all) {
        end(child, new Error('The document checks are shutting down'));
        child.proc.kill('SIGKILL');
      }
      await Promise.all(all.map((c) => c.exited));
      stopWatchdog();
    },
    pids: () =>
      [...children]
        .filter((c) => !c.dead)
        .map((c) => c.proc.pid)
        .filter((pid): pid is number => pid !== undefined),
  };
}
