import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckLimitError, createCheckPool, type CheckPool } from './check-pool.js';

const stub = new URL('../../../test/check-worker-stub.ts', import.meta.url);
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let pool: CheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('check pool (child processes with memory, time and concurrency caps)', () => {
  it('runs tasks in another process', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 300, timeoutMs: 5_000 });
    const answer = await pool.run<{ value: number; pid: number; env: string[] }>('echo', { value: 42 });
    expect(answer.value).toBe(42);
    expect(answer.pid).not.toBe(process.pid);
    // None of the server's environment (its secrets) reaches the process that opens hostile files.
    expect(Object.keys(process.env).filter((key) => answer.env.includes(key))).toEqual([]);
  });

  it('kills a task past its time limit and serves the next one from a new process', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 300, timeoutMs: 300 });
    const first = await pool.run<{ pid: number }>('echo', {});
    const error = await pool.run('sleep', { ms: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckLimitError);
    expect((error as CheckLimitError).limit).toBe('time');
    const next = await pool.run<{ pid: number }>('echo', {});
    expect(next.pid).not.toBe(first.pid);
    await expect.poll(() => alive(first.pid)).toBe(false);
  });

  it('kills a task past its memory cap (RSS, not only the heap) and serves the next one', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 150, timeoutMs: 10_000 });
    const first = await pool.run<{ pid: number }>('echo', {});
    const error = await pool.run('allocate', { mb: 400 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckLimitError);
    expect((error as CheckLimitError).limit).toBe('memory');
    const next = await pool.run<{ pid: number }>('echo', {});
    expect(next.pid).not.toBe(first.pid);
  });

  it('runs at most `size` tasks at once, uploads before background lanes', async () => {
    pool = createCheckPool({ entry: stub, size: 2, memoryMb: 300, timeoutMs: 5_000, laneLimits: { ocr: 1 } });
    await Promise.all([pool.run('echo', {}), pool.run('echo', {})]);
    expect(pool.pids()).toHaveLength(2);
    const order: string[] = [];
    const track = (label: string, p: Promise<unknown>) => p.then(() => order.push(label));
    await Promise.all([
      // 1.5 s: on a loaded machine a 10 ms task's round trip through a child process can pass 300 ms.
      track('ocr1', pool.run('sleep', { ms: 1500 }, { lane: 'ocr' })),
      track('ocr2', pool.run('sleep', { ms: 10 }, { lane: 'ocr' })),
      track('upload', pool.run('sleep', { ms: 10 }, { lane: 'upload' })),
    ]);
    // One process stays free for uploads while OCR holds the other; the second OCR task waits.
    expect(order).toEqual(['upload', 'ocr1', 'ocr2']);
    expect(pool.pids()).toHaveLength(2);
  });

  it('refuses a task at once when the queue is full', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 300, timeoutMs: 5_000, maxQueue: 2 });
    await pool.run('echo', {});
    const running = pool.run('sleep', { ms: 300 });
    const waiting = [pool.run('echo', {}), pool.run('echo', {})];
    const error = await pool.run('echo', {}).catch((e: unknown) => e);
    expect((error as CheckLimitError).limit).toBe('busy');
    await Promise.all([running, ...waiting]);
  });

  it('a task error is that task’s failure, not the process’s', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 300, timeoutMs: 5_000 });
    const first = await pool.run<{ pid: number }>('echo', {});
    await expect(pool.run('throw', {})).rejects.toThrow('boom');
    expect((await pool.run<{ pid: number }>('echo', {})).pid).toBe(first.pid);
  });

  it('an entry that cannot start fails its tasks instead of respawning forever', async () => {
    pool = createCheckPool({
      entry: '/nonexistent/check-worker.js',
      size: 2,
      memoryMb: 300,
      timeoutMs: 5_000,
    });
    const error = await pool.run('echo', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckLimitError);
    // Not the file's fault: the caller answers 503, not a verdict on the file.
    expect((error as CheckLimitError).limit).toBe('unavailable');
    expect(String(error)).toMatch(/could not start/);
    // The other process that was starting exits too (slower on a loaded machine), and none comes back.
    const failing = pool;
    await vi.waitFor(() => expect(failing.pids()).toHaveLength(0), { timeout: 10_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 300));
    expect(failing.pids()).toHaveLength(0);
  });

  it('a process that never says ready is killed after the start timeout and counts as a failed start', async () => {
    pool = createCheckPool({
      entry: new URL('../../../test/check-worker-hang.ts', import.meta.url),
      size: 1,
      memoryMb: 300,
      timeoutMs: 5_000,
      startTimeoutMs: 300,
    });
    const started = performance.now();
    const error = await pool.run('echo', {}).catch((e: unknown) => e);
    expect((error as CheckLimitError).limit).toBe('unavailable');
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect.poll(() => pool?.pids().length).toBe(0);
  });

  it('a task that waits longer than maxWaitMs is refused as busy; the others go on', async () => {
    pool = createCheckPool({ entry: stub, size: 1, memoryMb: 300, timeoutMs: 5_000, maxWaitMs: 10_000 });
    await pool.run('echo', {});
    const running = pool.run('sleep', { ms: 1_000 });
    const started = performance.now();
    const waited = await pool.run('echo', {}, { maxWaitMs: 200 }).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(CheckLimitError);
    expect((waited as CheckLimitError).limit).toBe('busy');
    expect(performance.now() - started).toBeLessThan(900);
    // The pool's own maximum applies to tasks without one; this one waits for the sleep and runs.
    await expect(pool.run<{ value: number }>('echo', { value: 7 })).resolves.toMatchObject({ value: 7 });
    await expect(running).resolves.toBe('slept');
  });

  it('a check process does not outlive an API process that was killed (SIGKILL)', async () => {
    const script = `
      import { createCheckPool } from ${JSON.stringify(new URL('./check-pool.ts', import.meta.url).href)};
      const pool = createCheckPool({ entry: new URL(${JSON.stringify(stub.href)}), size: 2, memoryMb: 300, timeoutMs: 5000 });
      await Promise.all([pool.run('echo', {}), pool.run('echo', {})]);
      console.log(JSON.stringify(pool.pids()));
      setInterval(() => undefined, 1000);
    `;
    const parent = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve) =>
      parent.stdout.once('data', (d: Buffer) => resolve(String(d))),
    );
    const pids = JSON.parse(line) as number[];
    expect(pids).toHaveLength(2);
    parent.kill('SIGKILL');
    for (const pid of pids) await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
  });

  it('close ends every process', async () => {
    pool = createCheckPool({ entry: stub, size: 2, memoryMb: 300, timeoutMs: 5_000 });
    const pending = pool.run('sleep', { ms: 10_000 }).catch((e: unknown) => e);
    await pool.run('echo', {});
    const pids = pool.pids();
    expect(pids.length).toBeGreaterThan(0);
    const queued = pool.run('echo', {}).catch((e: unknown) => e);
    await pool.close();
    for (const error of [await pending, await queued]) {
      expect(String(error)).toMatch(/shutting down/);
      expect((error as CheckLimitError).limit).toBe('unavailable');
    }
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });
});
