// The order schema refuses text PostgreSQL cannot store or a reader cannot see, naming the
// field (contact fields by their path), so the answer is a 400 and never a retryable 500.
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { orderInputSchema, webOrderInputSchema } from "./order-schema.ts";

const contact = { name: "Wang Xiaoming", phone: "13800000000", address: "1 Main Street" };
const valid = { item: "guide-one", quantity: 1, contact };

type Field = "item" | "contact.name" | "contact.phone" | "contact.address";
const fields: Field[] = ["item", "contact.name", "contact.phone", "contact.address"];
const singleLine = fields.filter((f) => f !== "contact.address");

function withValue(field: Field, value: string) {
  if (field === "item") return { ...valid, item: value };
  const key = field.slice("contact.".length);
  return { ...valid, contact: { ...contact, [key]: value } };
}
function issuesFor(field: Field, value: string) {
  const parsed = z.safeParse(orderInputSchema, withValue(field, value));
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}
const withInside = (field: Field, bad: string) => (field === "contact.phone" ? `138${bad}00000000` : `ab${bad}cd`);
const label = (field: Field) => field.replace("contact.", "");

describe("orderInputSchema: unsafe characters", () => {
  it("accepts the valid order", () => {
    expect(z.safeParse(orderInputSchema, valid).success).toBe(true);
    expect(z.safeParse(webOrderInputSchema, valid).success).toBe(true);
  });

  it.each(fields)("refuses NUL in %s, naming the field", (field) => {
    expect(issuesFor(field, withInside(field, "\u0000"))).toEqual([{ path: field, message: `${label(field)} contains a control character` }]);
  });

  it.each(fields)("refuses a lone surrogate in %s, naming the field", (field) => {
    const message = `${label(field)} contains an invalid character (unpaired surrogate)`;
    expect(issuesFor(field, withInside(field, "\uD800"))).toEqual([{ path: field, message }]);
    expect(issuesFor(field, withInside(field, "\uDFFF"))).toEqual([{ path: field, message }]);
  });

  it.each(fields)("refuses other C0, DEL and C1 controls in %s", (field) => {
    for (const bad of ["\u0007", "\u007F", "\u0085", "\u009B"]) {
      expect(issuesFor(field, withInside(field, bad))).toEqual([{ path: field, message: `${label(field)} contains a control character` }]);
    }
  });

  it.each(singleLine)("refuses line breaks in the single-line field %s", (field) => {
    for (const bad of ["\n", "\r\n"]) {
      expect(issuesFor(field, withInside(field, bad))).toEqual([{ path: field, message: `${label(field)} must be a single line` }]);
    }
  });

  it("keeps line breaks and tabs in the address (postal addresses span lines)", () => {
    const address = "1 Main Street\r\nFlat 2\tBuilding B\nCity";
    expect(z.parse(orderInputSchema, withValue("contact.address", address)).contact?.address).toBe(address);
  });

  it("refuses the same characters in the web form's schema", () => {
    const parsed = z.safeParse(webOrderInputSchema, withValue("contact.name", "ab\u0000cd"));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["contact.name"]);
  });
});
