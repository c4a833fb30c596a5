import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError, openDatabase } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { createOpsAuthRepository } from './modules/ops-auth/ops-auth-repository.js';
import { createOpsAuthService } from './modules/ops-auth/ops-auth-service.js';
import { MIN_PASSWORD_LENGTH } from './modules/ops-auth/password.js';
import type { MailSender } from './providers/mail/index.js';

const USAGE =
  'Usage: npm run ops:create-admin -w apps/server -- --email <address> [--name <name>] [--role admin|verifier]\n' +
  `The password (at least ${MIN_PASSWORD_LENGTH} characters) is read from standard input, e.g.\n` +
  '  printf %s "$PASSWORD" | npm run ops:create-admin -w apps/server -- --email admin@example.org\n' +
  'It runs from the repository root with the server configuration (DATABASE_URL, DATA_DIR…), as npm start does. An existing account is left as it is.\n';

/** The first line of standard input (typed: not echoed). */
async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) process.stderr.write('Password: ');
  const rl = createInterface({ input, terminal: false });
  if (input.isTTY) input.setRawMode?.(false);
  for await (const line of rl) {
    rl.close();
    if (input.isTTY) process.stderr.write('\n');
    return line.replace(/\r$/, '');
  }
  return '';
}

/**
 * Creates a staff account of the verification team (ADR 0019): the way the first admin exists in
 * production, where no dev accounts are seeded. Migrates the database first, as the server does.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email || (values.role !== 'admin' && values.role !== 'verifier')) {
    process.stderr.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const password = await readPassword();
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await db.migrate();
    const noMail: MailSender = { name: 'none', send: () => Promise.reject(new Error('not used')) };
    const auth = createOpsAuthService({
      repo: createOpsAuthRepository(db.orm),
      mailer: noMail,
      tokenKey: new Uint8Array(32),
      codeKey: new Uint8Array(32),
      accessTtlSeconds: config.opsAccessTokenTtlSeconds,
      now: systemClock,
      log: { error: () => undefined } as never,
    });
    const { staff, created } = await auth.createStaff({
      email: values.email,
      name: values.name ?? values.email,
      role: values.role,
      password,
    });
    process.stdout.write(
      created
        ? `Created ${staff.role} ${staff.email}. Sign in with POST /api/ops/auth/sign-in (a code is e-mailed).\n`
        : `${staff.email} already exists (${staff.role}); nothing changed.\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  const expected =
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    (error as { errorName?: string })?.errorName === 'VALIDATION_FAILED';
  process.stderr.write(
    expected ? `${(error as Error).message}\n` : `Failed: ${String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
