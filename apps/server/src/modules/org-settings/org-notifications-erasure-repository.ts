import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { orgNotificationMails } from '../../db/schema/index.js';

/** What an organisation's change e-mail about an erased candidate reads afterwards (ADR 0049). */
export const ERASED_MAIL = { subject: 'A candidate’s request changed', body: '(erased)' } as const;

/**
 * The organisation's e-mails about a candidate's request (ADR 0049 "Erasure"): a change e-mail names the
 * candidate in its subject and body, kept here after it was sent. Its key starts `org-bucket:<txnId>:`.
 * (The daily digest's lines name candidates too, several in one mail, with no key per candidate: not
 * erased yet, see ADR 0049 "Erasure".)
 */
export function createOrgNotificationsErasureRepository(orm: Orm) {
  return {
    /**
     * Blanks the change e-mails about `txnIds`, after `clearCopies` got each as it was sent (its copies go
     * first: a crash in between leaves the row named, which a rerun finds again).
     */
    async eraseChangeMails(
      txnIds: readonly string[],
      clearCopies: (mails: { to: string; sent: string }[]) => Promise<void>,
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
  };
}
