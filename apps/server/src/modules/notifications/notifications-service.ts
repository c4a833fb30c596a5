import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_KINDS,
  formLinkPath,
  instanceLabel,
  verificationScreenPath,
  verificationTypeOf,
  type NotificationItem,
  type NotificationKind,
  type NotificationListResponse,
  type State,
} from '@veridocs/shared';
import { DEFAULT_LANGUAGE, type Language } from '../../http/language.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { MailSender } from '../../providers/mail/index.js';
import type { MessageSender } from '../../providers/sms/index.js';
import type { StateChange } from '../transactions/state-machine.js';
import {
  NOTIFICATION_MESSAGES,
  isNotificationMessage,
  renderMessage,
  type NotificationMessage,
  type NotificationParams,
} from './notification-messages.js';
import type {
  DeliveryRow,
  NewDelivery,
  NewNotification,
  NotificationRow,
  NotificationsRepository,
} from './notifications-repository.js';

export { escapeMarkdown, verificationLabel } from './notification-messages.js';

/**
 * What another module asks to tell a candidate (report sent, credential issued, …): a message of
 * notification-messages.ts and its parameters as raw text (the rendering escapes them; ADR 0038).
 */
export interface NotifyInput {
  message: NotificationMessage;
  params: NotificationParams;
  /** An in-app path (starting with "/"), or an http(s) URL. */
  link?: string | null;
  image?: string | null;
  /** Also sends the text by SMS (default true). */
  sms?: boolean;
}

/** What the payments module reports, inside the database transaction of the change (ADR 0023). */
export interface PaymentEvent {
  kind: 'payment.success' | 'payment.failed' | 'refund.processed' | 'refund.failed';
  orderId: string;
  /** The smallest unit of the order's currency. */
  amount: number;
}

/** One open live stream: what the router writes to. */
export interface StreamClient {
  /** The language its notifications are rendered in (the one its token was minted in). */
  language: Language;
  /** The candidate's session (refresh family) its token was minted in: its end ends the stream. */
  sessionId: string;
  send(event: string, data: string): void;
  /** Ends the response (logout, revocation). */
  close(): void;
}

const LINK_PAYMENTS = '/transaction-history';
/** Seconds a stream token may open a stream. */
export const STREAM_TOKEN_TTL_SECONDS = 60;
/** Streams one candidate may hold open on one instance (tabs, devices). */
export const MAX_STREAMS_PER_PROFILE = 5;
const DELIVERY_LEASE_MS = 60_000;
const DELIVERY_MAX_ATTEMPTS = 5;

/** The plain text of a description, for SMS and e-mail (the markup and escapes removed). */
export function plainText(markdown: string): string {
  return markdown.replace(
    /\\(.)|\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)\)|\*\*|__|\*|_/g,
    (_m, escaped: string | undefined, label: string | undefined, href: string | undefined) =>
      escaped ?? (label !== undefined ? `${plainText(label)} (${href ?? ''})` : ''),
  );
}

export function formatMoney(amount: number, currency: string): string {
  const symbol = currency === 'INR' ? '₹' : '$';
  return `${symbol}${(amount / 100).toFixed(2)}`;
}

/** What a state change's notification is written from: its request, organisation and labels. */
interface ChangeContext {
  orgId: string;
  formId: string;
  orgName: string;
  /** Verification type → the label its tile shows (the organisation's name for it, else the config's). */
  labels: ReadonlyMap<string, string>;
}

/**
 * The message of a state change the candidate is told of, with the link to the screen it tells of
 * (the request's form home, the verification, or its open request); null for the others.
 */
/** The message a change tells its candidate, if any; a pure function of the change (describeChange). */
function messageOf(change: StateChange): NotificationMessage | 'insufficiency' | null {
  if (change.entity === 'transaction') {
    const byState: Partial<Record<State, NotificationMessage>> = {
      COMPLETED: 'request.completed',
      FAILED: 'request.failed',
      CLOSED: 'request.closed',
    };
    return byState[change.to] ?? null;
  }
  // An identity a provider verified at once (Aadhaar OTP, passport) is not news to the candidate.
  if (change.to === 'COMPLETED' && change.from !== 'IN_PROGRESS') return null;
  if (change.to === 'INSUFFICIENT_DATA') return 'insufficiency';
  const byState: Partial<Record<State, NotificationMessage>> = {
    IN_PROGRESS: 'verification.in_progress',
    COMPLETED: 'verification.completed',
    FAILED: 'verification.failed',
    CLOSED: 'verification.closed',
  };
  return byState[change.to] ?? null;
}

