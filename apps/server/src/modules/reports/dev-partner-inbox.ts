import { createHash } from 'node:crypto';
import { reportWebhookSchema } from '@veridocs/shared';
import type { Clock } from '../../lib/clock.js';
import { verifyReportSignature } from '../../providers/report-delivery/index.js';

export interface InboxEntry {
  partnerId: string;
  receivedAt: string;
  eventId: string;
  code: string;
  transactionId: string;
  /** Of the PDF as received (decoded from base64): equal to the report's digest when it arrived whole. */
  pdfSha256: string;
  pdfBytes: number;
  /** The `x-veridocs-signature` header as it came (checked before the entry is kept). */
  signature: string;
}

/**
 * The built-in evaluation partner (dev tools only, ADR 0028): the dev default delivers every partner's
 * reports here, so delivery works end to end out of the box. It checks the signature as a partner
 * would and keeps the last 50 in this process's memory.
 */
export function createDevPartnerInbox(deps: { secret: string; now: Clock }) {
  const kept: InboxEntry[] = [];
  return {
    /** Answers false (the route's 401) for a bad signature or body. */
    receive(partnerId: string, body: string, signature: string | undefined): boolean {
      const nowSeconds = Math.floor(deps.now().getTime() / 1000);
      if (!verifyReportSignature(deps.secret, body, signature, nowSeconds)) return false;
      let parsed;
      try {
        parsed = reportWebhookSchema.safeParse(JSON.parse(body));
      } catch {
        return false;
      }
      if (!parsed.success) return false;
      const pdf = Buffer.from(parsed.data.data.pdf.base64, 'base64');
      kept.unshift({
        partnerId,
        receivedAt: deps.now().toISOString(),
        eventId: parsed.data.id,
        code: parsed.data.data.code,
        transactionId: parsed.data.data.transactionId,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        pdfBytes: pdf.length,
        signature: signature ?? '',
      });
      kept.splice(50);
      return true;
    },
    list: (): InboxEntry[] => [...kept],
  };
}
export type DevPartnerInbox = ReturnType<typeof createDevPartnerInbox>;
