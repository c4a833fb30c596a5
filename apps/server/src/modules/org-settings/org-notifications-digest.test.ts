import type { OrgNotificationSettings } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OrgNotificationsRepository } from './org-notifications-repository.js';
import {
  createOrgNotificationsService,
  type BucketMovesPort,
  type RecordedMove,
} from './org-notifications-service.js';

const SETTINGS: OrgNotificationSettings = {
  email: 'hr@org.test',
  onActionRequired: true,
  onFinished: false,
  dailyDigest: true,
};

/**
 * The digest pass with its ports faked (the database path is in org-notifications.test.ts): an
 * organisation whose digested day holds nothing it wants is read once per day, not on every pass.
 */
function digestKit(dayMoves: RecordedMove[]) {
  let at = new Date('2030-01-19T04:00:00Z'); // 09:30 IST: the 18th is digested.
  const reads: string[][] = [];
  const written: string[] = [];
  const repo = {
    digestWritten: async (_orgIds: readonly string[], _day: string) => new Set(written),
    transaction: <T>(work: (scope: never) => Promise<T>) => work(undefined as never),
    insertMails: async (_scope: unknown, mails: readonly { orgId: string }[]) => {
      written.push(...mails.map((m) => m.orgId));
      return mails.length;
    },
  } as unknown as OrgNotificationsRepository;
  const moves = {
    between: async (orgIds: readonly string[]) => {
      reads.push([...orgIds]);
      return dayMoves.filter((m) => orgIds.includes(m.orgId));
    },
  } as unknown as BucketMovesPort;
  const service = createOrgNotificationsService({
    repo,
    moves,
    settings: async () => SETTINGS,
    digestOrgIds: async () => ['quiet-org', 'busy-org'],
    caseNames: async () => new Map(),
    ownerEmails: async () => [],
    orgName: async (orgId) => orgId,
    bucketCounts: async () => ({}),
    mailer: { send: async () => undefined } as never,
    portalUrl: 'https://org.test',
    digestHourIst: 9,
    now: () => at,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
  });
  return { service, reads, written, advance: (ms: number) => (at = new Date(at.getTime() + ms)) };
}

const move = (orgId: string, to: RecordedMove['to'], at: string): RecordedMove => ({
  id: Math.floor(Math.random() * 1e9),
  orgId,
  txnId: '11111111-1111-4111-8111-111111111111',
  from: 'in_progress',
  to,
  at: new Date(at),
});

describe('the daily digest pass', () => {
  it('reads a quiet organisation’s day once, writes the busy one’s digest once, and reads again the next day', async () => {
    const kit = digestKit([
      // Finished is not wanted by the settings: the quiet organisation has nothing for its digest.
      move('quiet-org', 'verified', '2030-01-18T06:00:00Z'),
      move('busy-org', 'action_required', '2030-01-18T07:00:00Z'),
    ]);
    expect(await kit.service.writeDigests()).toBe(1);
    expect(kit.written).toEqual(['busy-org']);
    expect(kit.reads).toEqual([['quiet-org', 'busy-org']]);
    // Later passes of the same day: both settled, nothing read.
    expect(await kit.service.writeDigests()).toBe(0);
    expect(await kit.service.writeDigests()).toBe(0);
    expect(kit.reads).toHaveLength(1);
    // The next day's digest hour: the quiet organisation is asked again.
    kit.advance(24 * 3600_000);
    await kit.service.writeDigests();
    expect(kit.reads).toEqual([['quiet-org', 'busy-org'], ['quiet-org']]);
  });
});
