/**
 * The in-memory search behind the institute and board dropdowns: a few thousand names, indexed once per
 * list, matched word by word so that typos ("univeristy"), abbreviations ("iitb", "du", "anna univ")
 * and Hindi transliterations ("dilli vishwavidyalaya") find the entry the candidate means.
 *
 * How an entry is scored against a query:
 * - Words are normalised (lower case, accents and punctuation dropped, apostrophes joining the word,
 *   `&` → and) and mapped to one
 *   canonical spelling by the data-driven word table (`aliases.json` "words": univ, vishwavidyalaya,
 *   vidyapeeth → university; mumbai → bombay; dilli → delhi…), on both sides.
 * - Every query word must match a word of the entry's name or of one of its aliases: exactly (1),
 *   as a prefix of it (0.85; "univ", "tech"), or within a small edit distance (0.7; one edit for
 *   words of 4–6 letters, two from 7, transpositions counted once); a canonical word's other
 *   spellings count for the prefix and edit-distance match too ("kolkatta" → kolkata → calcutta). The entry's state and city
 *   count as its words too ("anna university chennai", "amity rajasthan").
 * - Abbreviations read as their words on both sides (`aliases.json` "abbreviations": nit → national
 *   institute of technology), so "nit trichy" finds "National Institute of Technology, Tiruchirappalli".
 * - The whole query (spaces dropped) equal to an alias ranks the entry first, equal to the initials of
 *   the name ("jnu", "ignou") next; then a name that starts with the query.
 * - A query word found in the name itself counts a little more (0.05) than one found only in the
 *   state, city or an alias ("calcuta university": University of Calcutta before Presidency
 *   University, Kolkata; "technology bombay": IIT Bombay before the Institute of Chemical Technology,
 *   Mumbai, a shorter name that has Bombay only as its city).
 * - Initials and two short names written together count as words of the entry too ("D. Y. Patil" is
 *   found by "dy patil", "Sri Sai Ram" by "sri sairam").
 * - An entry whose city is a district ("Gautam Buddha Nagar") is found by its main town too ("noida";
 *   `aliases.json` "places").
 * - The same institute from two sources under two spellings is offered once (`aliases.json`
 *   "duplicates": the two can differ only in words the word table maps to one, like Vidyapith and
 *   University, which are not always the same institution, so the pairs are listed, not guessed);
 *   the hidden spelling typed whole finds the one offered first.
 * - Ties: fewer words the query did not ask for, then the name, then the value.
 */

export type ReferenceEntry = {
  value: string;
  name: string;
  state: string | null;
  city: string | null;
};

export type AliasData = {
  /** A word read as several (iit → indian institute of technology), on both sides. */
  abbreviations?: Readonly<Record<string, string>>;
  /** Canonical word → the other spellings that mean it. */
  words: Readonly<Record<string, readonly string[]>>;
  /** Entry value → the short names and other names it is known by. */
  entries: Readonly<Record<string, readonly string[]>>;
  /**
   * A town → the districts it is the main town of: an entry whose city is such a district is found by
   * the town's name too (AICTE gives districts: "amity noida" is in "Gautam Buddha Nagar").
   */
  places?: Readonly<Record<string, readonly string[]>>;
  /** Entry value → the value of the entry it duplicates under another spelling (offered once). */
  duplicates?: Readonly<Record<string, string>>;
};

const STOP_WORDS = new Set(['the', 'of', 'and', 'at', 'in', 'for', 'a', 'an']);

/** Lower case, accents and punctuation dropped (apostrophes join), `&` read as "and": the words of a text. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      // An apostrophe joins its word ("stephen's" → stephens, "xavier's" → xaviers).
      .replace(/['\u2019`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
  );
}

/** Damerau–Levenshtein (optimal string alignment) distance, giving up past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Runs of two or more one-letter words, joined: ["r", "v", "r", "and", "j", "c"] → ["rvr", "jc"]. */
function initialRuns(ws: readonly string[]): string[] {
  const runs: string[] = [];
  let run = '';
  for (const w of [...ws, '']) {
    if (w.length === 1) run += w;
    else {
      if (run.length >= 2) runs.push(run);
      run = '';
    }
  }
  return runs;
}

/** Two short words in a row, joined (both 2–5 letters, 5 or more together): "sai ram" → "sairam". */
function shortPairs(ws: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 1; i < ws.length; i++) {
    const [a, b] = [ws[i - 1]!, ws[i]!];
    if (STOP_WORDS.has(a) || STOP_WORDS.has(b)) continue;
    if (a.length >= 2 && a.length <= 5 && b.length >= 2 && b.length <= 5 && a.length + b.length >= 5)
      pairs.push(a + b);
  }
  return pairs;
}

const allowedEdits = (word: string) => (word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0);

const LETTERS = 36;
/** How many of each letter and digit a word has (for the bag-distance filter below). */
function letterCounts(word: string, into: Uint8Array = new Uint8Array(LETTERS), at = 0): Uint8Array {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    const slot = c >= 97 ? c - 97 : c - 48 + 26;
    if (slot >= 0 && slot < LETTERS && into[at + slot]! < 255) into[at + slot]! += 1;
  }
  return into;
}

