import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers. The CSP fits the SPA: its own scripts only, inline styles (emotion), images from
 * itself, data: and blob: URLs and https (organisation logos), media/workers from blob: (camera,
 * in-browser PDF/OCR workers), frames from blob: (the console's PDF viewer). No upgrade-insecure-requests: a LAN address over http must keep working.
 */
const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // blob: the console shows a case's PDF in the browser's viewer from a blob URL of its own fetch
      // (ADR 0027); a blob URL belongs to the origin that made it, so no other site's content is framed.
      frameSrc: ["'self'", 'blob:', 'https:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'", 'https:'],
    },
  },
  // Cross-origin logos and payment pages must load; the SPA is not embedded elsewhere.
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * Helmet's headers for these options, worked out once: the policy has no per-request part (no
 * nonces), and building it on every request cost more than the rest of a cached GET. These are a
 * page's (the SPAs, the HTML pages); an API answer gets `createApiHeaders`.
 */
export function createSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return headers;
}

/** The headers of an API answer that only a document uses (an HTML page's parsing, scripts, frames). */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
];

/**
 * An API answer's headers (paths under /api/): JSON or a file is never a page, so its policy loads
 * nothing and the headers that only steer a document's parsing are left out (OWASP's REST guidance).
 * ~600 bytes less on each of a journey's API answers, which a phone on a slow link downloads too.
 * Fails closed: an HTML page under /api/ (the sandbox checkout) sets `createSecurityHeaders` itself, or
 * its scripts and styles do not load.
 */
export function createApiHeaders(): Record<string, string> {
  const headers = createSecurityHeaders();
  for (const name of DOCUMENT_ONLY) delete headers[name];
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'self'";
  return headers;
}
