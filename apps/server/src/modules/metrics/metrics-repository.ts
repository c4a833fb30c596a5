import { inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { files, orgWebhookDeliveries } from '../../db/schema/index.js';

/** The job queues' depths for /metrics (ADR 0032): read-only counts, asked only when scraped. */
export function createMetricsRepository(orm: Orm) {
  return {
    async queueDepths(): Promise<Record<string, number>> {
      const [ocr] = await orm
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(inArray(files.ocrStatus, ['pending', 'running']));
      const [webhooks] = await orm
        .select({ n: sql<number>`count(*)::int` })
        .from(orgWebhookDeliveries)
        .where(inArray(orgWebhookDeliveries.status, ['pending']));
      return { ocr: ocr?.n ?? 0, org_webhooks: webhooks?.n ?? 0 };
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
