// The staff member's time zone on the server (pages, route handlers such as exports): the
// browser's report in the `tz` cookie, validated, else the business's zone (./time-zone.ts).
import "server-only";
import { cookies } from "next/headers";
import { getLocale } from "./locale";
import { formatTime, pickTimeZone, TIME_ZONE_COOKIE, type TimeStyle } from "./time-zone";

export async function getTimeZone(): Promise<string> {
  return pickTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
}

/** Formats in the request's language and the staff member's zone: `(await serverTimeFormat())(date)`. */
export async function serverTimeFormat(): Promise<(date: Date, style?: TimeStyle) => string> {
  const [locale, timeZone] = await Promise.all([getLocale(), getTimeZone()]);
  return (date, style) => formatTime(date, locale, timeZone, style);
}
