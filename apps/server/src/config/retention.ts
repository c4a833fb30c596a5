import { RETENTION_DEFAULT_DAYS, type RetentionClass } from '@veridocs/shared';
import type { Env } from './env-schema.js';
import { ConfigError, type RetentionConfig } from './types.js';

/**
 * The law's minimums (ADR 0049): an operator may lengthen a period, never shorten these below them.
 * Payment and tax records: Income-tax Act s. 44AA / rule 6F and CGST Act s. 36; access logs: the DPDP
 * Rules' one year for logs of processing.
 */
export const RETENTION_MINIMUM_DAYS: Partial<Record<RetentionClass, { days: number; why: string }>> = {
  payments: { days: 8 * 365, why: '8 years (Income-tax Act s. 44AA, CGST Act s. 36)' },
  access_logs: { days: 365, why: '1 year (the DPDP Rules keep logs of processing a year)' },
};

/** The variable of a class: `uploaded_documents` → RETENTION_UPLOADED_DOCUMENTS_DAYS. */
export const retentionVariable = (dataClass: RetentionClass) =>
  `RETENTION_${dataClass.toUpperCase()}_DAYS` as const;

/** The schedule: each class's RETENTION_<CLASS>_DAYS, or the shared default; below a minimum refused. */
export function retentionConfig(e: Env): RetentionConfig {
  const schedule = { ...RETENTION_DEFAULT_DAYS } as RetentionConfig;
  const problems: string[] = [];
  for (const dataClass of Object.keys(RETENTION_DEFAULT_DAYS) as RetentionClass[]) {
    const name = retentionVariable(dataClass);
    const days = e[name as keyof Env] as number | undefined;
    if (days === undefined) continue;
    const minimum = RETENTION_MINIMUM_DAYS[dataClass];
    if (minimum && days < minimum.days)
      problems.push(`${name}=${days} is below the legal minimum of ${minimum.days} days: ${minimum.why}`);
    schedule[dataClass] = days;
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return schedule;
}
