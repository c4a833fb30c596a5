import { issue, type DocumentIssue } from './types.js';

/** Lower case, no diacritics, letters and digits only, split on everything else. */
export function nameTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((t) => t.length > 0);
}

/** Levenshtein distance, stopping early above `max`. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return false;
    prev = cur;
  }
  return (prev[b.length] ?? Infinity) <= max;
}

/** Common OCR confusions folded the same way on both sides ("rn" read for "m", "0" for "o", ...). */
function ocrFold(token: string): string {
  return token.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/0/g, 'o').replace(/1/g, 'l');
}

export interface NameMatch {
  matched: boolean;
  /** Share of the expected name's tokens found in the text (0..1). */
  score: number;
  missing: string[];
}

/**
 * Whether `expected` (the profile name) appears in `text` (the document's text).
 * Case, diacritics, punctuation and word order are ignored. Every token of the expected name must appear as a
 * word of the text, except that: an initial in the expected name ("Asha K. Verma") matches any word starting
 * with that letter; a middle name ("Asha Kumari Verma") also matches its initial on the document ("Asha K
 * Verma"); a word of 5 or more letters matches with one OCR error (one edit, after folding common OCR
 * confusions such as "rn" for "m").
 */
export function matchName(text: string, expected: string): NameMatch {
  const want = nameTokens(expected);
  if (want.length === 0) return { matched: true, score: 1, missing: [] };
  const words = nameTokens(text);
  const wordSet = new Set(words);
  const folded = words.map(ocrFold);
  const missing: string[] = [];
  want.forEach((token, index) => {
    const isMiddle = index > 0 && index < want.length - 1;
    const found =
      wordSet.has(token) ||
      (token.length === 1 && words.some((w) => w.startsWith(token))) ||
      (isMiddle && wordSet.has(token.charAt(0))) ||
      (token.length >= 5 && folded.some((w) => withinEdits(w, ocrFold(token), 1)));
    if (!found) missing.push(token);
  });
  const score = (want.length - missing.length) / want.length;
  return { matched: missing.length === 0, score, missing };
}

/**
 * NAME_MISMATCH (a WARNING) when the text was read but does not contain the expected name; null when it
 * matches, or when there is no text to judge (nothing read is not evidence of a mismatch).
 */
export function nameIssueFromText(text: string, expected: string): DocumentIssue | null {
  if (nameTokens(expected).length === 0 || nameTokens(text).length === 0) return null;
  const m = matchName(text, expected);
  if (m.matched) return null;
  return issue(
    'NAME_MISMATCH',
    'The name on the document does not match the name on your profile',
    Math.round(m.score * 100) / 100,
    1,
  );
}
