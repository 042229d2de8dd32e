// When a lead's first response is due: the team's target counted from its arrival, around the
// clock or only within business hours (work days, opening to closing, in the team's time zone).
// Pure, so the worker (sweep.ts) and the tests agree; DST shifts are taken as they come (a day
// that loses an hour counts its opening hours by the wall clock).

export interface ResponseTarget {
  minutes: number;
  businessHours: boolean;
  timeZone: string;
  /** Minutes after local midnight. */
  dayStart: number;
  dayEnd: number;
  /** ISO weekdays, 1 = Monday. */
  workDays: readonly number[];
}

export const DEFAULT_TARGET: ResponseTarget = {
  minutes: 15,
  businessHours: false,
  timeZone: "Asia/Shanghai",
  dayStart: 540,
  dayEnd: 1080,
  workDays: [1, 2, 3, 4, 5],
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const MINUTE = 60_000;

/** The local weekday and minute of the day at `at` in `timeZone`. */
function localClock(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  return { weekday: WEEKDAYS[part("weekday")] ?? 1, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/** `start` plus `minutes` of counted time (business hours only, when the target says so). */
export function addCountedMinutes(start: Date, minutes: number, target: ResponseTarget): Date {
  if (!target.businessHours || target.workDays.length === 0 || target.dayEnd <= target.dayStart) return new Date(start.getTime() + minutes * MINUTE);
  let at = new Date(Math.ceil(start.getTime() / MINUTE) * MINUTE);
  let left = minutes;
  for (let guard = 0; guard < 400; guard++) {
    const { weekday, minute } = localClock(at, target.timeZone);
    if (!target.workDays.includes(weekday) || minute >= target.dayEnd) {
      at = new Date(at.getTime() + (1440 - minute + target.dayStart) * MINUTE); // the next day's opening
      continue;
    }
    if (minute < target.dayStart) {
      at = new Date(at.getTime() + (target.dayStart - minute) * MINUTE);
      continue;
    }
    const open = target.dayEnd - minute;
    if (left <= open) return new Date(at.getTime() + left * MINUTE);
    left -= open;
    at = new Date(at.getTime() + open * MINUTE);
  }
  return at; // a calendar with no opening hours in 400 days: due now-ish rather than never
}

/** The reminder's and the escalation's times for a lead that arrived at `arrivedAt`. */
export function responseDue(arrivedAt: Date, target: ResponseTarget): { dueAt: Date; escalateAt: Date } {
  return { dueAt: addCountedMinutes(arrivedAt, target.minutes, target), escalateAt: addCountedMinutes(arrivedAt, target.minutes * 2, target) };
}
