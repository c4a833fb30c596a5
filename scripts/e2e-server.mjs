// The server the browser tests run against: the built product on a fresh data folder.
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const dataDir = join(root, 'data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });
// The server's log is also kept in a file: the privacy spec searches the logs written since an erasure.
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  // Every browser of the run is 127.0.0.1: no per-address socket cap (apps/server README "Slow clients").
  env: { ...process.env, DATA_DIR: dataDir, DEV_TOOLS: '1', MAX_CONNECTIONS_PER_IP: '0' },
  stdio: ['inherit', 'pipe', 'pipe'],
});
const log = createWriteStream(join(dataDir, 'server.log'));
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
