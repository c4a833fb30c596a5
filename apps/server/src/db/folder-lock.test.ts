import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DatabaseLockedError,
  formatLockHolder,
  holderState,
  lockFolder,
  parseLockHolder,
  parseProcStat,
  systemProcesses,
  type ProcStat,
  type ProcessTable,
} from './folder-lock.js';

const linux = process.platform === 'linux';

describe('the embedded database folder lock: whose it is', () => {
  const roots: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  function folder() {
    const root = mkdtempSync(join(tmpdir(), 'veridocs-lock-'));
    roots.push(root);
    return join(root, 'db');
  }
  const parent = () => systemProcesses.stat(process.ppid) as ProcStat;
  const boot = () => systemProcesses.bootId();

  it('reads /proc/<pid>/stat past a command name with spaces and parentheses', () => {
    const line =
      '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 900 0 0 0 10 2 0 0 20 0 11 0 987654 1200000 3000 ' +
      '18446744073709551615 1 1 0 0 0 0 0 16781312 134234626 0 0 0 17 1 0 0 0 0 0';
    expect(parseProcStat(line)).toEqual({ state: 'S', flags: 4194560, threads: 11, start: '987654' });
  });

  it('reads this and older versions of the lock file', () => {
    expect(parseLockHolder('123')).toEqual({ pid: 123 });
    const holder = { pid: 7, start: '55', boot: 'b-1' };
    expect(formatLockHolder(holder)).toBe('7\nstart 55\nboot b-1');
    expect(parseLockHolder(formatLockHolder(holder))).toEqual(holder);
    // An older version reads the pid with parseInt, and so still refuses a live holder.
    expect(Number.parseInt(formatLockHolder(holder), 10)).toBe(7);
    expect(parseLockHolder('')).toBeUndefined();
    expect(parseLockHolder('-1')).toBeUndefined();
  });

  it.skipIf(!linux)('writes its pid, start time and boot id, and removes the file on release', async () => {
    const dataDir = folder();
    const release = await lockFolder(dataDir);
    const own = systemProcesses.stat(process.pid) as ProcStat;
    expect(parseLockHolder(readFileSync(`${dataDir}.lock`, 'utf8'))).toEqual({
      pid: process.pid,
      start: own.start,
      boot: boot(),
    });
    await expect(lockFolder(dataDir)).rejects.toThrow(/already open in this process/);
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it.skipIf(!linux)('refuses a live holder that is the process the lock names', async () => {
    const dataDir = folder();
    writeFileSync(
      `${dataDir}.lock`,
      formatLockHolder({ pid: process.ppid, start: parent().start, boot: boot() }),
    );
    await expect(lockFolder(dataDir)).rejects.toThrow(DatabaseLockedError);
    await expect(lockFolder(dataDir)).rejects.toThrow(`is in use by process ${process.ppid}`);
  });

  it.skipIf(!linux)(
    'takes over a pid now held by another process: started later, or before a reboot',
    async () => {
      const dataDir = folder();
      // The parent runs, but it is not the process that wrote the lock (another start time).
      const reused = { pid: process.ppid, start: String(Number(parent().start) + 1), boot: boot() };
      writeFileSync(`${dataDir}.lock`, formatLockHolder(reused));
      (await lockFolder(dataDir))();
      writeFileSync(
        `${dataDir}.lock`,
        formatLockHolder({ pid: process.ppid, start: parent().start, boot: 'another-boot' }),
      );
      (await lockFolder(dataDir))();
    },
  );

  it('takes over a lock of a process that exited, and an empty one', async () => {
    const dataDir = folder();
    const exited = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => exited.once('exit', resolve));
    writeFileSync(`${dataDir}.lock`, String(exited.pid));
    (await lockFolder(dataDir))();
    writeFileSync(`${dataDir}.lock`, '');
    (await lockFolder(dataDir))();
  });

  it.skipIf(!linux)(
    'takes over at once from a killed holder its parent has not reaped (a zombie)',
    async () => {
      const dataDir = folder();
      // `sleep 30` is a child of a process that never waits for it (sh replaced by `sleep 60`).
      const keeper = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 60'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.push(keeper);
      const pid = Number(
        await new Promise<string>((resolve) => keeper.stdout.once('data', (d) => resolve(String(d)))),
      );
      const start = (systemProcesses.stat(pid) as ProcStat).start;
      writeFileSync(`${dataDir}.lock`, formatLockHolder({ pid, start, boot: boot() }));
      process.kill(pid, 'SIGKILL');
      // A zombie within moments; on a loaded machine something may reap it first (then it is simply gone,
      // which the lock must take over at once too).
      const deadline = Date.now() + 5000;
      while (systemProcesses.stat(pid) && systemProcesses.stat(pid)?.state !== 'Z' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      // A zombie still answers kill(pid, 0).
      if (systemProcesses.stat(pid)) expect(systemProcesses.running(pid)).toBe(true);
      const began = Date.now();
      (await lockFolder(dataDir))();
      expect(Date.now() - began).toBeLessThan(1000);
    },
  );

  describe('a holder the kernel is still tearing down', () => {
    const EXITING = 0x4;
    /** A holder seen exiting for `polls` looks, then a zombie. */
    function dyingFor(polls: number): ProcessTable & { looks: number } {
      const table = {
        looks: 0,
        running: () => true,
        bootId: () => 'boot',
        stat: (pid: number) => {
          if (pid === process.pid) return { state: 'R', flags: 0, threads: 1, start: '1' };
          table.looks += 1;
          return table.looks > polls
            ? { state: 'Z', flags: EXITING, threads: 1, start: '9' }
            : { state: 'R', flags: EXITING, threads: 3, start: '9' };
        },
      };
      return table;
    }
    const holder = { pid: 999_999, start: '9', boot: 'boot' };

    it('tells dying from live and gone', () => {
      const table = dyingFor(1);
      expect(holderState(holder, table)).toBe('dying');
      expect(holderState(holder, table)).toBe('gone');
      const zombieThreads: ProcessTable = {
        ...table,
        stat: () => ({ state: 'Z', flags: EXITING, threads: 2, start: '9' }),
      };
      expect(holderState(holder, zombieThreads)).toBe('dying');
      const live: ProcessTable = { ...table, stat: () => ({ state: 'S', flags: 0, threads: 1, start: '9' }) };
      expect(holderState(holder, live)).toBe('live');
      // Without /proc: the pid check only.
      expect(holderState({ pid: 999_999 }, { ...table, stat: () => undefined })).toBe('live');
      expect(holderState({ pid: 999_999 }, { ...table, running: () => false })).toBe('gone');
    });

    it('waits for it to exit, then takes the folder', async () => {
      const dataDir = folder();
      writeFileSync(`${dataDir}.lock`, formatLockHolder(holder));
      const table = dyingFor(5);
      (await lockFolder(dataDir, { processes: table }))();
      expect(table.looks).toBe(6);
    });

    it('refuses after the wait when it does not exit', async () => {
      const dataDir = folder();
      writeFileSync(`${dataDir}.lock`, formatLockHolder(holder));
      await expect(lockFolder(dataDir, { processes: dyingFor(Infinity), waitMs: 100 })).rejects.toThrow(
        /in use by process 999999, which is still exiting after 0.1 s/,
      );
      // The refused attempt holds nothing: a later one may try again.
      (await lockFolder(dataDir, { processes: dyingFor(0) }))();
    });
  });
});
