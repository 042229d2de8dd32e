// The inquiry schema refuses text PostgreSQL cannot store or a reader cannot see, naming the
// field, so the answer is a 400 and never a retryable 500 from the database.
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { leadInputSchema, PHONE_RULE } from "./lead-schema.ts";

const valid = { name: "Wang Xiaoming", phone: "138 0000 0000", content: "Please call me", email: "wang@example.com", company: "Acme" };

function issuesFor(field: keyof typeof valid, value: string) {
  const parsed = z.safeParse(leadInputSchema, { ...valid, [field]: value });
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

// A bad character in the middle of a value that is otherwise fine for its field.
const withInside = (field: keyof typeof valid, bad: string) =>
  field === "email" ? `wa${bad}ng@example.com` : field === "phone" ? `138${bad}00000000` : `ab${bad}cd`;
// The e-mail's own format already refuses any non-ASCII character; the specific reason follows.
const refused = (field: keyof typeof valid, message: string) =>
  field === "email"
    ? [
        { path: field, message: "email must be a valid address" },
        { path: field, message },
      ]
    : [{ path: field, message }];
const fields = Object.keys(valid) as (keyof typeof valid)[];
const singleLine = fields.filter((f) => f !== "content");

describe("leadInputSchema: unsafe characters", () => {
  it("accepts the valid inquiry", () => {
    expect(z.safeParse(leadInputSchema, valid).success).toBe(true);
  });

  it.each(fields)("refuses NUL in %s, naming the field", (field) => {
    expect(issuesFor(field, withInside(field, "\u0000"))).toEqual(refused(field, `${field} contains a control character`));
  });

  it.each(fields)("refuses a lone surrogate in %s, naming the field", (field) => {
    const message = `${field} contains an invalid character (unpaired surrogate)`;
    expect(issuesFor(field, withInside(field, "\uD800"))).toEqual(refused(field, message));
    expect(issuesFor(field, withInside(field, "\uDE00"))).toEqual(refused(field, message));
  });

  it.each(fields)("refuses other C0, DEL and C1 controls in %s", (field) => {
    for (const bad of ["\u0001", "\u001B", "\u007F", "\u0080", "\u0085", "\u009F"]) {
      expect(issuesFor(field, withInside(field, bad))).toEqual(refused(field, `${field} contains a control character`));
    }
  });

  it.each(singleLine)("refuses line breaks and tabs in the single-line field %s", (field) => {
    for (const bad of ["\n", "\r", "\r\n"]) {
      expect(issuesFor(field, withInside(field, bad))).toEqual(refused(field, `${field} must be a single line`));
    }
    expect(issuesFor(field, withInside(field, "\t"))).toEqual(refused(field, `${field} contains a control character`));
  });

  it("keeps newlines (LF or CRLF) and tabs in the content, refuses a lone CR", () => {
    const parsed = z.parse(leadInputSchema, { ...valid, content: "line one\nline two\r\n\tindented" });
    expect(parsed.content).toBe("line one\nline two\r\n\tindented");
    expect(issuesFor("content", "line one\rline two")).toEqual([{ path: "content", message: "content contains a control character" }]);
  });

  it("accepts real characters outside the BMP (a well-formed surrogate pair) and CJK text", () => {
    const parsed = z.parse(leadInputSchema, { ...valid, name: "王小明 😀", company: "𠮷野家", content: "你好 👋\n谢谢" });
    expect(parsed.name).toBe("王小明 😀");
  });

  it("trims surrounding line breaks of single-line fields instead of refusing them", () => {
    expect(z.parse(leadInputSchema, { ...valid, name: "Wang\n" }).name).toBe("Wang");
  });
});

describe("phone numbers", () => {
  const phone = (value: string) => z.safeParse(leadInputSchema, { ...valid, phone: value });
  it.each([
    "13800138000",
    "138 0013 8000",
    "+86 138 0013 8000",
    "+8613800138000",
    "(+86) 199-0000-0000",
    "+44 20 7946 0958",
    "+1 (415) 555-0100",
    "+86 10 6552 9988",
  ])("accepts %s: a Chinese mobile number, or an international number in E.164 form", (value) => expect(phone(value).success).toBe(true));
  it.each([
    ["1380013800", "a Chinese mobile number one digit short"],
    ["138001380001", "one digit long"],
    ["12800138000", "no mobile number starts with 12"],
    ["+86 138 0013 800", "+86 and a mobile number one digit short"],
    ["010 6552 9988", "a local landline without its country code"],
    ["5550100", "a local number"],
    ["+0 123 4567 890", "no country code starts with 0"],
    ["+1234567", "too short for E.164"],
    ["+1234567890123456", "longer than E.164's 15 digits"],
  ])("refuses %s (%s), naming the format expected", (value) => {
    const parsed = phone(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(PHONE_RULE);
  });
});
