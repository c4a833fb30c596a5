#!/usr/bin/env node
/**
 * Writes `apps/server/src/db/seed-data/reference/aicte.json` from a snapshot of the AICTE list of
 * approved institutions (one JSON file per state, as kept in github.com/anburocky3/indian-colleges-data
 * under `data/states/`). Run by hand when the list is updated, never at install or run time:
 *
 *   npx tsx scripts/import-aicte.mjs <folder of the state files> <as-of date, e.g. 2025-10-30>
 *
 * An institution one of the other lists already has (same name words and state) is left out, so the
 * candidate sees it once. Values are stable: an entry already in aicte.json keeps its value, and one
 * the new snapshot lacks is kept as it was (never removed).
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
// The search's own normalisation (lower case, accents and punctuation dropped), so keys agree with it.
import { words } from '../apps/server/src/modules/reference/reference-search.ts';

const [folder, asOf] = process.argv.slice(2);
// `--retitle`: the names and districts already in aicte.json cased again by the current rule (AICTE
// wrote them in capitals, so their capitals give back what an import would): no snapshot needed. The
// other institute lists get their mid-name small words lowered ("Institute Of" → "Institute of").
const RETITLE = folder === '--retitle';
if (!RETITLE && (!folder || !asOf)) {
  console.error('usage: npx tsx scripts/import-aicte.mjs <folder of state files> <as-of date>');
  console.error('       npx tsx scripts/import-aicte.mjs --retitle');
  process.exit(2);
}
const REFERENCE = new URL('../apps/server/src/db/seed-data/reference/', import.meta.url).pathname;
const OUT = join(REFERENCE, 'aicte.json');

const STOP = new Set(['the', 'of', 'and', 'at', 'in', 'for', 'a', 'an', 'to', 'by', 'on']);
/** Name words without stop words, run together: "R.V. College of Engineering" = "RV COLLEGE OF ENGINEERING". */
const nameKey = (name) =>
  words(name)
    .filter((w) => !STOP.has(w))
    .join('');
const slug = (text) => words(text).join('-');

// Words AICTE writes in capitals that are abbreviations, not names (kept in capitals).
const ACRONYMS = new Set(
  (
    'pg ug bca mba mca bba bcom be btech mtech it ai ict iit nit iiit iim iiitm iiest iisc pgdm mes dav kle jss csi ' +
    'mgm bgs kmct ips srm mit ppp met msme ssm svkm rkdf mp up ap hp jk ncr itm ims ies iet iiet gitam vit kiit ' +
    'rvs cit gnit jnt jntu aktu rtu ptu ggsipu ipu ymca tkm kmea mea nss sngist scms mar ksr kpr sns vnr pes rv ' +
    'kls kles bms bmsce msrit cmr dy gh kj vjti spit dj vesit sies ves ncer ncrd abes akgec iimt gl kiet jims ' +
    'ace aim aims nsit hmr bpit bvp bvcoe mait msi ims sgt dps nims niet bsa rcc ghrce ycce kdk lit vnit ' +
    'jit jiet sit sist pit pict aissms aisms mmcoe nbn dyp tssm jspm rscoe zes zeal ait lnct sati iips ' +
    'tit oist rgpv pmec git gec igit cet cv nist svit ldrp ldce gcet bvm adit sal vgec mbm cgc rimt lpu ' +
    'dbu sbs ctu gna pcte cec ssit sit cmrit nhce rnsit bit ait mvjce dsce dsu bnmit sjbit sjce nie ' +
    'nmamit sdm sdmit kvg mite sjec aiet bgsit ssn sastra psna rmk rmd kcg snsct tce kec ' +
    'kct bit kiot mkce srec skcet vcet vec mepco psg anjac nec aec kln kcet ksrct vsb gct ptr ' +
    'cbit mvsr vjit vbit bvrit gnits griet cvr mlrit mrec mrcet jbiet kmit iare cmrec vce gprec rgm kits ' +
    'svec vrsec rvr gvp anits gmrit srkr svcet kiet ' +
    'bits iert ibs icfai imt xim xlri nmims iift iiht fiit nri imi apj amc awh asm nielit mgm met ec'
  ).split(' '),
);
// Titles and abbreviations with no vowel, written as words: "ST." → "St.", "DR" → "Dr", "ENGG." → "Engg.".
const TITLES = new Set([
  'st',
  'dr',
  'fr',
  'smt',
  'pt',
  'ch',
  'mr',
  'mrs',
  'sh',
  'shr',
  'mgmt',
  'engg',
  'sr',
  'jr',
  'pvt',
  'ltd',
]);
const SMALL = new Set(['of', 'and', 'for', 'the', 'in', 'at', 'to', 'by', 'on', 'cum', 'with']);
/** A small word written with a capital after another word: "Institute Of Technology". */
const CAPITAL_SMALL = new RegExp(
  `(?<=\\S\\s+)(${[...SMALL].map((w) => w[0].toUpperCase() + w.slice(1)).join('|')})(?=\\s)`,
  'g',
);

