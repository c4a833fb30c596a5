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
 * nonces), and building it on every request cost more than the rest of a cached GET.
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
