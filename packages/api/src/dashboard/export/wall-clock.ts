// Spreadsheets have no time zones: a date cell is a wall-clock reading. To show an instant as
// the staff member's clock shows it, the cell gets that reading (the instant's year … second
// in `timeZone`), stored as if it were UTC, which is how exceljs writes a Date.
const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClock(date: Date, timeZone: string): Date {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"), date.getUTCMilliseconds()));
}

/** "2026-12-01 14:05:09" in `timeZone`: what CSV cells hold (spreadsheets read it as a date). */
export const wallClockText = (date: Date, timeZone: string) => wallClock(date, timeZone).toISOString().slice(0, 19).replace("T", " ");
