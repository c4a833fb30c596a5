import { readFileSync } from 'node:fs';
import { API_SETU_ISSUERS } from '../providers/apisetu/issuers.js';
import { readPemBundle, TrustAnchorsError } from '../providers/issuer-documents/trust-anchors.js';
import type { Env } from './env-schema.js';
import { ConfigError, type IssuerSourcesConfig } from './types.js';

const missing = (names: [string, string | undefined][]) =>
  names.filter(([, value]) => !value).map(([name]) => name);

const list = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/**
 * APISETU_ISSUERS: the issuers asked through API Setu, comma-separated ids of the catalogue
 * (providers/apisetu/issuers.ts: each issuer's doctypes, paths and parameter names come from its own
 * official document, so a new issuer is added there, not here); unset, every issuer of the catalogue.
 */
function apisetuIssuers(value: string | undefined): string[] {
  const known = API_SETU_ISSUERS.map((i) => i.id);
  if (value === undefined) return known;
  const ids = value
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length > 0)
    throw new ConfigError(
      `Invalid configuration: APISETU_ISSUERS must list issuer ids among ${known.join(', ')}${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  return [...new Set(ids)];
}

/**
 * DigiLocker and API Setu (issue 26): the sandboxes unless `http`, which needs every setting of its
 * service (named when missing); the trust anchors read from ISSUER_TRUST_ANCHORS_FILE once, here, so
 * that an unreadable bundle stops the start rather than every signature check later.
 */
export function issuerSourcesConfig(e: Env, abs: (path: string) => string): IssuerSourcesConfig {
  let digilocker: IssuerSourcesConfig['digilocker'] = { kind: 'sandbox' };
  if (e.DIGILOCKER_PROVIDER === 'http') {
    const absent = missing([
      ['DIGILOCKER_API_URL', e.DIGILOCKER_API_URL],
      ['DIGILOCKER_CLIENT_ID', e.DIGILOCKER_CLIENT_ID],
      ['DIGILOCKER_CLIENT_SECRET', e.DIGILOCKER_CLIENT_SECRET],
    ]);
    if (absent.length > 0)
      throw new ConfigError(`Invalid configuration: DIGILOCKER_PROVIDER=http needs ${list(absent)}`);
    digilocker = {
      kind: 'http',
      url: e.DIGILOCKER_API_URL!.replace(/\/+$/, ''),
      clientId: e.DIGILOCKER_CLIENT_ID!,
      clientSecret: e.DIGILOCKER_CLIENT_SECRET!,
      timeoutMs: e.DIGILOCKER_TIMEOUT_MS,
    };
  }

  const issuers = apisetuIssuers(e.APISETU_ISSUERS);
  let apisetu: IssuerSourcesConfig['apisetu'] = { kind: 'sandbox', issuers };
  if (e.APISETU_PROVIDER === 'http') {
    const absent = missing([
      ['APISETU_API_URL', e.APISETU_API_URL],
      ['APISETU_API_KEY', e.APISETU_API_KEY],
      ['APISETU_CLIENT_ID', e.APISETU_CLIENT_ID],
    ]);
    if (absent.length > 0)
      throw new ConfigError(`Invalid configuration: APISETU_PROVIDER=http needs ${list(absent)}`);
    const url = e.APISETU_API_URL!.replace(/\/+$/, '');
    let parsed: URL | null;
    try {
      parsed = new URL(url.replaceAll('{issuer}', 'issuer'));
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
      throw new ConfigError(
        'Invalid configuration: APISETU_API_URL must be an http(s) URL, with {issuer} for the issuer (https://apisetu.gov.in/{issuer}/v3)',
      );
    apisetu = {
      kind: 'http',
      issuers,
      url,
      apiKey: e.APISETU_API_KEY!,
      clientId: e.APISETU_CLIENT_ID!,
      timeoutMs: e.APISETU_TIMEOUT_MS,
    };
  }

  let trustAnchorsPem: string[] = [];
  if (e.ISSUER_TRUST_ANCHORS_FILE) {
    let text: string;
    try {
      text = readFileSync(abs(e.ISSUER_TRUST_ANCHORS_FILE), 'utf8');
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ISSUER_TRUST_ANCHORS_FILE: cannot read ${e.ISSUER_TRUST_ANCHORS_FILE} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    try {
      trustAnchorsPem = readPemBundle(text);
    } catch (error) {
      if (!(error instanceof TrustAnchorsError)) throw error;
      throw new ConfigError(`Invalid configuration: ISSUER_TRUST_ANCHORS_FILE: ${error.message}`);
    }
  }
  return { digilocker, apisetu, trustAnchorsPem };
}

/** The issuer sources production would run on the sandboxes (fictitious people, a public key). */
export function issuerSourcesNotReal(e: Env): string[] {
  return [
    ...(e.DIGILOCKER_PROVIDER === 'sandbox'
      ? ['DIGILOCKER_PROVIDER=sandbox (the embedded DigiLocker sandbox)']
      : []),
    ...(e.APISETU_PROVIDER === 'sandbox' ? ['APISETU_PROVIDER=sandbox (the embedded API Setu sandbox)'] : []),
  ];
}
