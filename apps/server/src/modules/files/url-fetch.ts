import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { FILE_LIMITS, FILE_TEXT } from '@veridocs/shared';
import { AppError } from '../../errors.js';
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_CODE } from '../../lib/outbound-address.js';

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
  // Every address is checked on the answer the socket connects to (lib/outbound-address.ts).
  const lookup = guardedLookup(options.allowPrivate);

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
      if (error.code === PRIVATE_ADDRESS_CODE) throw refused('This address cannot be reached');
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
