import { describe, expect, it } from "vitest";
import { phoneSpellings } from "./phone-spellings.ts";

describe("phoneSpellings", () => {
  it("gives a Chinese mobile with and without +86, and any other number as it is", () => {
    expect(phoneSpellings("13700000009").sort()).toEqual(["+8613700000009", "13700000009"]);
    expect(phoneSpellings("+8613700000009").sort()).toEqual(["+8613700000009", "13700000009"]);
    expect(phoneSpellings("+4930123456")).toEqual(["+4930123456"]);
  });
});
