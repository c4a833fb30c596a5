import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { sandboxAadhaarChecks } from '../../db/schema/index.js';

export type SandboxCheckRow = typeof sandboxAadhaarChecks.$inferSelect;

/**
 * The Aadhaar sandbox's own books: its checks, shared by every instance on the database. It is
 * "another company": it reads and writes only its own table. Each step that uses a check up is one
 * conditional statement, so two instances answering the same check at once have one winner.
 */
export function createAadhaarSandboxRepository(orm: Orm) {
  return {
    async insert(row: typeof sandboxAadhaarChecks.$inferInsert): Promise<void> {
      await orm.insert(sandboxAadhaarChecks).values(row);
    },

    async find(ref: string): Promise<SandboxCheckRow | undefined> {
      const [row] = await orm.select().from(sandboxAadhaarChecks).where(eq(sandboxAadhaarChecks.ref, ref));
      return row;
    },

    /** A new captcha for a check still waiting for its answer; false when it no longer is. */
    async replaceCaptcha(ref: string, captchaHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await orm
        .update(sandboxAadhaarChecks)
        .set({ captchaHash, expiresAt })
        .where(and(eq(sandboxAadhaarChecks.ref, ref), isNotNull(sandboxAadhaarChecks.captchaHash)))
        .returning({ ref: sandboxAadhaarChecks.ref });
      return rows.length > 0;
    },

    /** The captcha `answered` (its hash) is used up and the OTP recorded; false when it was already. */
    async captchaAnswered(
      ref: string,
      answered: string,
      otp: { otpHash: string; otpExpiresAt: Date },
    ): Promise<boolean> {
      const rows = await orm
        .update(sandboxAadhaarChecks)
        .set({ captchaHash: null, ...otp, expiresAt: otp.otpExpiresAt })
        .where(and(eq(sandboxAadhaarChecks.ref, ref), eq(sandboxAadhaarChecks.captchaHash, answered)))
        .returning({ ref: sandboxAadhaarChecks.ref });
      return rows.length > 0;
    },

    /** The check verified with the OTP of `otpHash`, deleted; false when another answer took it first. */
    async useUp(ref: string, otpHash: string): Promise<boolean> {
      const rows = await orm
        .delete(sandboxAadhaarChecks)
        .where(and(eq(sandboxAadhaarChecks.ref, ref), eq(sandboxAadhaarChecks.otpHash, otpHash)))
        .returning({ ref: sandboxAadhaarChecks.ref });
      return rows.length > 0;
    },

    /** Drops the checks that expired before `cutoff`; answers how many. */
    async sweep(cutoff: Date): Promise<number> {
      const rows = await orm
        .delete(sandboxAadhaarChecks)
        .where(lt(sandboxAadhaarChecks.expiresAt, cutoff))
        .returning({ ref: sandboxAadhaarChecks.ref });
      return rows.length;
    },
  };
}

export type AadhaarSandboxRepository = ReturnType<typeof createAadhaarSandboxRepository>;
