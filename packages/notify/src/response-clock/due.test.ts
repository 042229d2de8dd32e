// The first-response target, around the clock and within business hours in the team's zone.
import { describe, expect, it } from "vitest";
import { addCountedMinutes, DEFAULT_TARGET, responseDue } from "./due.ts";

const shanghai = { ...DEFAULT_TARGET, businessHours: true }; // Mon–Fri 09:00–18:00, Asia/Shanghai
const at = (iso: string) => new Date(iso);

describe("the first-response target", () => {
  it("counts around the clock by default: due at 15 minutes, escalated at 30", () => {
    expect(responseDue(at("2026-12-05T23:55:00+08:00"), DEFAULT_TARGET)).toEqual({
      dueAt: at("2026-12-06T00:10:00+08:00"),
      escalateAt: at("2026-12-06T00:25:00+08:00"),
    });
  });

  it("counts only business hours when asked: within the day, across the evening, over the weekend, before opening", () => {
    expect(addCountedMinutes(at("2026-12-02T10:00:00+08:00"), 15, shanghai)).toEqual(at("2026-12-02T10:15:00+08:00")); // Wednesday morning
    expect(addCountedMinutes(at("2026-12-02T17:50:00+08:00"), 15, shanghai)).toEqual(at("2026-12-03T09:05:00+08:00")); // 10 today, 5 tomorrow
    expect(addCountedMinutes(at("2026-12-04T17:55:00+08:00"), 15, shanghai)).toEqual(at("2026-12-07T09:10:00+08:00")); // Friday → Monday
    expect(addCountedMinutes(at("2026-12-05T11:00:00+08:00"), 15, shanghai)).toEqual(at("2026-12-07T09:15:00+08:00")); // Saturday
    expect(addCountedMinutes(at("2026-12-03T07:30:00+08:00"), 15, shanghai)).toEqual(at("2026-12-03T09:15:00+08:00")); // before opening
  });

  it("reads the hours in the team's own zone", () => {
    const london = { ...shanghai, timeZone: "Europe/London" };
    // 17:50 in Shanghai is 09:50 in London: well inside London's day.
    expect(addCountedMinutes(at("2026-12-02T17:50:00+08:00"), 15, london)).toEqual(at("2026-12-02T18:05:00+08:00"));
  });
});
