/**
 * The credential-evaluation partners (DESIGN.md §4): a directory of partners with the format of their
 * reference numbers, and a look-up of the e-mail address a partner has registered for a reference.
 * The embedded default is a sandbox with documented references (README, "Evaluation partner"); a
 * partner's real API gets its own adapter behind this interface.
 */
export interface PartnerInfo {
  id: string;
  name: string;
  /** Anchored regular expression a reference number (upper-cased, trimmed) must match. */
  pattern: RegExp;
  example: string;
}

export interface EvaluationDirectory {
  readonly name: string;
  partners(): readonly PartnerInfo[];
  /** The e-mail address the partner has registered for this reference, or null when it has none. */
  registeredEmail(partnerId: string, reference: string): Promise<string | null>;
}

/** The partners and the formats of their reference numbers. */
export const PARTNERS: readonly PartnerInfo[] = [
  { id: 'WES', name: 'World Education Services (WES)', pattern: /^\d{7}$/, example: '4012345' },
  {
    id: 'ECA',
    name: 'Educational Credential Assessment (ECA)',
    pattern: /^ECA-\d{8}$/,
    example: 'ECA-20240001',
  },
  {
    id: 'IQAS',
    name: 'International Qualifications Assessment Service (IQAS)',
    pattern: /^IQ\d{7}$/,
    example: 'IQ1234567',
  },
  {
    id: 'ICAS',
    name: 'International Credential Assessment Service of Canada (ICAS)',
    pattern: /^ICAS-\d{6}$/,
    example: 'ICAS-123456',
  },
  {
    id: 'CES',
    name: 'Comparative Education Service (CES)',
    pattern: /^CES\d{6}$/,
    example: 'CES654321',
  },
  {
    id: 'ECE',
    name: 'Educational Credential Evaluators (ECE)',
    pattern: /^\d{6}-\d{2}$/,
    example: '123456-01',
  },
];

/**
 * The sandbox's registered applications: partner → reference → e-mail. Documented in the README; any
 * other well-formed reference is "not found" (code 150).
 */
export const SANDBOX_REFERENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  WES: { '4012345': 'asha.verma@example.com', '4098765': 'rahul.singh@example.org' },
  ECA: { 'ECA-20240001': 'priya.nair@example.net' },
  IQAS: { IQ1234567: 'arjun.mehta@example.com' },
  ICAS: { 'ICAS-123456': 'neha.gupta@example.org' },
  CES: { CES654321: 'vikram.rao@example.com' },
  ECE: { '123456-01': 'meera.iyer@example.net' },
};

export function createSandboxDirectory(): EvaluationDirectory {
  return {
    name: 'sandbox',
    partners: () => PARTNERS,
    registeredEmail: (partnerId, reference) =>
      Promise.resolve(SANDBOX_REFERENCES[partnerId]?.[reference] ?? null),
  };
}
