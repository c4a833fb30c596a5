// Copies the files the compiled server reads next to it: the committed drizzle-kit migrations
// (dist/db/migrations, where `node dist/main.js` looks for them) and the sandbox issuer's key and
// certificate (dist/providers/issuer-documents/sandbox-issuer, issue 26). Runs after
// `tsc -p tsconfig.build.json`.
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

const issuerFrom = fileURLToPath(
  new URL('../src/providers/issuer-documents/sandbox-issuer', import.meta.url),
);
const issuerTo = fileURLToPath(new URL('../dist/providers/issuer-documents/sandbox-issuer', import.meta.url));
rmSync(issuerTo, { recursive: true, force: true });
cpSync(issuerFrom, issuerTo, { recursive: true });
console.log(`Copied the sandbox issuer key to ${issuerTo}`);
