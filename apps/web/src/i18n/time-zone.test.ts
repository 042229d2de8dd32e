import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, dayIn, dayStartIn, formatTime, pickTimeZone, wallTimeIn, wallTimeOf } from "./time-zone";

describe("staff time zone", () => {
  it("takes a zone the runtime knows from the cookie, anything else falls back to the business's", () => {
    expect(pickTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    for (const bad of [undefined, "", "Mars/Olympus", "Europe/Berlin; path=/", "x".repeat(65)]) expect(pickTimeZone(bad)).toBe(DEFAULT_TIME_ZONE);
  });

  it("formats one instant in the staff member's zone and language", () => {
    const instant = new Date("2026-12-01T23:30:00Z");
    expect(formatTime(instant, "en", "Asia/Shanghai")).toBe("Dec 2, 2026, 07:30");
    expect(formatTime(instant, "zh-CN", "Asia/Shanghai")).toBe("2026年12月2日 07:30");
    expect(formatTime(instant, "en", "America/New_York")).toBe("Dec 1, 2026, 18:30");
    expect(dayIn(instant, "Asia/Shanghai")).toBe("2026-12-02");
    expect(dayIn(instant, "Europe/London")).toBe("2026-12-01");
  });

  it("finds when a calendar day starts in a zone, across daylight saving changes", () => {
    expect(dayStartIn("2026-12-02", "Asia/Shanghai").toISOString()).toBe("2026-12-01T16:00:00.000Z");
    expect(dayStartIn("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(dayStartIn("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(dayStartIn("2026-07-01", "UTC").toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });

  it("reads a wall-clock time (a task's due time) in the staff member's zone", () => {
    expect(wallTimeIn("2026-12-08T10:30", "Asia/Shanghai").toISOString()).toBe("2026-12-08T02:30:00.000Z");
    expect(wallTimeIn("2026-03-29T03:15", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:15:00.000Z");
    expect(wallTimeIn("2026-07-01T23:59", "America/New_York").toISOString()).toBe("2026-07-02T03:59:00.000Z");
  });

  it("writes an instant back as the wall-clock time of a zone (a task's due time in its edit form)", () => {
    expect(wallTimeOf(new Date("2026-12-08T02:30:00Z"), "Asia/Shanghai")).toBe("2026-12-08T10:30");
    expect(wallTimeOf(new Date("2026-07-02T03:59:00Z"), "America/New_York")).toBe("2026-07-01T23:59");
    expect(wallTimeOf(new Date("2026-12-31T16:00:00Z"), "Asia/Shanghai")).toBe("2027-01-01T00:00");
    for (const wall of ["2026-12-08T10:30", "2026-03-29T03:15"]) expect(wallTimeOf(wallTimeIn(wall, "Europe/Berlin"), "Europe/Berlin")).toBe(wall);
  });
});
