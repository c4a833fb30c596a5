import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { FILE_LIMITS, FILE_TEXT } from '@veridocs/shared';
import { AppError } from '../../errors.js';

/** Addresses a server-side fetch must not reach (SSRF): private, loopback, link-local, shared, multicast, reserved. */
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refused = (message: string) => new AppError('FILE_FETCH_FAILED', message);

export interface FetchOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  maxRedirects?: number;
}

export interface Fetched {
  body: Readable;
  /** The last path segment of the final URL (decoded), for the file name. */
  name: string;
  /** True once the time limit cut the transfer. */
  timedOut: () => boolean;
}

/**
 * GETs a URL for POST /files/from-url: http(s) only; every address the host resolves to is checked at
 * connect time (the `lookup` of the socket, so a DNS answer cannot change between check and use);
 * redirects are followed (at most 3) and checked the same way; one time limit covers the whole transfer.
 */
export async function fetchUpload(rawUrl: string, options: FetchOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!options.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 0);
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused('This URL is not valid');
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw refused('Only http and https URLs can be used');
    if (url.username || url.password) throw refused('URLs with credentials cannot be used');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host))
      throw refused('This address cannot be reached');

    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.get(
        url,
        { lookup, signal, headers: { accept: '*/*', 'user-agent': 'veridocs-fetch' } },
        resolve,
      );
      request.on('error', reject);
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EPRIVATE') throw refused('This address cannot be reached');
      if (error.name === 'AbortError' || error.name === 'TimeoutError')
        throw refused('The URL took too long to answer');
      throw refused('The file could not be fetched from this URL');
    });

    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      if (redirects >= (options.maxRedirects ?? 3)) throw refused('The URL redirects too many times');
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw refused(`The file could not be fetched from this URL (HTTP ${status})`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > FILE_LIMITS.maxBytes) {
      response.destroy();
      throw new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig);
    }
    response.on('error', () => undefined);
    let name: string;
    try {
      name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    } catch {
      name = '';
    }
    return { body: response, name, timedOut: () => signal.aborted };
  }
}
