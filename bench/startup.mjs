// Time from `npm start` (already built, existing data folder) to a healthy answer (target ≤ 3 s).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startServer, stopServer, waitForHealth } from '../scripts/lib.mjs';

export const name = 'start-up';

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-bench-'));
  const port = 3220;
  try {
    // First start creates, migrates and seeds the data folder; the measure is of later starts.
    await stopServer(await startServer({ port, dataDir }));
    const times = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const child = spawn('npm', ['start'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      });
      await waitForHealth(`http://127.0.0.1:${port}`, 30_000, child);
      times.push(performance.now() - started);
      await new Promise((resolve) => {
        child.once('exit', resolve);
        process.kill(-child.pid, 'SIGTERM');
      });
    }
    times.sort((a, b) => a - b);
    const median = times[1];
    console.log(`runs: ${times.map((t) => Math.round(t)).join(', ')} ms`);
    return [
      {
        measure: '`npm start` to healthy (median of 3)',
        value: Math.round(median),
        unit: 'ms',
        target: '≤ 3000 ms',
        ok: median <= 3000,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
