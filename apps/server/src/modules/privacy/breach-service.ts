import type {
  BreachAffected,
  BreachDetail,
  BreachList,
  BreachNotifyResponse,
  BreachSends,
  BreachVersion,
  BreachVersionInput,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { MessageSender } from '../../providers/sms/index.js';
import { composeBreachNotice, type GrievanceOfficer } from './breach-notice-fns.js';
import type { BreachRepository, BreachVersionRow, NewBreachVersion } from './breach-repository.js';

export interface BreachServiceDeps {
  repo: BreachRepository;
  sender: MessageSender;
  officer: GrievanceOfficer;
  now: Clock;
  log: FastifyBaseLogger;
  /** A queued notice wakes the delivery job. */
  onQueued?: () => void;
  /** Notices claimed per pass. */
  batch?: number;
  /** How long a claimed notice stays hidden from other instances: longer than any send. */
  leaseMs?: number;
}

const MAX_ATTEMPTS = 5;
const RETRY_MS = 5 * 60_000;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function versionOut(row: BreachVersionRow): BreachVersion {
  return {
    version: row.version,
    title: row.title,
    foundAt: row.foundAt.toISOString(),
    occurredFrom: iso(row.occurredFrom),
    occurredTo: iso(row.occurredTo),
    dataClasses: row.dataClasses,
    affected: row.affected,
    affectedCount: row.affectedCount,
    notice: row.notice,
    boardNotifiedAt: iso(row.boardNotifiedAt),
    authorStaffId: row.authorId,
    authorName: row.authorName,
    at: row.at.toISOString(),
  };
}

/**
 * The breach register (issue 29, ADR 0049 "Breaches"): entries corrected by new versions, and the
 * notices to the people affected, one per version and candidate, delivered by SMS by their job.
 */
export function createBreachService(deps: BreachServiceDeps) {
  const { repo, now, log } = deps;
  const batch = deps.batch ?? 50;
  const leaseMs = deps.leaseMs ?? 10 * 60_000;

  /** Times no later than now; an organisation and form that exist and belong together. */
  async function check(input: BreachVersionInput): Promise<void> {
    const at = now().getTime();
    if (Date.parse(input.foundAt) > at)
      throw new AppError('VALIDATION_FAILED', 'The breach is found in the future');
    if (input.occurredFrom && Date.parse(input.occurredFrom) > at)
      throw new AppError('VALIDATION_FAILED', 'The breach starts in the future');
    if (input.boardNotifiedAt && Date.parse(input.boardNotifiedAt) > at)
      throw new AppError('VALIDATION_FAILED', 'The Board is told in the future');
    await checkSelector(input.affected);
  }
  async function checkSelector(affected: BreachAffected): Promise<void> {
    if (affected.kind === 'all') return;
    if (affected.orgId && !(await repo.orgExists(affected.orgId)))
      throw new AppError('VALIDATION_FAILED', `No organisation has the id ${affected.orgId}`);
    if (affected.formId) {
      const orgId = await repo.formOrg(affected.formId);
      if (!orgId) throw new AppError('VALIDATION_FAILED', `No form has the id ${affected.formId}`);
      if (affected.orgId && orgId !== affected.orgId)
        throw new AppError('VALIDATION_FAILED', `The form ${affected.formId} is not ${affected.orgId}'s`);
    }
  }
  const row = (input: BreachVersionInput, staffId: string | null): NewBreachVersion => ({
    title: input.title,
    foundAt: new Date(input.foundAt),
    occurredFrom: input.occurredFrom ? new Date(input.occurredFrom) : null,
    occurredTo: input.occurredTo ? new Date(input.occurredTo) : null,
    dataClasses: input.dataClasses,
    affected: input.affected,
    affectedCount: 0,
    notice: input.notice,
    boardNotifiedAt: input.boardNotifiedAt ? new Date(input.boardNotifiedAt) : null,
    authorId: staffId,
    at: now(),
  });

  async function detail(breachId: string): Promise<BreachDetail> {
    const entry = await repo.breach(breachId);
    if (!entry) throw new AppError('NOT_FOUND', 'This breach is not in the register');
    const versions = (await repo.versions([breachId])).map(versionOut);
    const current = versions[0]!;
    const sends = new Map<number, BreachSends>();
    for (const s of await repo.sends([breachId])) {
      const line = sends.get(s.version) ?? { version: s.version, queued: 0, sent: 0, failed: 0 };
      line[s.status] += s.n;
      sends.set(s.version, line);
    }
    return {
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      current,
      versions,
      sends: [...sends.values()].sort((a, b) => b.version - a.version),
      matchingNow: await repo.countAffected(current.affected),
    };
  }

  return {
    async list(): Promise<BreachList> {
      const entries = await repo.list();
      const ids = entries.map((e) => e.id);
      const current = new Map<string, BreachVersion>();
      for (const v of await repo.versions(ids))
        if (!current.has(v.breachId)) current.set(v.breachId, versionOut(v));
      const sent = new Map<string, number>();
      for (const s of await repo.sends(ids))
        if (s.status === 'sent') sent.set(s.breachId, (sent.get(s.breachId) ?? 0) + s.n);
      return {
        list: entries.map((e) => ({
          id: e.id,
          createdAt: e.createdAt.toISOString(),
          current: current.get(e.id)!,
          sent: sent.get(e.id) ?? 0,
        })),
      };
    },

    detail,

    async create(input: BreachVersionInput, staffId: string | null): Promise<BreachDetail> {
      await check(input);
      const id = await repo.create({ createdAt: now(), createdBy: staffId }, row(input, staffId));
      return detail(id);
    },

    /** A correction: the whole entry as it now reads, saved as the next version. */
    async addVersion(
      breachId: string,
      input: BreachVersionInput,
      staffId: string | null,
    ): Promise<BreachDetail> {
      await check(input);
      const version = await repo.addVersion(breachId, () => row(input, staffId));
      if (version === undefined) throw new AppError('NOT_FOUND', 'This breach is not in the register');
      return detail(breachId);
    },

    /** The Board was told: the current version again with the time, as the next version. */
    async boardNotified(breachId: string, notifiedAt: string, staffId: string | null): Promise<BreachDetail> {
      const at = new Date(notifiedAt);
      if (at.getTime() > now().getTime())
        throw new AppError('VALIDATION_FAILED', 'The Board is told in the future');
      const version = await repo.addVersion(breachId, (current) => {
        if (at < current.foundAt)
          throw new AppError('VALIDATION_FAILED', 'The Board is told before the breach was found');
        const { breachId: _b, version: _v, ...rest } = current;
        return { ...rest, boardNotifiedAt: at, authorId: staffId, at: now() };
      });
      if (version === undefined) throw new AppError('NOT_FOUND', 'This breach is not in the register');
      return detail(breachId);
    },

    /**
     * Queues the current version's notice for each candidate its selector matches now, once per
     * candidate: a retry (or a second click) queues none again. `version` is the one the admin saw: a
     * correction saved meanwhile is refused, to be read first.
     */
    async notify(breachId: string, version: number): Promise<BreachNotifyResponse> {
      const [current] = await repo.versions([breachId]);
      if (!current) throw new AppError('NOT_FOUND', 'This breach is not in the register');
      if (current.version !== version)
        throw new AppError(
          'CONFLICT',
          `This breach has a newer version (${current.version}): read it before notifying the people`,
        );
      const result = await repo.queueNotices(breachId, version, current.affected, now());
      if (result.queued > 0) deps.onQueued?.();
      return { version, ...result };
    },

    /**
     * One pass of the notices' job: claims due notices (SKIP LOCKED, leased), writes each in the
     * candidate's language and sends it by SMS, then marks it sent. A refused send waits and is tried
     * again, up to MAX_ATTEMPTS. Answers whether it found work.
     */
    async deliverOnce(): Promise<boolean> {
      const at = now();
      const claimed = await repo.claim(at, new Date(at.getTime() + leaseMs), batch);
      if (claimed.length === 0) return false;
      const contacts = new Map((await repo.contacts(claimed.map((c) => c.profileId))).map((c) => [c.id, c]));
      const versions = new Map<string, Awaited<ReturnType<BreachRepository['version']>>>();
      for (const notice of claimed) {
        const key = `${notice.breachId}:${notice.version}`;
        if (!versions.has(key)) versions.set(key, await repo.version(notice.breachId, notice.version));
        const facts = versions.get(key)!;
        const contact = contacts.get(notice.profileId);
        if (!facts || !contact) {
          await repo.settle(notice.id, { status: 'failed', error: 'The candidate or the entry is gone' });
          continue;
        }
        const language = contact.language === 'hi' ? 'hi' : 'en';
        const { text } = composeBreachNotice(facts, language, deps.officer);
        try {
          await deps.sender.send({ channel: 'sms', to: contact.mobile, body: text, otp: '' });
          await repo.settle(notice.id, { status: 'sent', at: now(), language });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ err: error, noticeId: notice.id, attempts: notice.attempts }, 'breach notice not sent');
          await repo.settle(
            notice.id,
            notice.attempts >= MAX_ATTEMPTS
              ? { status: 'failed', error: message }
              : {
                  status: 'queued',
                  dueAt: new Date(now().getTime() + RETRY_MS * notice.attempts),
                  error: message,
                },
          );
        }
      }
      return true;
    },
  };
}

export type BreachService = ReturnType<typeof createBreachService>;