/**
 * The letters one word has that the other lacks, the larger side: never more than the edit distance,
 * and far cheaper, so most words of the vocabulary are ruled out without computing it.
 */
function bagDistance(a: Uint8Array, b: Uint8Array, bAt: number): number {
  let more = 0;
  let fewer = 0;
  for (let k = 0; k < LETTERS; k++) {
    const d = a[k]! - b[bAt + k]!;
    if (d > 0) more += d;
    else fewer -= d;
  }
  return more > fewer ? more : fewer;
}

/** How well a query word matches a word of an entry (0 = not at all). */
function wordScore(query: string, word: string, edits = allowedEdits(query)): number {
  if (query === word) return 1;
  if (query.length >= 2 && word.startsWith(query)) return 0.85;
  if (edits > 0 && editDistance(query, word, edits) <= edits) return 0.7;
  return 0;
}

type Indexed = {
  entry: ReferenceEntry;
  /** Canonical words of the name, state, city and every alias, stop words dropped. */
  words: Set<string>;
  /** Canonical name words (stop words dropped), for the "words not asked for" tie-break. */
  nameWordCount: number;
  /** The canonical name words themselves: a query word found in the name outranks one found only
   * in the state, city or an alias. */
  nameWords: Set<string>;
  /** Whole-query keys (spaces dropped): the aliases, and the name's initials (ranked a little lower). */
  keys: Set<string>;
  initials: string;
  /** The normalised name, for "starts with the query". */
  normalisedName: string;
  sortName: string;
};

export type ReferenceIndex = {
  size: number;
  /** Every entry matching `search` best first (all entries by name when it is empty), paged. */
  search(search: string | undefined, seed: number, count: number): { rows: ReferenceEntry[]; total: number };
};

const byName = (a: Indexed, b: Indexed) =>
  a.sortName < b.sortName
    ? -1
    : a.sortName > b.sortName
      ? 1
      : a.entry.value < b.entry.value
        ? -1
        : a.entry.value > b.entry.value
          ? 1
          : 0;

