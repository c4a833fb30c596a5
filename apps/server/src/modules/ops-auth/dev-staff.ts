import type { StaffRole } from '@veridocs/shared';
import type { OpsAuthService } from './ops-auth-service.js';

/**
 * The accounts `npm start` creates with dev tools on (ADR 0019), with known passwords: for trying the
 * ops API and for the end-to-end tests. Never created with dev tools off.
 */
export const DEV_STAFF: readonly { email: string; name: string; role: StaffRole; password: string }[] = [
  { email: 'admin@veridocs.test', name: 'Dev Admin', role: 'admin', password: 'dev-admin-password' },
  {
    email: 'verifier@veridocs.test',
    name: 'Dev Verifier',
    role: 'verifier',
    password: 'dev-verifier-password',
  },
];

/** Creates the dev accounts that do not exist yet (an existing one is left as it is). */
export async function seedDevStaff(auth: OpsAuthService): Promise<void> {
  for (const account of DEV_STAFF) await auth.createStaff(account);
}
