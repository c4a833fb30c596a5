import { createHash, createHmac } from 'node:crypto';

/**
 * A request's link token (ADR 0046): derived from the request and its contact with the server's
 * institutions key, so every e-mail of the request (the first, each reminder, a digest) carries the same
 * link without the token being stored; the database keeps only its SHA-256 (`link_token_hash`).
 */
export function linkTokenFor(key: Uint8Array, requestId: string, contactId: string): string {
  return createHmac('sha256', key)
    .update(`institution-link:v1:${requestId}:${contactId}`)
    .digest('base64url');
}

/** What `link_token_hash` holds for a token (and what a presented token is looked up by). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