export function buildReferenceIndex(entries: readonly ReferenceEntry[], aliases: AliasData): ReferenceIndex {
  const canonical = new Map<string, string>();
  // A canonical word's other spellings, so that a typo of one ("kolkatta") still finds it.
  const spellings = new Map<string, string[]>();
  for (const [word, others] of Object.entries(aliases.words)) {
    for (const other of others) for (const w of words(other)) canonical.set(w, word);
    spellings.set(word, [word, ...others.flatMap(words)]);
  }
  const expansions = new Map(Object.entries(aliases.abbreviations ?? {}).map(([k, v]) => [k, words(v)]));
  const canon = (text: string) =>
    words(text)
      .flatMap((w) => expansions.get(w) ?? [w])
      .map((w) => canonical.get(w) ?? w)
      .filter((w) => !STOP_WORDS.has(w));

  const townsOf = new Map<string, string[]>();
  for (const [town, districts] of Object.entries(aliases.places ?? {}))
    for (const district of districts) {
      const key = canon(district).join(' ');
      townsOf.set(key, [...(townsOf.get(key) ?? []), ...canon(town)]);
    }

  const indexed: Indexed[] = entries.map((entry) => {
    const nameWords = canon(entry.name);
    const cityWords = canon(entry.city ?? '');
    const all = new Set([
      ...nameWords,
      ...canon(entry.state ?? ''),
      ...cityWords,
      ...(townsOf.get(cityWords.join(' ')) ?? []),
    ]);
    // Initials and short names are written apart or together ("D. Y. Patil" / "DY Patil", "Sai Ram" /
    // "Sairam"): the joined form also counts as a word.
    for (const joined of [...initialRuns(words(entry.name)), ...shortPairs(words(entry.name))])
      all.add(joined);
    const keys = new Set<string>();
    const initials = words(entry.name)
      .filter((w) => !STOP_WORDS.has(w))
      .map((w) => w[0])
      .join('');
    for (const alias of aliases.entries[entry.value] ?? []) {
      for (const w of canon(alias)) all.add(w);
      keys.add(words(alias).join(''));
    }
    return {
      entry,
      words: all,
      nameWordCount: nameWords.length,
      nameWords: new Set(nameWords),
      keys,
      initials: initials.length >= 2 ? initials : '',
      normalisedName: words(entry.name).join(' '),
      sortName: entry.name,
    };
  });
  // The same institute from two sources under two spellings ("Tiruchirappalli" / "Trichy") is offered
  // once: the entry it duplicates takes its words and short names. It stays in the table, so data that
  // saved its value still shows its name; the search just never offers it.
  const byValue = new Map(indexed.map((item) => [item.entry.value, item]));
  const duplicates = new Set<Indexed>();
  for (const [value, sameAs] of Object.entries(aliases.duplicates ?? {})) {
    const [drop, keep] = [byValue.get(value), byValue.get(sameAs)];
    if (!drop || !keep || drop === keep) continue;
    for (const w of drop.words) keep.words.add(w);
    for (const k of drop.keys) keep.keys.add(k);
    // The other spelling typed whole ranks the entry first, as a short name does ("Karnataka University").
    keep.keys.add(words(drop.entry.name).join(''));
    duplicates.add(drop);
  }
  const listed = indexed.filter((item) => !duplicates.has(item));
  const sorted = [...listed].sort(byName);
  // Inverted index: a word → the entries that have it; a whole-query key → the entries it names.
  const postings = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  indexed.forEach((item, i) => {
    if (duplicates.has(item)) return;
    for (const w of item.words) add(postings, w, i);
    for (const k of item.keys) add(byKey, k, i);
    if (item.initials) add(byKey, item.initials, i);
  });
  const vocabulary = [...postings.keys()];
  const vocabularyCounts = new Uint8Array(vocabulary.length * LETTERS);
  vocabulary.forEach((w, i) => letterCounts(w, vocabularyCounts, i * LETTERS));

  /** Every vocabulary word a query word matches, with how well (word → score). */
  const matchesOf = (q: string): Map<string, number> => {
    const scores = new Map<string, number>();
    const edits = allowedEdits(q);
    const qCounts = letterCounts(q);
    for (let i = 0; i < vocabulary.length; i++) {
      const w = vocabulary[i]!;
      let s = 0;
      if (q === w) s = 1;
      else if (q.length >= 2 && w.startsWith(q)) s = 0.85;
      else if (
        edits > 0 &&
        Math.abs(w.length - q.length) <= edits &&
        bagDistance(qCounts, vocabularyCounts, i * LETTERS) <= edits &&
        editDistance(q, w, edits) <= edits
      )
        s = 0.7;
      // A canonical word's other spellings match for it too ("kolkatta" → kolkata → calcutta).
      for (const other of s < 1 ? (spellings.get(w) ?? []) : []) s = Math.max(s, wordScore(q, other, edits));
      if (s > 0) scores.set(w, s);
    }
    return scores;
  };
  // Typing asks for the same words again and again ("anna u", "anna un", "anna uni"…).
  const recent = new Map<string, Map<string, number>>();
  const cachedMatchesOf = (q: string): Map<string, number> => {
    let scores = recent.get(q);
    if (scores) {
      recent.delete(q);
    } else {
      scores = matchesOf(q);
      if (recent.size >= 1000) recent.delete(recent.keys().next().value!);
    }
    recent.set(q, scores);
    return scores;
  };

  return {
    size: listed.length,
    search(search, seed, count) {
      const queryWords = search ? canon(search) : [];
      if (!search || words(search).length === 0) {
        return { rows: sorted.slice(seed, seed + count).map((i) => i.entry), total: sorted.length };
      }
      const key = words(search).join('');
      const phrase = words(search).join(' ');
      // Each query word against the vocabulary once: word → score.
      const perWord = queryWords.map(cachedMatchesOf);
      // Only entries that can match are scored: those with a word matching the rarest query word, and
      // those the whole query names.
      const candidates = new Set<number>(byKey.get(key) ?? []);
      let rarest: Map<string, number> | undefined;
      let rarestSize = Infinity;
      for (const scores of perWord) {
        let size = 0;
        for (const w of scores.keys()) size += postings.get(w)!.length;
        if (size < rarestSize) [rarest, rarestSize] = [scores, size];
      }
      for (const w of rarest?.keys() ?? []) for (const i of postings.get(w)!) candidates.add(i);

      const hits: { item: Indexed; score: number }[] = [];
      for (const i of candidates) {
        const item = indexed[i]!;
        let score = 0;
        const keyHit = item.keys.has(key) ? 3 : item.initials === key ? 2.5 : 0;
        if (!keyHit) {
          if (queryWords.length === 0) continue;
          let matched = true;
          for (const scores of perWord) {
            let best = 0;
            let inName = false;
            for (const w of item.words) {
              const s = scores.get(w);
              if (s !== undefined && (s > best || (s === best && !inName && item.nameWords.has(w)))) {
                best = s;
                inName = item.nameWords.has(w);
              }
            }
            if (best === 0) {
              matched = false;
              break;
            }
            score += best + (inName ? 0.05 : 0);
          }
          if (!matched) continue;
          score /= queryWords.length;
        } else {
          score = keyHit;
        }
        if (item.normalisedName.startsWith(phrase)) score += 0.5;
        // Words of the name the query did not ask for push an entry down a little.
        score -= Math.max(0, item.nameWordCount - queryWords.length) * 0.02;
        hits.push({ item, score });
      }
      hits.sort((a, b) => b.score - a.score || byName(a.item, b.item));
      return { rows: hits.slice(seed, seed + count).map((h) => h.item.entry), total: hits.length };
    },
  };
}
