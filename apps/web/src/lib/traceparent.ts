/**
 * W3C Trace Context for every request the client sends (spec §7 "tracing headers are added to outgoing
 * requests"; ADR 0032): a fresh random trace id and span id per request, not sampled; the server
 * answers with its own span of the same trace and logs the trace id.
 */
export function newTraceparent(): string {
  const hex = crypto.randomUUID().replace(/-/g, '') + crypto.randomUUID().replace(/-/g, '');
  return `00-${hex.slice(0, 32)}-${hex.slice(32, 48)}-00`;
}
