/**
 * The candidate's rights pages (issue 29, ADR 0049), all under the router's one `/privacy/*` entry
 * (PATHS.privacy): kept out of paths.ts, which the sign-in page loads, at its budget.
 */
export const PRIVACY_PAGES = {
  /** Consents by request and their withdrawal. */
  consents: '/privacy',
  /** What the product holds about the candidate and who received it. */
  access: '/privacy/access',
  /** The right to erasure: the request, what is kept and why, its status. */
  erasure: '/privacy/erasure',
  /** The right to a copy: everything held, as a ZIP (data.json, their files, a README). */
  export: '/privacy/export',
  /** The right to correction: a request to the team, with its outcome. */
  correction: '/privacy/correction',
  /** A grievance to the grievance officer, answered within 90 days. */
  grievance: '/privacy/grievance',
  /** The nominee who may use the candidate's rights on their behalf (DPDP Act s. 14). */
  nomination: '/privacy/nomination',
} as const;
