/**
 * The working-day calendar (issue 27, ADR 0046): Monday to Friday in India's time (IST, UTC+5:30),
 * less India's three national holidays (Republic Day, Independence Day, Gandhi Jayanti: fixed dates by
 * law) and any further holidays the operator lists (the year's gazetted holidays, `yyyy-mm-dd`).
 * Turnaround, reminders and the expected completion date all count in it.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** India's national holidays, month-day. */
export const INDIA_NATIONAL_HOLIDAYS: readonly string[] = ['01-26', '08-15', '10-02'];

export interface WorkingCalendar {
  /** The IST calendar day of an instant, `yyyy-mm-dd`. */
  dayOf(at: Date): string;
  isWorkingDay(day: string): boolean;
  /** The instant `days` working days after `from` (the same IST time of day; 0 returns `from`). */
  addWorkingDays(from: Date, days: number): Date;
  /**
   * Whole working days from `from` to `to`: the working days after `from`'s IST day up to and
   * including `to`'s (an answer the same day is 0, the next working day 1). 0 when `to` is not later.
   */
  workingDaysBetween(from: Date, to: Date): number;
}

function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar with the national holidays and `holidays` (`yyyy-mm-dd`; anything else is ignored). */
export function createWorkingCalendar(holidays: readonly string[] = []): WorkingCalendar {
  const extra = new Set(holidays.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)));
  const isWorkingDay = (day: string) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) return false;
    return !INDIA_NATIONAL_HOLIDAYS.includes(day.slice(5)) && !extra.has(day);
  };
  const nextDay = (day: string) =>
    new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
  return {
    dayOf: istDay,
    isWorkingDay,
    addWorkingDays(from, days) {
      let left = Math.max(0, Math.floor(days));
      let day = istDay(from);
      let moved = 0;
      while (left > 0) {
        day = nextDay(day);
        moved++;
        if (isWorkingDay(day)) left--;
      }
      return new Date(from.getTime() + moved * DAY_MS);
    },
    workingDaysBetween(from, to) {
      const last = istDay(to);
      let day = istDay(from);
      let count = 0;
      while (day < last) {
        day = nextDay(day);
        if (isWorkingDay(day)) count++;
      }
      return count;
    },
  };
}
