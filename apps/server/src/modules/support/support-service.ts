import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SUPPORT_UNANSWERED_MAX,
  type SupportChat,
  type SupportConversation,
  type SupportConversationSummary,
  type SupportInbox,
  type SupportInboxQuery,
  type SupportMessage,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditInput, OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type {
  ConversationWithCandidate,
  InboxCursor,
  MessageRow,
  SupportRepository,
} from './support-repository.js';

/** The chat key when SUPPORT_CHAT_HASH_SECRET is not set: derived from the server key, never sent. */
export function deriveChatHashKey(serverKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', serverKey).update('veridocs:chat-hash:v1').digest());
}

/** Spec §7 "chat hash": HMAC-SHA256 of the mobile number under the chat key, lowercase hex. */
export function chatHash(key: Uint8Array | string, mobile: string): string {
  return createHmac('sha256', key).update(mobile).digest('hex');
}

const toMessage = (row: MessageRow): SupportMessage => ({
  id: row.id,
  author: row.author,
  authorName: row.author === 'team' ? row.authorName : null,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const encodeCursor = (row: ConversationWithCandidate) =>
  Buffer.from(
    JSON.stringify([row.lastAuthor === 'candidate' ? 1 : 0, row.updatedAt.toISOString(), row.id]),
  ).toString('base64url');

function decodeCursor(cursor: string | undefined): InboxCursor | null {
  if (!cursor) return null;
  try {
    const [waiting, at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const updatedAt = new Date(String(at));
    if (
      (waiting !== 0 && waiting !== 1) ||
      typeof id !== 'string' ||
      !/^[0-9a-f-]{36}$/i.test(id) ||
      Number.isNaN(updatedAt.getTime())
    )
      throw new Error('bad cursor');
    return { waiting: waiting === 1, updatedAt, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid');
  }
}

export interface SupportServiceDeps {
  repo: SupportRepository;
  /** SUPPORT_CHAT_HASH_SECRET (a chat vendor's identity-verification secret) or the derived key. */
  hashKey: Uint8Array | string;
  now: Clock;
  audit: (entry: AuditInput) => Promise<void>;
  /** Called after a message is stored (metrics, analytics). */
  onMessage?: (author: 'candidate' | 'team') => void;
}

/**
 * The support chat (ADR 0032): the candidate reaches only their own conversation (found by the
 * session's profile, never by an id the client sends); the team reads and answers every conversation
 * from the inbox, each read and reply audited.
 */
export function createSupportService(deps: SupportServiceDeps) {
  const { repo, now } = deps;

  async function summary(row: ConversationWithCandidate, last: MessageRow | undefined) {
    return {
      id: row.id,
      candidate: { profileId: row.profileId, name: row.candidateName, mobile: row.candidateMobile },
      lastMessage: last ? toMessage(last) : null,
      waiting: row.lastAuthor === 'candidate',
      updatedAt: row.updatedAt.toISOString(),
    } satisfies SupportConversationSummary;
  }

  return {
    /** Only for the signed-in candidate's own number (code 250 otherwise). */
    hash(user: { mobile: string }, mobile: string): { hash: string } {
      const mine = Buffer.from(user.mobile);
      const asked = Buffer.from(mobile);
      if (mine.length !== asked.length || !timingSafeEqual(mine, asked))
        throw new AppError('CHAT_HASH_MOBILE_MISMATCH');
      return { hash: chatHash(deps.hashKey, mobile) };
    },

    async chat(profileId: string, after?: string): Promise<SupportChat> {
      const conversation = await repo.conversationOfProfile(profileId);
      if (!conversation) return { conversationId: null, messages: [] };
      let afterSeq = 0;
      if (after) {
        // Another conversation's message id is "unknown" here: all of the candidate's own are returned.
        afterSeq = (await repo.seqOf(conversation.id, after)) ?? 0;
      }
      const rows = await repo.messagesOf(conversation.id, afterSeq);
      return { conversationId: conversation.id, messages: rows.map(toMessage) };
    },

    async send(profileId: string, body: string): Promise<SupportMessage> {
      const stored = await repo.addCandidateMessage(profileId, body, now(), SUPPORT_UNANSWERED_MAX);
      if (!stored) throw new AppError('SUPPORT_MESSAGE_LIMIT');
      deps.onMessage?.('candidate');
      return toMessage(stored.message);
    },

    async inbox(staff: OpsUser, query: SupportInboxQuery, origin: OpsOrigin): Promise<SupportInbox> {
      const rows = await repo.inbox({
        waitingOnly: query.filter === 'waiting',
        limit: query.limit + 1,
        before: decodeCursor(query.cursor),
      });
      const page = rows.slice(0, query.limit);
      const last = await repo.lastMessages(page.map((r) => r.id));
      const list = await Promise.all(page.map((row) => summary(row, last.get(row.id))));
      await deps.audit({
        staffId: staff.staffId,
        action: 'support.inbox.read',
        detail: { filter: query.filter, count: list.length },
        ip: origin.ip,
      });
      const tail = page[page.length - 1];
      return { list, nextCursor: rows.length > query.limit && tail ? encodeCursor(tail) : null };
    },

    async conversation(staff: OpsUser, id: string, origin: OpsOrigin): Promise<SupportConversation> {
      const row = await repo.conversation(id);
      if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
      const messages = await repo.messagesOf(row.id);
      await deps.audit({
        staffId: staff.staffId,
        action: 'support.conversation.read',
        targetType: 'support_conversation',
        targetId: row.id,
        ip: origin.ip,
      });
      return { ...(await summary(row, messages[messages.length - 1])), messages: messages.map(toMessage) };
    },

    async reply(staff: OpsUser, id: string, body: string, origin: OpsOrigin): Promise<SupportMessage> {
      const message = await repo.addTeamMessage(id, staff.staffId, body, now());
      if (!message) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
      await deps.audit({
        staffId: staff.staffId,
        action: 'support.reply',
        targetType: 'support_conversation',
        targetId: id,
        detail: { messageId: message.id },
        ip: origin.ip,
      });
      deps.onMessage?.('team');
      return toMessage(message);
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
