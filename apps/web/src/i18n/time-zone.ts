// Times on the dashboard are shown in the staff member's time zone: the browser's own
// (Intl.DateTimeFormat().resolvedOptions().timeZone), which it reports in the `tz` cookie
// (dashboard/time-zone-sync.tsx). Server rendering, the client and server-side exports all
// format through `formatTime` here, with the zone from `getTimeZone()` (./time-zone-server.ts)
// or `useDashboard()` (dashboard/dashboard-provider.tsx). Until a browser has reported its zone
// the business's own is used. Shared by the server and the browser.
import type { Locale } from "./messages";

export const TIME_ZONE_COOKIE = "tz";
/** The business's zone (its customers and sales are in mainland China). */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

/** An IANA zone name the runtime knows ("Europe/Berlin"), never anything else from a cookie. */
export function isTimeZone(value: string | undefined): value is string {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const pickTimeZone = (cookieValue: string | undefined): string => (isTimeZone(cookieValue) ? cookieValue : DEFAULT_TIME_ZONE);

const STYLES = {
  /** "Dec 1, 2026, 14:05" / "2026年12月1日 14:05": the month in words, never ambiguous. */
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  date: { year: "numeric", month: "short", day: "numeric" },
  /** For the "received" column of today's leads. */
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatTime(date: Date, locale: Locale, timeZone: string, style: TimeStyle = "dateTime"): string {
  const id = `${locale}|${timeZone}|${style}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone })));
  return format.format(date);
}

/** The calendar day (YYYY-MM-DD) of `date` in `timeZone`: for date filters and spreadsheets. */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`: date filters in the staff member's days. */
export const dayStartIn = (day: string, timeZone: string): Date => wallTimeIn(`${day}T00:00`, timeZone);

/** The wall-clock time (YYYY-MM-DDTHH:mm) `date` is in `timeZone`: a datetime-local input's value (wallTimeIn's inverse). */
export function wallTimeOf(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${dayIn(date, timeZone)}T${part("hour")}:${part("minute")}`;
}

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm, a datetime-local input's value) names in
 * `timeZone`: a task's due time as the staff member means it, whatever the browser's zone.
 */
export function wallTimeIn(dateTime: string, timeZone: string): Date {
  const [day = "", clock = "00:00"] = dateTime.split("T");
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = clock.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  // The zone's offset at the guess, then once more at the corrected instant (DST changes).
  const offsetAt = (t: number) => {
    const parts = new Intl.DateTimeFormat("en", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(new Date(t))
      .reduce<Record<string, number>>((acc, p) => (p.type === "literal" ? acc : { ...acc, [p.type]: Number(p.value) }), {});
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}
