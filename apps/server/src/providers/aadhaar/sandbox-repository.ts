import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
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
    /**
     * Stores a new check and drops those that expired before `sweepBefore`, in one statement (issue 31
     * §4: checks abandoned long ago go with each new one; an index range, cheap).
     */
    async insertSweeping(row: typeof sandboxAadhaarChecks.$inferInsert, sweepBefore: Date): Promise<void> {
      const t = sandboxAadhaarChecks;
      const at = (d: Date | null | undefined) => (d ? d.toISOString() : null);
      await orm.execute(sql`with swept as (delete from ${t} where ${t.expiresAt} < ${at(sweepBefore)}::timestamptz)
        insert into ${t} (ref, record, captcha_hash, otp_hash, otp_expires_at, expires_at, created_at)
        values (${row.ref}, ${row.record}, ${row.captchaHash ?? null}, ${row.otpHash ?? null},
          ${at(row.otpExpiresAt)}::timestamptz, ${at(row.expiresAt)}::timestamptz,
          ${at(row.createdAt ?? new Date())}::timestamptz)`);
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

    /**
     * The check verified with the OTP of `otpHash` before it expired, deleted: its record, or undefined
     * (a wrong or expired OTP, or another answer took it first; `find` tells which).
     */
    async useUp(ref: string, otpHash: string, at: Date): Promise<SandboxCheckRow['record'] | undefined> {
      const [row] = await orm
        .delete(sandboxAadhaarChecks)
        .where(
          and(
            eq(sandboxAadhaarChecks.ref, ref),
            eq(sandboxAadhaarChecks.otpHash, otpHash),
            gt(sandboxAadhaarChecks.otpExpiresAt, at),
          ),
        )
        .returning({ record: sandboxAadhaarChecks.record });
      return row?.record;
    },
  };
}

export type AadhaarSandboxRepository = ReturnType<typeof createAadhaarSandboxRepository>;
