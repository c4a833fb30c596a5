import { verificationTypeOf, type ClaimedFact, type InstitutionKind } from '@veridocs/shared';

/**
 * Pure rules of the institutions module (issue 27): which institution a verification's saved data names,
 * the facts a request claims from it, the employer's name key, how an address is masked.
 */

/** What a verification's data names: a reference entry (refValue) or a typed name. */
export interface NamedInstitution {
  kind: InstitutionKind;
  /** reference_options.value for a chosen institute or board; null when typed (manual) or an employer. */
  refValue: string | null;
  /** The typed name (manual entry, employer); null when the reference data names it. */
  typedName: string | null;
}

const EDUCATION_FIELDS: readonly { field: string; kind: InstitutionKind }[] = [
  { field: 'institute', kind: 'institute' },
  { field: 'board', kind: 'board' },
];
/** Where the seed's employment configs keep the employer (bgv-employment, employment-check). */
const EMPLOYER_FIELDS = ['companyName', 'employerName'];

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** The name key of the directory (institutions.name_key): lower case, spaces collapsed. */
export function nameKeyOf(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The institution a verification's saved data names, or null (identity, address, …). */
export function institutionNamed(data: Record<string, unknown>): NamedInstitution | null {
  for (const { field, kind } of EDUCATION_FIELDS) {
    const value = data[field];
    if (typeof value !== 'object' || value === null) continue;
    const { value: refValue, manual, name } = value as { value?: unknown; manual?: unknown; name?: unknown };
    if (manual === true && text(name)) return { kind, refValue: null, typedName: text(name) };
    // "Other" is the reference list's escape hatch, not an institution.
    if (text(refValue) && refValue !== 'Other') return { kind, refValue: text(refValue), typedName: null };
  }
  for (const field of EMPLOYER_FIELDS) {
    const name = text(data[field]);
    if (name) return { kind: 'employer', refValue: null, typedName: name };
  }
  return null;
}

const FACT_LABELS: Record<string, string> = {
  name: 'Name',
  candidateId: 'Roll or registration number',
  programme: 'Programme',
  years: 'Years',
  result: 'Result',
  employeeId: 'Employee ID',
  designation: 'Designation',
  period: 'Period of employment',
};

/**
 * The facts a request claims (labels in English; the responder's page translates by key): for
 * education name, candidateId, programme, years, result; for employment name, employeeId, designation,
 * period. Only the facts the data has.
 */
export function claimedFacts(
  verificationName: string,
  data: Record<string, unknown>,
  profileName: string,
): ClaimedFact[] {
  const facts: [string, string | null][] = [];
  const name = text(data.candidateName) ?? text(profileName);
  const employment = institutionNamed(data)?.kind === 'employer';
  if (employment) {
    const joined = text(data.joiningDate);
    const left = data.currentlyWorking === 'yes' ? 'present' : text(data.relievingDate);
    facts.push(
      ['name', name],
      ['employeeId', text(data.employeeId)],
      ['designation', text(data.designation)],
      ['period', joined ? `${joined} to ${left ?? '—'}` : null],
    );
  } else {
    const type = verificationTypeOf(verificationName);
    const programme =
      text(data.degreeName) ??
      (type === 'bgv-tenth' ? 'Class X' : type === 'bgv-twelfth' ? 'Class XII' : null);
    const from = text(data.startYear);
    const to = text(data.passingYear);
    facts.push(
      ['name', name],
      ['candidateId', text(data.rollNumber) ?? text(data.instituteId) ?? text(data.enrolmentNumber)],
      ['programme', programme],
      ['years', to ? (from ? `${from}–${to}` : to) : null],
      ['result', text(data.result) ?? text(data.grade) ?? text(data.percentage) ?? text(data.cgpa)],
    );
  }
  return facts.flatMap(([key, claimed]) =>
    claimed ? [{ key, label: FACT_LABELS[key] ?? key, claimed: claimed.slice(0, 300) }] : [],
  );
}

/** r*****r@example.edu: the first and last letters of the local part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at);
  const shown =
    local.length <= 2 ? `${local[0]}*` : `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * Answers in the order they were given: by time, and among answers of the same instant (a frozen or
 * coarse clock) a correction after what it corrects, by its depth in the correction chain.
 */
export function inAnswerOrder<T extends { id: string; correctsAnswerId: string | null; answeredAt: Date }>(
  rows: readonly T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = (row: T): number => {
    let n = 0;
    for (let at = row.correctsAnswerId; at && n <= rows.length; at = byId.get(at)?.correctsAnswerId ?? null)
      n++;
    return n;
  };
  return rows
    .map((row) => ({ row, depth: depth(row) }))
    .sort((a, b) => a.row.answeredAt.getTime() - b.row.answeredAt.getTime() || a.depth - b.depth)
    .map(({ row }) => row);
}