function describeChange(
  change: StateChange,
  context: ChangeContext,
  reason: string | undefined,
): NotifyInput | null {
  const org = context.orgName;
  const message = messageOf(change);
  if (!message) return null;
  if (change.entity === 'transaction') {
    const link = formLinkPath(context.orgId, context.formId, change.txnId);
    return message === 'insufficiency' ? null : { message, params: { org }, link };
  }
  const verification = change.verificationName ?? 'verification';
  // The label the candidate's tile shows ("12th", "Degree 2"), stored with the name (ADR 0038).
  const type = context.labels.get(verificationTypeOf(verification));
  const label: Record<string, string> = type ? { label: instanceLabel(type, verification) } : {};
  const reasonParam: Record<string, string> = reason ? { reason } : {};
  const screen = (path: Parameters<typeof verificationScreenPath>[0]) =>
    verificationScreenPath(path, context.orgId, change.txnId, verification);
  if (message === 'insufficiency')
    return {
      message: reason ? 'verification.action_required_reason' : 'verification.action_required',
      params: { verification, ...label, org, ...reasonParam },
      link: screen('/verification/insufficiency'),
    };
  // The verification's own page: its state, its data, and any request of the team.
  return { message, params: { verification, ...label, org }, link: screen('/verification-info') };
}

/** A row's title and description in `language`: its message rendered, or the English it was written with. */
export function localise(
  row: Pick<NotificationRow, 'message' | 'params' | 'title' | 'description'>,
  language: Language,
): { title: string; description: string } {
  if (isNotificationMessage(row.message) && row.params && typeof row.params === 'object') {
    const rendered = renderMessage(row.message, row.params, language);
    if (rendered) return rendered;
  }
  return { title: row.title, description: row.description };
}

