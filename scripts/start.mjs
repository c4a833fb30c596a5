// `npm start`: builds when the build is missing or stale, then runs the one server process
// (API + built candidate app) on PORT (default 3000) with the embedded database under ./data.
import { spawn } from 'node:child_process';
import { buildIfStale, root } from './lib.mjs';

buildIfStale();
const env = { ...process.env };
if (env.NODE_ENV !== 'production' && env.DEV_TOOLS === undefined) env.DEV_TOOLS = '1';
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
