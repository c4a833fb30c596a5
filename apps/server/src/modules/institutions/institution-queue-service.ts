import type { InstitutionRequestList, InstitutionRequestListQuery } from '@veridocs/shared';
import type { CaseNames } from './institution-mail-service.js';
import type { InstitutionQueueRepository } from './institution-queue-repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The team's queue of institution requests (issue 27): escalated ones first by when they were escalated. */
export function createInstitutionQueueService(deps: {
  repo: InstitutionQueueRepository;
  caseNames: (txnIds: readonly string[]) => Promise<Map<string, CaseNames>>;
}) {
  return {
    async list(query: InstitutionRequestListQuery): Promise<InstitutionRequestList> {
      const { rows, total } = await deps.repo.page(query.status, query.offset, query.limit);
      const names = await deps.caseNames([...new Set(rows.map((x) => x.request.txnId))]);
      return {
        total,
        items: rows.map(({ request, institution, contactEmail }) => ({
          id: request.id,
          txnId: request.txnId,
          candidateName: names.get(request.txnId)?.candidateName ?? '',
          institution,
          contactEmail,
          status: request.status,
          verificationNames: request.claims.map((c) => c.verificationName),
          createdAt: request.createdAt.toISOString(),
          sentAt: iso(request.sentAt),
          linkExpiresAt: request.linkExpiresAt.toISOString(),
          remindersSent: request.remindersSent,
          nextReminderAt: iso(request.nextReminderAt),
          escalatedAt: iso(request.escalatedAt),
        })),
      };
    },
  };
}

export type InstitutionQueueService = ReturnType<typeof createInstitutionQueueService>;
