import { and, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { orgDigestLines, orgNotificationMails } from '../../db/schema/index.js';

/** What an organisation's change e-mail about an erased candidate reads afterwards (ADR 0049). */
export const ERASED_MAIL = { subject: 'A candidate’s request changed', body: '(erased)' } as const;

/** A mail as it was sent, for its delivered copies (the dev outbox stores `${subject}\n\n${body}`). */
export type SentMail = { to: string; sent: string };

/**
 * The organisation's e-mails about a candidate's request (ADR 0049 "Erasure"): a change e-mail names the
 * candidate in its subject and body, kept here after it was sent; its key starts `org-bucket:<txnId>:`.
 * A daily digest names several candidates, one line per change: each line is recorded in
 * `org_digest_lines` with its transaction, and only that line is rewritten. Digests written before
 * migration 0046 have no lines recorded: they stay until pruned (90 days after sending).
 */
export function createOrgNotificationsErasureRepository(orm: Orm) {
  return {
    /**
     * Blanks the change e-mails about `txnIds`, after `clearCopies` got each as it was sent (its copies go
     * first: a crash in between leaves the row named, which a rerun finds again).
     */
    async eraseChangeMails(
      txnIds: readonly string[],
      clearCopies: (mails: SentMail[]) => Promise<void>,
    ): Promise<void> {
      if (txnIds.length === 0) return;
      const about = and(
        eq(orgNotificationMails.kind, 'change'),
        or(...txnIds.map((txnId) => like(orgNotificationMails.key, `org-bucket:${txnId}:%`))),
      );
      const rows = await orm
        .select({
          id: orgNotificationMails.id,
          to: orgNotificationMails.toEmail,
          subject: orgNotificationMails.subject,
          body: orgNotificationMails.body,
        })
        .from(orgNotificationMails)
        .where(about);
      const named = rows.filter((r) => r.body !== ERASED_MAIL.body);
      if (named.length === 0) return;
      await clearCopies(named.map((r) => ({ to: r.to, sent: `${r.subject}\n\n${r.body}` })));
      await orm
        .update(orgNotificationMails)
        .set({ subject: ERASED_MAIL.subject, body: ERASED_MAIL.body })
        .where(
          inArray(
            orgNotificationMails.id,
            named.map((r) => r.id),
          ),
        );
    },

    /**
     * Rewrites the digest lines about `txnIds` without the candidate's name (the counts and the other
     * candidates' lines stay), after `clearCopies` got each digest as it was sent. Per mail, the body and
     * its lines' marks change in one database transaction, the mail's row locked (two erasures may
     * rewrite the same digest); a crash before leaves the lines unmarked, which a rerun finds again.
     */
    async eraseDigestLines(
      txnIds: readonly string[],
      clearCopies: (mails: SentMail[]) => Promise<void>,
      at: Date,
    ): Promise<void> {
      if (txnIds.length === 0) return;
      const open = (mailId?: string) =>
        and(
          inArray(orgDigestLines.txnId, [...txnIds]),
          isNull(orgDigestLines.erasedAt),
          mailId === undefined ? undefined : eq(orgDigestLines.mailId, mailId),
        );
      const mails = await orm
        .selectDistinct({
          id: orgNotificationMails.id,
          to: orgNotificationMails.toEmail,
          subject: orgNotificationMails.subject,
          body: orgNotificationMails.body,
        })
        .from(orgDigestLines)
        .innerJoin(orgNotificationMails, eq(orgNotificationMails.id, orgDigestLines.mailId))
        .where(open());
      if (mails.length === 0) return;
      await clearCopies(mails.map((m) => ({ to: m.to, sent: `${m.subject}\n\n${m.body}` })));
      for (const { id } of mails)
        await orm.transaction(async (tx) => {
          const [mail] = await tx
            .select({ body: orgNotificationMails.body })
            .from(orgNotificationMails)
            .where(eq(orgNotificationMails.id, id))
            .for('update');
          const lines = await tx
            .select({ lineNo: orgDigestLines.lineNo, erasedText: orgDigestLines.erasedText })
            .from(orgDigestLines)
            .where(open(id));
          if (!mail || lines.length === 0) return;
          const text = mail.body.split('\n');
          for (const line of lines) text[line.lineNo] = line.erasedText;
          await tx
            .update(orgNotificationMails)
            .set({ body: text.join('\n') })
            .where(eq(orgNotificationMails.id, id));
          await tx.update(orgDigestLines).set({ erasedAt: at }).where(open(id));
        });
    },
  };
}
