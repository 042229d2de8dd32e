// The one character rule every text field uses (text-safety.ts), at its boundaries.
import { describe, expect, it } from "vitest";
import { unsafeTextProblem } from "./text-safety.ts";

const CONTROL = "contains a control character";
const SURROGATE = "contains an invalid character (unpaired surrogate)";
const LINE = "must be a single line";

describe("unsafeTextProblem", () => {
  it("accepts ordinary text, CJK, emoji and the characters just outside the control ranges", () => {
    for (const text of ["", "Wang Xiaoming", "王小明", "😀 𠮷", "~ \u00A0 \u00FF \u2028"]) {
      expect(unsafeTextProblem(text, "single-line")).toBeNull();
      expect(unsafeTextProblem(text, "multi-line")).toBeNull();
    }
  });

  it("refuses every C0 control, DEL and every C1 control", () => {
    const codes = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)];
    for (const code of codes.filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(unsafeTextProblem(text, "single-line"), `U+${code.toString(16)}`).toBe(CONTROL);
      expect(unsafeTextProblem(text, "multi-line"), `U+${code.toString(16)}`).toBe(CONTROL);
    }
  });

  it("refuses a lone high or low surrogate anywhere, and a pair in the wrong order", () => {
    for (const text of ["\uD800", "a\uD83D", "\uDE00a", "\uDE00\uD83D", "😀\uD83D"]) {
      expect(unsafeTextProblem(text, "single-line")).toBe(SURROGATE);
      expect(unsafeTextProblem(text, "multi-line")).toBe(SURROGATE);
    }
  });

  it("lets multi-line text keep LF, CRLF and tab, but not a lone CR", () => {
    expect(unsafeTextProblem("a\nb\r\nc\td", "multi-line")).toBeNull();
    expect(unsafeTextProblem("a\rb", "multi-line")).toBe(CONTROL);
    expect(unsafeTextProblem("a\r", "multi-line")).toBe(CONTROL);
  });

  it("refuses line breaks and tabs in single-line text", () => {
    expect(unsafeTextProblem("a\nb", "single-line")).toBe(LINE);
    expect(unsafeTextProblem("a\r\nb", "single-line")).toBe(LINE);
    expect(unsafeTextProblem("a\rb", "single-line")).toBe(LINE);
    expect(unsafeTextProblem("a\tb", "single-line")).toBe(CONTROL);
  });
});
