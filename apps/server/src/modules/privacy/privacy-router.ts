import {
  PRIVACY_OPS_PATHS,
  breachBoardNotifiedSchema,
  breachDetailSchema,
  breachListSchema,
  breachNotifyRequestSchema,
  breachNotifyResponseSchema,
  breachVersionInputSchema,
  ledgerCheckResponseSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { BreachService } from './breach-service.js';
import type { PrivacyService } from './privacy-service.js';

const breachParams = z.object({ breachId: z.uuid('A breach id is a UUID') });

/** The team's privacy routes (admins' family; ADR 0049). */
export const privacyOpsRouter: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  breaches: BreachService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { privacy, breaches, audit }) => {
  app.post(
    PRIVACY_OPS_PATHS.ledgerCheck,
    {
      schema: {
        tags: ['ops'],
        summary: 'Walks the consent ledger and answers the first entry that does not hold',
        description:
          'Each entry must follow the previous one (seq), hold its hash (prev_hash) and hash to its own hash. ' +
          'The head hash, noted outside the product, shows a later rewrite of the whole chain.',
        security: [{ opsBearer: [] }],
        response: responses(ledgerCheckResponseSchema),
      },
    },
    async (request) => {
      const result = await privacy.check();
      await audit({
        staffId: currentStaff(request).staffId,
        action: 'privacy.ledger-check',
        targetType: 'consent-ledger',
        targetId: result.headHash ?? 'empty',
        detail: { entries: result.entries, ok: result.ok, firstBadSeq: result.firstBadSeq },
        ip: originOf(request).ip,
      });
      return ok(result, result.ok ? 'The consent ledger holds' : 'The consent ledger does not hold');
    },
  );

  // The breach register (ADR 0049 "Breaches"): every write is audited.
  const audited = async (
    request: Parameters<typeof currentStaff>[0],
    action: string,
    breachId: string,
    detail: Record<string, unknown>,
  ) =>
    audit({
      staffId: currentStaff(request).staffId,
      action,
      targetType: 'breach',
      targetId: breachId,
      detail,
      ip: originOf(request).ip,
    });

  app.get(
    PRIVACY_OPS_PATHS.breaches,
    {
      schema: {
        tags: ['ops'],
        summary: 'The breach register, newest first',
        security: [{ opsBearer: [] }],
        response: responses(breachListSchema),
      },
    },
    async () => ok(await breaches.list()),
  );

  app.post(
    PRIVACY_OPS_PATHS.breaches,
    {
      schema: {
        tags: ['ops'],
        summary: 'Records a breach (its version 1)',
        description:
          'What happened, when it was found, the period, the kinds of data, whose data (a selector saved ' +
          'with the count it matched), the notice the people affected will read, when the Board was told.',
        security: [{ opsBearer: [] }],
        body: breachVersionInputSchema,
        response: responses(breachDetailSchema),
      },
    },
    async (request) => {
      const made = await breaches.create(request.body, currentStaff(request).staffId);
      await audited(request, 'privacy.breach-create', made.id, {
        version: 1,
        affectedCount: made.current.affectedCount,
      });
      return ok(made, 'Breach recorded');
    },
  );

  app.get(
    PRIVACY_OPS_PATHS.breachRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'One breach: its versions (newest first), its notices, whom a notice would reach now',
        security: [{ opsBearer: [] }],
        params: breachParams,
        response: responses(breachDetailSchema),
      },
    },
    async (request) => ok(await breaches.detail(request.params.breachId)),
  );

  app.post(
    PRIVACY_OPS_PATHS.breachVersionsRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Corrects a breach: the whole entry as it now reads, saved as its next version',
        security: [{ opsBearer: [] }],
        params: breachParams,
        body: breachVersionInputSchema,
        response: responses(breachDetailSchema),
      },
    },
    async (request) => {
      const { breachId } = request.params;
      const saved = await breaches.addVersion(breachId, request.body, currentStaff(request).staffId);
      await audited(request, 'privacy.breach-version', breachId, {
        version: saved.current.version,
        affectedCount: saved.current.affectedCount,
      });
      return ok(saved, `Version ${saved.current.version} saved`);
    },
  );

  app.post(
    PRIVACY_OPS_PATHS.breachBoardNotifiedRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Records when the Data Protection Board was told (a new version)',
        security: [{ opsBearer: [] }],
        params: breachParams,
        body: breachBoardNotifiedSchema,
        response: responses(breachDetailSchema),
      },
    },
    async (request) => {
      const { breachId } = request.params;
      const saved = await breaches.boardNotified(
        breachId,
        request.body.notifiedAt,
        currentStaff(request).staffId,
      );
      await audited(request, 'privacy.breach-board-notified', breachId, {
        version: saved.current.version,
        notifiedAt: saved.current.boardNotifiedAt,
      });
      return ok(saved, 'The Board notification is recorded');
    },
  );

  app.post(
    PRIVACY_OPS_PATHS.breachNotifyRoute,
    {
      schema: {
        tags: ['ops'],
        summary: 'Notifies the people affected: one SMS per candidate, in their language, once per version',
        description:
          '`version` is the version the admin read; a newer one is refused (409). A retry queues nothing again.',
        security: [{ opsBearer: [] }],
        params: breachParams,
        body: breachNotifyRequestSchema,
        response: responses(breachNotifyResponseSchema),
      },
    },
    async (request) => {
      const { breachId } = request.params;
      const result = await breaches.notify(breachId, request.body.version);
      await audited(request, 'privacy.breach-notify', breachId, result);
      return ok(
        result,
        result.queued > 0 ? `${result.queued} notices queued` : 'Every person affected was already notified',
      );
    },
  );
};
