import { createRequire } from 'node:module';

/** The server's version (apps/server/package.json; the same path from src/ and dist/). */
export const PRODUCT_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string })
  .version;

/** The User-Agent of the product's outgoing calls: a receiver sees who calls and which release. */
export const userAgent = (part: string) => `Veridocs-${part}/${PRODUCT_VERSION} (+https://veridocs.in)`;
