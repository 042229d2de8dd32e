import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, dayIn, formatTime, pickTimeZone } from "./time-zone";

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
});
