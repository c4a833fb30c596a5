import { readFileSync } from 'node:fs';
import { OTP } from '@veridocs/shared';
import type { Env } from './env-schema.js';
import { issuerSourcesNotReal } from './issuer-sources.js';
import { paymentsNotReal, regionsOnSandbox } from './payments.js';
import { ConfigError, SANDBOX_DEV_SECRET, type PaymentGatewaysConfig } from './types.js';

/** JWT_SECRET, or the content of JWT_SECRET_FILE (trailing newline dropped), never both. */
export function readJwtSecret(
  value: string | undefined,
  file: string | undefined,
  abs: (p: string) => string,
): string | undefined {
  if (!file) return value;
  if (value) throw new ConfigError('Invalid configuration: set JWT_SECRET or JWT_SECRET_FILE, not both');
  let content: string;
  try {
    content = readFileSync(abs(file), 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (content.length < 32)
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET_FILE: the secret must be at least 32 characters',
    );
  return content;
}

/**
 * Production must not start on the embedded stand-ins (issue 9 §4): a generated key kept beside the
 * data, OTPs that go nowhere, links to localhost. Nor with a test switch on (issue 23 §3): payments
 * that move no money (unless I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL=1, for a staging copy), the dev tools
 * (OTPs published, staff with known passwords), from-URL fetches into the private network, or a
 * plain-http public address; these have no opt-in. Nor on the issuer sandboxes (issue 26: documents
 * "verified with the issuer" from fictitious records) unless I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL=1,
 * the same loud opt-in as payments'; even then the sandbox key is no trust anchor in production.
 * One line per problem, all at once.
 */
export function refuseHalfConfiguredProduction(
  e: Env,
  jwtSecret: string | undefined,
  gateways: PaymentGatewaysConfig,
): void {
  const problems: string[] = [];
  if (!jwtSecret)
    problems.push(
      'JWT_SECRET (or JWT_SECRET_FILE) is not set: the secret (≥ 32 characters) that signs sessions and keys OTP hashes',
    );
  if (!e.SMS_GATEWAY_URL)
    problems.push('SMS_GATEWAY_URL is not set: the SMS/WhatsApp gateway that delivers login OTPs');
  if (!e.SMTP_HOST) problems.push('SMTP_HOST is not set: the SMTP server that sends e-mail');
  if (!e.SMTP_FROM) problems.push('SMTP_FROM is not set: the sender address of e-mail');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is not set: the address candidates open, used in every link');
  else if (!e.PUBLIC_URL.startsWith('https://'))
    problems.push(
      'PUBLIC_URL is not https: sessions, OTP links and payment redirects would travel in clear text (no override)',
    );
  const notReal = paymentsNotReal(e, gateways);
  if (notReal.length > 0 && !e.I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL)
    problems.push(
      `${notReal.join(', ')}: payments would move no money while transactions are submitted as paid; ` +
        'configure a live gateway (see README "Run in production"), or set I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL=1 for a staging copy',
    );
  if (regionsOnSandbox(e).length > 0 && e.I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL) {
    if (!e.SANDBOX_GATEWAY_SECRET)
      problems.push(
        'SANDBOX_GATEWAY_SECRET is not set: the key the sandbox payment gateway signs webhooks with (or set PAYMENT_PROVIDER_IN/INTL to a real gateway)',
      );
    else if (e.SANDBOX_GATEWAY_SECRET === SANDBOX_DEV_SECRET)
      problems.push(
        'SANDBOX_GATEWAY_SECRET is the documented development key: anyone could sign a sandbox webhook; choose a key of your own',
      );
  }
  const sourcesNotReal = issuerSourcesNotReal(e);
  if (sourcesNotReal.length > 0 && !e.I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL)
    problems.push(
      `${sourcesNotReal.join(', ')}: fictitious sandbox accounts would be offered as DigiLocker and the issuers; ` +
        'configure the real services (see README "DigiLocker and API Setu sandboxes"), or set I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL=1 for a staging copy',
    );
  for (const name of [
    'INVOICE_SUPPLIER_NAME',
    'INVOICE_SUPPLIER_GSTIN',
    'INVOICE_SUPPLIER_ADDRESS',
    'INVOICE_SUPPLIER_STATE_CODE',
  ] as const)
    if (!e[name])
      problems.push(
        `${name} is not set: the supplier's details every organisation's GST tax invoice prints (ADR 0047)`,
      );
  for (const name of [
    'GRIEVANCE_OFFICER_NAME',
    'GRIEVANCE_OFFICER_EMAIL',
    'GRIEVANCE_OFFICER_PHONE',
  ] as const)
    if (!e[name])
      problems.push(
        `${name} is not set: the grievance officer every privacy and breach notice names (DPDP Act, ADR 0049)`,
      );
  if (e.DEV_TOOLS)
    problems.push(
      'DEV_TOOLS=1 is for development only: it publishes every OTP at /api/dev/outbox and seeds staff accounts with known passwords (no override)',
    );
  if (e.FILE_FETCH_ALLOW_PRIVATE)
    problems.push(
      'FILE_FETCH_ALLOW_PRIVATE=1 is for tests only: it lets from-URL fetches reach private, loopback and cloud-metadata addresses (no override)',
    );
  if (e.OTP_RESEND_AFTER_SECONDS !== undefined && e.OTP_RESEND_AFTER_SECONDS < OTP.resendAfterSeconds)
    problems.push(
      `OTP_RESEND_AFTER_SECONDS=${e.OTP_RESEND_AFTER_SECONDS} is for tests only: the specification waits ${OTP.resendAfterSeconds} s between OTP requests (no override)`,
    );
  if (problems.length > 0)
    throw new ConfigError(
      `Refusing to start in production (NODE_ENV=production):\n  ${problems.join('\n  ')}`,
    );
}
