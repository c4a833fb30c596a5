import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send requests a user chose the address of (SSRF): POST /files/from-url and the
 * webhooks (organisations' endpoints, evaluation partners' reports; ADR 0009, ADR 0025). One list, so a
 * range added here closes every path.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // IPv4-compatible (deprecated) addresses, `::` and `::1` among them: `::7f00:1` is 127.0.0.1 to some stacks.
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IPv4-translated (SIIT): routed to the IPv4 inside by a translator.
  ['::ffff:0:0:0', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d` or `::ffff:7f00:1`), else null. */
function mappedIPv4(address: string): string | null {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return null;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address no user-chosen request may reach (and for anything that is no IP address). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const v4 = mappedIPv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** `lookup` errors carry this code when every address was not checked out (see `guardedLookup`). */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATE';

/** Resolves a host name to all its addresses (a test replaces it to play a DNS rebinding). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * A socket `lookup` that refuses when any address of the host is private: the check runs on the very
 * answer the socket connects to, so a DNS answer cannot change between check and use (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean, resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
          return callback(Object.assign(new Error('private address'), { code: PRIVATE_ADDRESS_CODE }), '', 0);
        if (options.all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Who may receive a webhook (ADR 0025 "Webhook addresses"). */
export interface WebhookTargetPolicy {
  /** Tests only: loopback receivers on any port (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Production: https only. */
  httpsOnly: boolean;
}

/** The ports a webhook may use: the web's own, no database's or cache's (6379, 5432, 11211 …). */
export const WEBHOOK_PORTS: readonly number[] = [443, 8443, 80, 8080];

/**
 * Why `raw` may not receive webhooks (an English sentence for the envelope), or null when it may as
 * far as the URL itself says; a host name's addresses are checked again when it is resolved.
 */
export function webhookUrlProblem(raw: string, policy: WebhookTargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This webhook URL is not valid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Webhook URLs must use https';
  if (policy.httpsOnly && url.protocol !== 'https:') return 'Webhook URLs must use https';
  if (url.username || url.password) return 'Webhook URLs cannot carry a user name or password';
  if (policy.allowPrivate) return null;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!WEBHOOK_PORTS.includes(port)) return `Webhook URLs may use port ${WEBHOOK_PORTS.join(', ')} only`;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))
    return 'Webhooks cannot go to a private, loopback or link-local address';
  return null;
}

/**
 * `webhookUrlProblem`, then the host name's current addresses: the clear answer when an endpoint is
 * set. A name that does not resolve now is let through (its DNS may come later): the send checks again.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: WebhookTargetPolicy,
  resolver: Resolver = systemResolver,
): Promise<string | null> {
  const problem = webhookUrlProblem(raw, policy);
  if (problem || policy.allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await Promise.race([
    resolver(host).catch(() => []),
    new Promise<LookupAddress[]>((resolve) => setTimeout(() => resolve([]), 3000).unref()),
  ]);
  return addresses.some((a) => isPrivateAddress(a.address))
    ? 'Webhooks cannot go to a private, loopback or link-local address'
    : null;
}
