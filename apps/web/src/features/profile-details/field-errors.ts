/**
 * The server's VALIDATION_FAILED data, `[{ path, message }]`, as messages by the last path segment
 * that names one of `fields` (`basicDetails.gender` → gender; `contactDetails.currentAddress.pincode`
 * → `currentAddress.pincode` when that is a field).
 */
export function fieldErrorsOf(data: unknown, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(data)) return out;
  for (const item of data as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = fields.find((f) => path === f || path.endsWith(`.${f}`));
    if (field && !out[field]) out[field] = message;
  }
  return out;
}
