import type { WorkingCalendar } from '@veridocs/shared';
import type { OutgoingMail } from '../../providers/mail/index.js';

/**
 * The time rules of institution requests (issue 27, ADR 0046), a local copy of the shape of
 * `config.institutions` that the composition passes in.
 */
export interface InstitutionTimeConfig {
  /** Working days after the request was sent at which each reminder is due, e.g. [2, 5, 8]. */
  reminderDays: readonly number[];
  /** Working days after the last reminder at which an unanswered request is escalated. */
  escalateAfterDays: number;
  /** The team's own working days after the institution's answer (the expected date). */
  teamDays: number;
  /** Listed holidays (`yyyy-mm-dd`) besides the national ones. */
  holidays: readonly string[];
  /** The IST hour (0-23) at which a contact with batch_daily gets its one digest of the day. */
  digestHourIst: number;
}

/** The schedule until the composition passes `config.institutions` (its defaults are these). */
export const INSTITUTION_TIME_DEFAULTS: InstitutionTimeConfig = {
  reminderDays: [2, 5, 8],
  escalateAfterDays: 3,
  teamDays: 2,
  holidays: [],
  digestHourIst: 10,
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The latest digest instant at or before `now` (`hourIst`:00 India time). A batch contact's message is
 * sent in the digest of the first such instant at or after it was due: everything due up to this cut-off
 * goes out together, what comes after it waits for tomorrow's.
 */
export function digestCutoff(now: Date, hourIst: number): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  const todayAt = Math.floor(local / DAY_MS) * DAY_MS + hourIst * 60 * 60 * 1000;
  return new Date((todayAt <= local ? todayAt : todayAt - DAY_MS) - IST_OFFSET_MS);
}

/** An open request whose reminder or escalation is due (locked by the scheduler). */
export interface DueRequest {
  id: string;
  contactId: string;
  sentAt: Date | null;
  remindersSent: number;
}

export interface SchedulePlan {
  /** A reminder message (seq) to create and when the request's next step is due. */
  reminders: { id: string; contactId: string; seq: number; nextAt: Date }[];
  /** Requests past their last reminder and its grace: escalated to the team. */
  escalations: { id: string; contactId: string }[];
}

/**
 * When the step after `remindersSent` reminders is due: the next reminder's day, or after the last one
 * the escalation's (`last reminder + escalateAfterDays`), all in working days from when it was sent.
 */
export function nextStepAt(
  calendar: WorkingCalendar,
  config: Pick<InstitutionTimeConfig, 'reminderDays' | 'escalateAfterDays'>,
  sentAt: Date,
  remindersSent: number,
): Date {
  const days = config.reminderDays;
  if (remindersSent < days.length) return calendar.addWorkingDays(sentAt, days[remindersSent]!);
  const last = days.length > 0 ? days[days.length - 1]! : 0;
  return calendar.addWorkingDays(sentAt, last + config.escalateAfterDays);
}

/**
 * What the scheduler does with due requests: the next reminder, or the escalation after the last; the
 * step after it is due on its working day, and at least one working day after now.
 */
export function planSchedule(
  calendar: WorkingCalendar,
  config: Pick<InstitutionTimeConfig, 'reminderDays' | 'escalateAfterDays'>,
  due: readonly DueRequest[],
  now: Date,
): SchedulePlan {
  const plan: SchedulePlan = { reminders: [], escalations: [] };
  for (const request of due) {
    if (request.remindersSent >= config.reminderDays.length) {
      plan.escalations.push({ id: request.id, contactId: request.contactId });
      continue;
    }
    const seq = request.remindersSent + 1;
    // After a pause of the job (or a clock jump) the schedule may lie in the past: the next step still
    // waits a working day, so a request never gets its reminders in a burst.
    const planned = nextStepAt(calendar, config, request.sentAt ?? now, seq);
    const earliest = calendar.addWorkingDays(now, 1);
    plan.reminders.push({
      id: request.id,
      contactId: request.contactId,
      seq,
      nextAt: planned > earliest ? planned : earliest,
    });
  }
  return plan;
}

/** What an e-mail about one request says. */
export interface RequestMailPart {
  kind: 'request' | 'reminder';
  seq: number;
  /** How many reminders the schedule has (Reminder n of N). */
  reminders: number;
  organisation: string;
  candidateName: string;
  institution: string;
  verifications: readonly string[];
  link: string;
  linkExpiresAt: Date;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** The link's expiry as the recipient reads it (India's date). */
export function expiryText(at: Date): string {
  return dateFormat.format(at);
}

function partLines(part: RequestMailPart): string[] {
  return [
    ...(part.kind === 'reminder' ? [`Reminder ${part.seq} of ${part.reminders}`] : []),
    `Requested by: ${part.organisation}`,
    `Candidate: ${part.candidateName}`,
    `To verify: ${part.verifications.join(', ')}`,
    `Open the request: ${part.link}`,
    `The link works until ${expiryText(part.linkExpiresAt)}; a one-time code is sent to this address when you open it.`,
  ];
}

/** One request's e-mail (the first, or a reminder) to the institution's contact. */
export function composeRequestMail(to: string, part: RequestMailPart): OutgoingMail {
  const subject =
    part.kind === 'reminder'
      ? `Reminder ${part.seq} of ${part.reminders}: verification request for ${part.candidateName}`
      : `Verification request for ${part.candidateName} from ${part.organisation}`;
  const text = [
    `Dear ${part.institution} verification office,`,
    '',
    part.kind === 'reminder'
      ? 'We have not yet received your answer to this verification request.'
      : 'Please confirm the following details of a candidate against your records.',
    '',
    ...partLines(part),
    '',
    'Thank you,',
    'The Veridocs verification team',
  ].join('\n');
  return { to, subject, text };
}

/** A batch contact's one e-mail of the day: every due request, each with its own link. */
export function composeDigestMail(
  to: string,
  institution: string,
  parts: readonly RequestMailPart[],
): OutgoingMail {
  const count = parts.length;
  const subject = `${count} verification request${count === 1 ? '' : 's'} for ${institution}`;
  const text = [
    `Dear ${institution} verification office,`,
    '',
    `Today's verification requests (${count}):`,
    ...parts.flatMap((part, index) => ['', `${index + 1}.`, ...partLines(part)]),
    '',
    'Thank you,',
    'The Veridocs verification team',
  ].join('\n');
  return { to, subject, text };
}
