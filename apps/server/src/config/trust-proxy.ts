import { isIP } from 'node:net';
import { ConfigError } from './types.js';

/**
 * Which X-Forwarded-For entries to believe (issue 31 §3). The client writes the header and every proxy
 * appends the address it saw, so only entries added by our own proxies can be trusted, read from the
 * right: `hops` believes that many proxies in front of the server (1: the right-most entry is the
 * client), `addresses` believes the proxies at these addresses or ranges (the first entry from the right
 * that is not one of them is the client). `false`: the socket's address, the header ignored.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** More proxies than this in front of one server is a mistake in the setting, not a setup. */
export const MAX_TRUSTED_HOPS = 10;

/** The named ranges @fastify/proxy-addr knows. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const USAGE =
  'TRUST_PROXY must be 0 (no proxy), the number of proxies in front of the server (1, 2, …) or the ' +
  "proxies' addresses, comma-separated: IPs, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal";

/** Why `entry` is not an address or range to trust; null when it is one. */
function addressProblem(entry: string): string | null {
  if (RANGE_NAMES.includes(entry)) return null;
  const [ip = '', prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `"${entry}" has no valid prefix length (0–${bits})`;
  // A range that holds every address believes every client's header: the hole this setting closes.
  if (Number(prefix) === 0) return `"${entry}" trusts every address, so any client could forge its own`;
  return null;
}

/**
 * TRUST_PROXY. `1` and `true` (the old "behind a proxy") now mean one proxy, the right-most entry:
 * an old setting keeps working behind one balancer and no longer believes a client's own entries.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_HOPS)
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY=${value}: at most ${MAX_TRUSTED_HOPS} proxies in front of the server`,
      );
    return { hops };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const problems = addresses.map(addressProblem).filter((p): p is string => p !== null);
  if (addresses.length === 0 || problems.length > 0)
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY=${value}: ${problems.join('; ') || 'no address'}. ${USAGE}`,
    );
  return { addresses };
}

/** Fastify's `trustProxy` for the setting: a hop count as a function (Fastify ignores a bare number). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  // Hop 0 is the socket's peer, hop 1 the right-most X-Forwarded-For entry, and so on.
  return (_address, hop) => hop < hops;
}
