/**
 * W3C Trace Context for every request the client sends (spec §7 "tracing headers are added to outgoing
 * requests"; ADR 0032): a fresh trace id and span id per request, not sampled; the server answers with
 * its own span of the same trace and logs the trace id.
 */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let out = '';
  for (const value of values) out += value.toString(16).padStart(2, '0');
  // All zeros is invalid (W3C): practically never, but then try again.
  return /^0+$/.test(out) ? randomHex(bytes) : out;
}

export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-00`;
}
