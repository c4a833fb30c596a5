/**
 * The reference lists behind the institute and board autocompletes, from the public sources named in
 * `reference/README.md` (values are stable: saved verification data holds them).
 */
import boardRows from './reference/boards.json' with { type: 'json' };
import aliasData from './reference/aliases.json' with { type: 'json' };
import instituteRows from './reference/institutes.json' with { type: 'json' };
import nationalRows from './reference/national-importance.json' with { type: 'json' };
import collegeRows from './reference/colleges.json' with { type: 'json' };
import aicteRows from './reference/aicte.json' with { type: 'json' };

export type ReferenceRow = { value: string; name: string; state: string | null; city: string | null };

const rows = (data: readonly (readonly string[])[]): readonly ReferenceRow[] =>
  data.map(([value = '', name = '', state = '', city = '']) => ({
    value,
    name,
    state: state || null,
    city: city || null,
  }));

/**
 * Universities (UGC list), ranked institutes (NIRF) and institutes with web domains (Hipo), merged; then
 * the Institutes of National Importance those lists miss (IISERs, AIIMS, NIPERs, IIITs…, from the
 * ministries' lists), well-known affiliated and autonomous colleges (by hand), and the institutions AICTE
 * approves (engineering, management, computer applications, polytechnics…) the others miss; see the README.
 */
export const INSTITUTES: readonly ReferenceRow[] = [
  ...rows(instituteRows),
  ...rows(nationalRows),
  ...rows(collegeRows),
  ...rows(aicteRows),
];

/** CBSE, CISCE (ICSE/ISC), NIOS, every state's secondary and higher secondary board, state open schools. */
export const BOARDS: readonly ReferenceRow[] = rows(boardRows);

/** Other spellings of words, and the short and Hindi names entries are known by (search only). */
export const REFERENCE_ALIASES: {
  abbreviations: Readonly<Record<string, string>>;
  words: Readonly<Record<string, readonly string[]>>;
  institute: Readonly<Record<string, readonly string[]>>;
  board: Readonly<Record<string, readonly string[]>>;
  /** A town → the districts it is the main town of (an entry's city is often its district). */
  places?: Readonly<Record<string, readonly string[]>>;
  /** An institute's value → the value of the same institute under another spelling (offered once). */
  duplicates?: Readonly<Record<string, string>>;
} = aliasData;
