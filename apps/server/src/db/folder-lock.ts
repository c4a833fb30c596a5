import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** PGlite is single-process: two processes on one folder corrupt it. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * The process a lock file names. On Linux also its start time (clock ticks after boot, field 22 of
 * /proc/<pid>/stat) and the boot's id: a pid alone may name another process after a reboot or a
 * container's restart. A lock written by an older version holds the pid only.
 */
export interface LockHolder {
  pid: number;
  start?: string;
  boot?: string;
}

/** The fields of /proc/<pid>/stat (proc(5)) that tell a live process from a dying or another one. */
export interface ProcStat {
  /** R, S, D…; Z a zombie (dead, its status not yet collected by its parent), X dead. */
  state: string;
  /** The kernel's PF_* flags. */
  flags: number;
  threads: number;
  start: string;
}

/** How the lock looks at processes; tests replace it. */
export interface ProcessTable {
  /** Does the pid answer kill(pid, 0)? */
  running(pid: number): boolean;
  /** undefined where there is no /proc (not Linux); null when no such process is visible. */
  stat(pid: number): ProcStat | null | undefined;
  bootId(): string | undefined;
}

/** PF_EXITING: the process is in the kernel's exit (killed, its memory being freed), never to run again. */
const PF_EXITING = 0x4;

export function parseProcStat(text: string): ProcStat | null {
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, flags, threads, start] = [rest[0], rest[6], rest[17], rest[19]];
  if (!state || !flags || !threads || !start) return null;
  return { state, flags: Number(flags), threads: Number(threads), start };
}

const hasProc = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

export const systemProcesses: ProcessTable = {
  running(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  stat(pid) {
    if (!hasProc) return undefined;
    try {
      return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return null;
    }
  },
  bootId() {
    try {
      return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  },
};

export type HolderState = 'live' | 'dying' | 'gone';

/** Whether the lock's holder still runs, is being torn down by the kernel, or is no more. */
export function holderState(holder: LockHolder, processes: ProcessTable): HolderState {
  if (!processes.running(holder.pid)) return 'gone';
  const boot = processes.bootId();
  // Written before the machine restarted: whatever has that pid now is another process.
  if (holder.boot && boot && holder.boot !== boot) return 'gone';
  const stat = processes.stat(holder.pid);
  // No /proc: the pid check only.
  if (stat === undefined) return 'live';
  // Hidden from us (another user's process under hidepid) or exited in between: ask again.
  if (stat === null) return processes.running(holder.pid) ? 'live' : 'gone';
  // The pid was given to another process since.
  if (holder.start && stat.start !== holder.start) return 'gone';
  // Dead, its files closed: only its exit status waits for a parent (a supervisor may be slow to reap).
  // Its other threads may still be on their way out.
  if (stat.state === 'Z' || stat.state === 'X') return stat.threads > 1 ? 'dying' : 'gone';
  // Killed and being torn down: it holds its files until its memory is freed.
  if (stat.flags & PF_EXITING) return 'dying';
  return 'live';
}

/**
 * The lock file: the pid on its first line (all an older version writes, and reads with parseInt), then
 * `start <ticks>` and `boot <id>` lines where known.
 */
export function formatLockHolder(holder: LockHolder): string {
  return [
    String(holder.pid),
    ...(holder.start ? [`start ${holder.start}`] : []),
    ...(holder.boot ? [`boot ${holder.boot}`] : []),
  ].join('\n');
}

export function parseLockHolder(text: string): LockHolder | undefined {
  const [first, ...rest] = text.trim().split('\n');
  if (!first || !/^\d+$/.test(first.trim())) return undefined;
  const holder: LockHolder = { pid: Number(first) };
  if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0) return undefined;
  for (const line of rest) {
    const [key, value] = line.trim().split(' ');
    if (!value) continue;
    if (key === 'start') holder.start = value;
    else if (key === 'boot') holder.boot = value;
  }
  return holder;
}

/** How long a dying holder may take to exit before the start is refused. */
export const DYING_HOLDER_WAIT_MS = 5_000;
const POLL_MS = 20;

const heldLocks = new Set<string>();

/**
 * Takes `<dataDir>.lock` for this process. A lock whose holder is gone (exited, a zombie, a pid since
 * reused, written before a reboot) is taken over at once; a holder the kernel is still tearing down
 * is waited for (up to `waitMs`); a live one is refused. Answers the release.
 */
export async function lockFolder(
  dataDir: string,
  { processes = systemProcesses, waitMs = DYING_HOLDER_WAIT_MS } = {},
): Promise<() => void> {
  const file = `${dataDir}.lock`;
  if (heldLocks.has(file))
    throw new DatabaseLockedError(`The database folder ${dataDir} is already open in this process.`);
  // Taken before any wait: a second open in this process is refused, not raced.
  heldLocks.add(file);
  const self: LockHolder = { pid: process.pid };
  const ownStat = processes.stat(process.pid);
  const boot = processes.bootId();
  if (ownStat) self.start = ownStat.start;
  if (boot) self.boot = boot;
  const content = formatLockHolder(self);
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, content);
        closeSync(fd);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        // Released in between: try again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const holder = parseLockHolder(text);
      // Unreadable (a crash between creating and writing it) or this pid's earlier life: stale.
      if (holder && holder.pid !== process.pid) {
        const state = holderState(holder, processes);
        if (state === 'dying' && Date.now() < deadline) {
          await sleep(POLL_MS);
          continue;
        }
        if (state !== 'gone')
          throw new DatabaseLockedError(
            `The database folder ${dataDir} is in use by process ${holder.pid}` +
              (state === 'dying' ? `, which is still exiting after ${waitMs / 1000} s` : '') +
              `. Stop that process first, or give this one its own DATA_DIR (or a PostgreSQL DATABASE_URL). ` +
              `If no such process exists, delete ${file}.`,
          );
      }
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  } catch (error) {
    heldLocks.delete(file);
    throw error;
  }
  const release = () => {
    heldLocks.delete(file);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}
