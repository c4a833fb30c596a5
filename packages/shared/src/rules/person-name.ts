/**
 * Whether two writings of a person's name name the same person (issue 26; ADR 0045): the name on an
 * issuer's document against the candidate's verified name. It tolerates what Indian records vary in —
 * word order ("Verma Asha"), initials ("A. Verma", "Priya K Nair"), honorifics, dots and case, one
 * middle name left out, transliteration ("Laxmi"/"Lakshmi") and one vowel slip in a long word
 * ("Mohammad"/"Mohammed") — and nothing
 * else: every full word of the shorter name must be found in the longer one.
 */
export interface PersonNameMatch {
  matched: boolean;
  /** Why not, in words a candidate understands; null when matched. */
  reason: string | null;
}

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'sri', 'smt', 'km', 'kumari', 'late']);

/** Lower case, no diacritics, letters only; honorifics dropped. */
export function personNameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]/u)
    .filter((w) => w.length > 0 && !HONORIFICS.has(w));
}

/** Transliteration variants folded alike: long vowels, aspirated consonants, w/v, ks/x, a final y. */
export function foldSpelling(word: string): string {
  return word
    .replace(/ksh/g, 'x')
    .replace(/ks/g, 'x')
    .replace(/ph/g, 'f')
    .replace(/([bcdgjkpt])h/g, '$1')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/aa/g, 'a')
    .replace(/ee/g, 'i')
    .replace(/oo|ou/g, 'u')
    .replace(/y$/, 'i')
    .replace(/(.)\1+/g, '$1');
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * Two different words one vowel slip apart: a vowel inside the word (not its first or last letter)
 * changed, left out or added — "Mohammad"/"Mohammed", "Chaudhary"/"Chaudhry", "Suman"/"Sumon". A changed
 * consonant ("Ramesh"/"Rakesh") or a changed ending ("Sunita"/"Sunit") is another name, not a slip.
 */
function oneVowelSlip(a: string, b: string): boolean {
  const [longer, shorter] = a.length >= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  let i = 0;
  while (longer[i] === shorter[i]) i++;
  const inside = i > 0 && i < longer.length - 1;
  if (!inside || !VOWELS.has(longer[i]!)) return false;
  if (longer.length > shorter.length) return longer.slice(i + 1) === shorter.slice(i);
  return VOWELS.has(shorter[i]!) && longer.slice(i + 1) === shorter.slice(i + 1);
}

/** A full word of one name against a word of the other: the same after folding, or one vowel slip in a long word. */
function sameWord(a: string, b: string): boolean {
  const fa = foldSpelling(a);
  const fb = foldSpelling(b);
  return fa === fb || (Math.min(fa.length, fb.length) >= 5 && oneVowelSlip(fa, fb));
}

const isInitial = (w: string) => w.length === 1;

export function matchPersonName(left: string, right: string): PersonNameMatch {
  const a = personNameWords(left);
  const b = personNameWords(right);
  if (a.length === 0 || b.length === 0) return { matched: false, reason: 'A name is missing' };
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // The indexes of the longer name's words already taken (-1 too when a word finds none: the match fails then).
  const used = new Set<number>();
  const take = (test: (w: string) => boolean) => {
    const at = long.findIndex((w, i) => !used.has(i) && test(w));
    used.add(at);
    return at >= 0;
  };
  // Full words first, so an initial does not take the word a full word needs.
  const fullWords = short.filter((w) => !isInitial(w));
  if (fullWords.length === 0) return { matched: false, reason: 'The name has only initials' };
  for (const word of fullWords) {
    if (!take((w) => !isInitial(w) && sameWord(word, w)))
      return { matched: false, reason: `"${word}" is not in the other name` };
  }
  for (const initial of short.filter(isInitial)) {
    if (!take((w) => w.startsWith(initial)))
      return { matched: false, reason: `The initial "${initial.toUpperCase()}" does not fit the other name` };
  }
  // What the longer name has beyond: initials, and at most one full (middle) word.
  const extraFull = long.filter((w, i) => !used.has(i) && !isInitial(w));
  if (extraFull.length > 1)
    return { matched: false, reason: `"${extraFull.join(' ')}" is not in the other name` };
  return { matched: true, reason: null };
}