/**
 * A name already in mixed case (the hand-compiled lists) with its small words lowered mid-name:
 * "Indian Institute Of Technology–Ropar" → "Indian Institute of Technology–Ropar". Nothing else of
 * the name changes (titleCase would undo its sources' capitals: "IIT–Ropar").
 */
export function lowerSmallWords(name) {
  return name.replace(CAPITAL_SMALL, (word) => word.toLowerCase());
}

/** Quotes around a word ("'BITS'"): the word inside is cased, the quotes kept. */
const QUOTES = /^(['"\u2018\u2019`]*)(.*?)(['"\u2018\u2019`]*)$/s;

/** AICTE's capitals in title case: "SIR M.VISVESVARAYA INSTITUTE OF TECHNOLOGY" → "Sir M.Visvesvaraya Institute of Technology". */
export function titleCase(text) {
  let previous = '';
  return text
    .split(/(\s+|-|\(|\)|,|\/)/)
    .map((token, i) => {
      if (!/[A-Za-z]/.test(token)) return token;
      // A possessive written apart ("VIDYAPEETH 'S") stays "'s".
      if (/^['\u2019]s$/i.test(token)) return token.toLowerCase();
      const [, open, word, close] = QUOTES.exec(token);
      const before = previous;
      previous = word.toLowerCase();
      return open + titleWord(word, i, before) + close;
    })
    .join('');
}

/** One word of a name, `i` its token's position and `before` the word before it (lower case). */
function titleWord(token, i, before) {
  const lower = token.toLowerCase();
  if (i > 0 && SMALL.has(lower)) return lower;
  // "Deemed to be University": "be" is the verb there, not the degree (B.E.).
  if (lower === 'be' && before === 'to') return lower;
  // A possessive keeps its "'s" in lower case: "MGM'S" → "MGM's".
  const possessive = /['\u2019]s$/i.test(token) ? token.slice(-2).toLowerCase() : '';
  const stem = possessive ? token.slice(0, -2) : token;
  const bare = stem.toLowerCase().replace(/\./g, '');
  // Listed abbreviations, Roman numerals (Campus II), and short words with no vowel (BMS, SDM, YSR).
  if (
    ACRONYMS.has(bare) ||
    /^(ii|iii|iv|vi|vii|viii|ix|xi|xii)$/.test(bare) ||
    (!stem.includes('.') &&
      bare.length >= 2 &&
      bare.length <= 4 &&
      !/[aeiou]/.test(bare) &&
      !TITLES.has(bare))
  )
    return stem.toUpperCase() + possessive;
  // Initials and dotted abbreviations: "K.K." stays, "DR." → "Dr.", "M.VISVESVARAYA" → "M.Visvesvaraya".
  return token
    .split('.')
    .map((part) =>
      part.length <= 1 ? part.toUpperCase() : part[0].toUpperCase() + part.slice(1).toLowerCase(),
    )
    .join('.');
}

const clean = (text) =>
  String(text ?? '')
    .replace(/\u00c2(?=[\s\u00a0])/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/[\s,.\-–]+$/, '')
    // A whole name in double quotes ("\"SHRI SATSANGI …\"") is the name.
    .replace(/^"(.*)"$/s, '$1')
    .trim();

/** One row per line: [value, name, state, city (the district), type, sources, AICTE id]. */
const write = (rows) =>
  writeFileSync(
    OUT,
    `[\n${rows.map((r) => JSON.stringify([r.value, r.name, r.state, r.district, r.type, 'a', r.id])).join(',\n')}\n]\n`,
  );

if (RETITLE) {
  const rows = JSON.parse(readFileSync(OUT, 'utf8'));
  let changed = 0;
  const retitled = rows.map(([value, name, state, district, type, , id]) => {
    const row = {
      value,
      name: titleCase(clean(name.toUpperCase())),
      state,
      district: titleCase(clean(district.toUpperCase())),
      type,
      id,
    };
    if (row.name !== name || row.district !== district) changed += 1;
    return row;
  });
  write(retitled);
  console.log(`${changed} of ${rows.length} rows cased again`);
  // The hand-compiled lists keep their sources' spelling but for small words capitalised mid-name.
  for (const file of ['institutes.json', 'national-importance.json', 'colleges.json']) {
    const path = join(REFERENCE, file);
    const listed = JSON.parse(readFileSync(path, 'utf8'));
    let lowered = 0;
    const next = listed.map(([value, name, ...rest]) => {
      const cased = lowerSmallWords(name);
      if (cased !== name) lowered += 1;
      return [value, cased, ...rest];
    });
    // Their layout: one row per line, ", " between the columns.
    writeFileSync(
      path,
      `[\n${next.map((r) => `[${r.map((v) => JSON.stringify(v)).join(', ')}]`).join(',\n')}\n]\n`,
    );
    console.log(`${file}: ${lowered} names with small words lowered`);
  }
  process.exit(0);
}

// The other lists: an institution they have is not repeated, and their values are taken.
const others = ['institutes.json', 'national-importance.json', 'colleges.json'].flatMap((file) =>
  JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')),
);
const known = new Set(others.map(([, name, state]) => `${nameKey(name)}|${state}`));
const knownNoState = new Set(others.filter(([, , state]) => !state).map(([, name]) => nameKey(name)));
const taken = new Set(others.map(([value]) => value));
// An earlier run's values stay with their institutions (by AICTE id).
const previous = existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')) : [];
const previousValue = new Map(previous.map((row) => [row[6], row[0]]));
for (const row of previous) taken.add(row[0]);

const records = readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')));

let skipped = 0;
const seen = new Set();
const rows = [];
for (const record of records.sort((a, b) => String(a.aicte_id).localeCompare(String(b.aicte_id)))) {
  const name = titleCase(clean(record.institute_name));
  const state = clean(record.state);
  if (!name || !state) continue;
  const key = `${nameKey(name)}|${state}`;
  if (known.has(key) || knownNoState.has(nameKey(name))) {
    skipped += 1;
    continue;
  }
  const district = titleCase(clean(record.district));
  // The same name twice in a state (two campuses) stays twice, told apart by the district.
  const placeKey = `${key}|${district}`;
  if (seen.has(placeKey)) continue;
  seen.add(placeKey);
  rows.push({
    id: String(record.aicte_id),
    name,
    state,
    district,
    type: clean(record.institution_type),
  });
}

// Values: kept from the previous run, else the name's slug, then with the district, the state, -2….
for (const row of rows) {
  const kept = previousValue.get(row.id);
  if (kept) {
    row.value = kept;
    continue;
  }
  const candidates = [
    slug(row.name),
    slug(`${row.name} ${row.district}`),
    slug(`${row.name} ${row.district} ${row.state}`),
  ];
  let value = candidates.find((c) => !taken.has(c));
  for (let n = 2; !value; n += 1) if (!taken.has(`${candidates[2]}-${n}`)) value = `${candidates[2]}-${n}`;
  taken.add(value);
  row.value = value;
}

// A row once written stays (an institution AICTE no longer lists still has graduates, saved data
// names its value, and the seed never deletes): carried over as it was.
const current = new Set(rows.map((r) => r.id));
let carried = 0;
for (const [value, name, state, district, type, , id] of previous) {
  if (current.has(id)) continue;
  rows.push({ value, name, state, district, type, id });
  carried += 1;
}

rows.sort(
  (a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
);
// (The affiliating university is left out: nothing shows it, and the file stays under 2 MB.)
write(rows);
console.log(
  `${rows.length} institutions written (as of ${asOf}); ${skipped} already in the other lists; ${carried} kept from the previous file`,
);
