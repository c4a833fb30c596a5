import type { OutboxMessage } from '@veridocs/shared';
import type { OutboxRepository } from '../../providers/outbox/outbox-repository.js';

export const OUTBOX_LIMIT = 50;

/** Development tools (DEV_TOOLS=1 only): read what the embedded providers "sent". */
export function createDevService(outbox: OutboxRepository) {
  return {
    async listOutbox(to: string | undefined): Promise<OutboxMessage[]> {
      const rows = await outbox.list({ to, limit: OUTBOX_LIMIT });
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
export type DevService = ReturnType<typeof createDevService>;
