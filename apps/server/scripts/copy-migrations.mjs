// Copies the committed drizzle-kit migrations next to the compiled db client (dist/db/migrations),
// where `node dist/main.js` looks for them. Runs after `tsc -p tsconfig.build.json`.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../dist/db/migrations', import.meta.url));

if (!existsSync(from)) {
  console.error(`No migrations at ${from}; run npm run db:generate -w apps/server`);
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
console.log(`Copied migrations to ${to}`);