function toItem(row: NotificationRow, language: Language): NotificationItem {
  const kind = (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)
    ? (row.kind as NotificationKind)
    : 'verification';
  return {
    id: row.id,
    kind,
    ...localise(row, language),
    image: row.image,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  /** Key of the stream tokens (derived from the server secret for this purpose only). */
  tokenKey: Uint8Array;
  sender: MessageSender;
  mailer: MailSender;
  now: Clock;
  log: FastifyBaseLogger;
  /** Announces wake-ups of the delivery loop (after a commit that queued something). */
  onQueued?: () => void;
  /** Whether a candidate's session (refresh family) is live: the session service's answer (ADR 0004). */
  isSessionLive: (sessionId: string) => Promise<boolean>;
  /** Keeps the candidate's app language on their profile: the profile service's (it owns the table, ADR 0043). */
  rememberLanguage: (profileId: string, language: Language) => Promise<void>;
}

/**
 * Notifications (issue 15, ADR 0030): written in the database transaction of the event they tell
 * of, announced at commit on NOTIFICATIONS_CHANNEL, pushed to the candidate's open streams on every
 * instance, and copied to SMS by the delivery job.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repo, now, log } = deps;
  /** profileId → this instance's open streams. */
  const streams = new Map<string, Set<StreamClient>>();
  /** sessionId → this instance's open streams of that session (closed when it ends). */
  const bySession = new Map<string, Set<StreamClient>>();

  // v2: the token names its session (v1 tokens, minted without one, no longer open a stream).
  const mac = (payload: string) =>
    createHmac('sha256', deps.tokenKey).update(`notification-stream:v2:${payload}`).digest('base64url');

  function build(
    profileId: string,
    input: NotifyInput,
    at: Date,
    contact: { mobile: string; language: Language | null } | undefined,
  ): { row: NewNotification; deliveries: NewDelivery[] } {
    const id = randomUUID();
    const link = input.link ?? null;
    if (link !== null && !link.startsWith('/') && !/^https?:\/\//i.test(link))
      throw new Error(`A notification link must be an in-app path or http(s): ${link}`);
    const params = { ...input.params };
    const english = renderMessage(input.message, params, 'en');
    if (!english) throw new Error(`A parameter of notification ${input.message} is missing`);
    const row: NewNotification = {
      id,
      profileId,
      kind: NOTIFICATION_MESSAGES[input.message].kind,
      message: input.message,
      params,
      title: english.title,
      description: english.description,
      image: input.image ?? null,
      link,
      createdAt: at,
    };
    const deliveries: NewDelivery[] = [];
    if (contact?.mobile && input.sms !== false) {
      // The SMS copy in the language the candidate last used the app in, else English (ADR 0038).
      const text = localise(row as NotificationRow, contact.language ?? DEFAULT_LANGUAGE);
      deliveries.push({
        notificationId: id,
        channel: 'sms',
        recipient: contact.mobile,
        subject: text.title,
        body: `${text.title}: ${plainText(text.description)}`,
        nextAttemptAt: at,
        createdAt: at,
      });
    }
    return { row, deliveries };
  }

  async function write(
    scope: DbScope,
    items: readonly { row: NewNotification; deliveries: NewDelivery[] }[],
  ): Promise<void> {
    await repo.insert(
      scope,
      items.map((i) => i.row),
      items.flatMap((i) => i.deliveries),
    );
    if (items.some((i) => i.deliveries.length > 0)) deps.onQueued?.();
  }

  async function deliver(delivery: DeliveryRow): Promise<void> {
    const at = now();
    try {
      if (delivery.channel === 'sms')
        await deps.sender.send({ channel: 'sms', to: delivery.recipient, body: delivery.body, otp: '' });
      else await deps.mailer.send({ to: delivery.recipient, subject: delivery.subject, text: delivery.body });
      await repo.settle(delivery.id, { status: 'sent', sentAt: at, nextAttemptAt: at, lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = delivery.attempts >= DELIVERY_MAX_ATTEMPTS;
      log.warn(
        { deliveryId: delivery.id, attempts: delivery.attempts, err: error },
        'notification delivery failed',
      );
      await repo.settle(delivery.id, {
        status: last ? 'failed' : 'pending',
        sentAt: null,
        // 30 s, 2 min, 8 min, 32 min.
        nextAttemptAt: new Date(at.getTime() + 30_000 * 4 ** (delivery.attempts - 1)),
        lastError: message.slice(0, 500),
      });
    }
  }

  return {
    /**
     * Tells a candidate something, inside the caller's database transaction (`scope`): the row exists
     * iff that transaction commits; open streams get it at commit; an SMS copy is queued.
     */
    async notify(scope: DbScope, profileId: string, input: NotifyInput): Promise<string> {
      const contact = await repo.profileContact(scope, profileId);
      const item = build(profileId, input, now(), contact);
      await write(scope, [item]);
      return item.row.id;
    },

    /** The state-change hook (app.ts stateChangeHooks). */
    async onStateChanges(scope: DbScope, all: readonly StateChange[], at: Date): Promise<void> {
      // Most changes (a form started, a verification saved or skipped) tell nothing: no reads then.
      const changes = all.filter((c) => messageOf(c) !== null);
      if (changes.length === 0) return;
      const contexts = await repo.transactionContexts(scope, [...new Set(changes.map((c) => c.txnId))]);
      const byTxn = new Map(contexts.map((c) => [c.txnId, c]));
      const types = changes.flatMap((c) =>
        c.verificationName ? [verificationTypeOf(c.verificationName)] : [],
      );
      const labels = await repo.verificationLabels(scope, [...new Set(types)]);
      const items = [];
      for (const change of changes) {
        const context = byTxn.get(change.txnId);
        if (!context) continue;
        const reason =
          change.to === 'INSUFFICIENT_DATA' && change.entity === 'verification' && change.verificationName
            ? await repo.openInsufficiencyReason(scope, change.txnId, change.verificationName)
            : undefined;
        const text = describeChange(change, { ...context, labels }, reason);
        if (text) items.push(build(context.profileId, text, at, context));
      }
      await write(scope, items);
    },

    /** The payments module's callback (payment success / failure, refund). */
    async onPaymentEvent(scope: DbScope, event: PaymentEvent, at: Date): Promise<void> {
      const context = await repo.orderContext(scope, event.orderId);
      if (!context) return;
      const params = { amount: formatMoney(event.amount, context.currency), org: context.orgName };
      // The payment events are named as their messages.
      await write(scope, [
        build(context.profileId, { message: event.kind, params, link: LINK_PAYMENTS }, at, context),
      ]);
    },

    /** A page of the candidate's notifications, in `language` (ADR 0038). */
    async list(
      profileId: string,
      seed: number,
      count: number,
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<NotificationListResponse> {
      const { list, total } = await repo.page(profileId, seed, count);
      return { list: list.map((row) => toItem(row, language)), total };
    },

    /**
     * A token that opens the caller's stream for STREAM_TOKEN_TTL_SECONDS (ADR 0030), in the language
     * the app asked in: the stream renders in it, and the profile keeps it for SMS copies (ADR 0038).
     * It names the session it was minted in: once that ends (logout, revocation) it opens nothing.
     */
    async streamToken(
      profileId: string,
      sessionId: string,
      language: Language,
    ): Promise<{ token: string; expiresIn: number }> {
      await deps.rememberLanguage(profileId, language);
      const exp = Math.floor(now().getTime() / 1000) + STREAM_TOKEN_TTL_SECONDS;
      const payload = `${profileId}.${sessionId}.${exp}.${language}`;
      return { token: `${payload}.${mac(payload)}`, expiresIn: STREAM_TOKEN_TTL_SECONDS };
    },
    /**
     * The profile, session and language of a valid, unexpired stream token; throws
     * NOTIFICATION_STREAM_TOKEN_INVALID. Whether the session is still live is `sessionLive`'s.
     */
    verifyStreamToken(token: string): { profileId: string; sessionId: string; language: Language } {
      const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,12})\.(en|hi)\.([A-Za-z0-9_-]{43})$/.exec(
        token,
      );
      const invalid = new AppError('NOTIFICATION_STREAM_TOKEN_INVALID');
      if (!match) throw invalid;
      const [, profileId, sessionId, exp, language, signature] = match as unknown as [
        string,
        string,
        string,
        string,
        Language,
        string,
      ];
      const expected = Buffer.from(mac(`${profileId}.${sessionId}.${exp}.${language}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
      if (Number(exp) * 1000 <= now().getTime()) throw invalid;
      return { profileId, sessionId, language };
    },
    /** Whether the session a stream belongs to is still live (checked at open and on each heartbeat). */
    sessionLive: (sessionId: string): Promise<boolean> => deps.isSessionLive(sessionId),

    /** Registers an open stream of this instance; answers the function that removes it. */
    attach(profileId: string, client: StreamClient): () => void {
      const set = streams.get(profileId) ?? new Set<StreamClient>();
      if (set.size >= MAX_STREAMS_PER_PROFILE) throw new AppError('NOTIFICATION_STREAMS_EXCEEDED');
      set.add(client);
      streams.set(profileId, set);
      const sessionSet = bySession.get(client.sessionId) ?? new Set<StreamClient>();
      sessionSet.add(client);
      bySession.set(client.sessionId, sessionSet);
      return () => {
        set.delete(client);
        if (set.size === 0 && streams.get(profileId) === set) streams.delete(profileId);
        sessionSet.delete(client);
        if (sessionSet.size === 0 && bySession.get(client.sessionId) === sessionSet)
          bySession.delete(client.sessionId);
      };
    },
    /** A SESSIONS_CHANNEL message: the session ended (logout, revocation); its streams here close. */
    endSession(sessionId: string): void {
      for (const client of [...(bySession.get(sessionId) ?? [])]) client.close();
    },
    /** The bus lost messages: every stream here whose session ended closes. */
    async recheckSessions(): Promise<void> {
      for (const [sessionId, set] of [...bySession]) {
        if (await deps.isSessionLive(sessionId)) continue;
        for (const client of [...set]) client.close();
      }
    },
    /** Open streams on this instance (tests, close). */
    openStreams(): number {
      let n = 0;
      for (const set of streams.values()) n += set.size;
      return n;
    },

    /** A NOTIFICATIONS_CHANNEL message (committed): pushed to the candidate's streams here, if any. */
    async announce(payload: string): Promise<void> {
      let message: { p?: unknown; id?: unknown };
      try {
        message = JSON.parse(payload) as typeof message;
      } catch {
        return;
      }
      if (typeof message.p !== 'string' || typeof message.id !== 'string') return;
      const set = streams.get(message.p);
      if (!set || set.size === 0) return;
      const row = await repo.one(message.id);
      if (!row || row.profileId !== message.p) return;
      const data = new Map<Language, string>();
      for (const client of set) {
        const rendered = data.get(client.language) ?? JSON.stringify(toItem(row, client.language));
        data.set(client.language, rendered);
        client.send('notification', rendered);
      }
    },
    /** The bus lost messages (listener reconnected): every stream here re-reads its list. */
    resync(): void {
      for (const set of streams.values()) for (const client of set) client.send('resync', '{}');
    },

    /** One pass of the SMS / e-mail delivery job: answers whether it found work. */
    async deliverOnce(limit = 10): Promise<boolean> {
      const due = await repo.claimDue(now(), DELIVERY_LEASE_MS, limit);
      for (const delivery of due) await deliver(delivery);
      return due.length > 0;
    },
    deliveriesOf: (notificationId: string) => repo.deliveriesOf(notificationId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** This purpose's key, derived from the server secret's key. */
export function deriveStreamTokenKey(serverKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', serverKey).update('veridocs:notification-stream:v1').digest());
}
