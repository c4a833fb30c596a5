/**
 * Relative time of a notification (spec §9: "a few secs", "%d d" for days), in the current language's
 * words from the catalogue.
 */
export type RelativeUnit = 'fewSecs' | 'minutes' | 'hours' | 'days';

export function relativeParts(createdAt: string, now: number): { unit: RelativeUnit; n: number } {
  const seconds = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 1000));
  if (seconds < 60) return { unit: 'fewSecs', n: 0 };
  if (seconds < 3600) return { unit: 'minutes', n: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', n: Math.floor(seconds / 3600) };
  return { unit: 'days', n: Math.floor(seconds / 86_400) };
}
