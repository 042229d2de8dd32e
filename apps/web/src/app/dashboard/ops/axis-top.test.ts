import { describe, expect, it } from "vitest";
import { axisTop } from "./axis-top";

describe("axisTop", () => {
  it("gives four whole steps of 1, 2 or 5 times a power of ten, reaching the largest count", () => {
    const cases = [0, 1, 4, 5, 8, 9, 17, 40, 41, 99, 150, 1234].map((max) => [max, axisTop(max)]);
    expect(cases).toEqual([
      [0, 4],
      [1, 4],
      [4, 4],
      [5, 8],
      [8, 8],
      [9, 20],
      [17, 20],
      [40, 40],
      [41, 80],
      [99, 200],
      [150, 200],
      [1234, 2000],
    ]);
    for (const [max, top] of cases) expect(top! >= max! && Number.isInteger(top! / 4)).toBe(true);
  });
});
