import { describe, expect, it } from "vitest";
import { MAX_PENDING_AGE_MS } from "./pending-operation.ts";
import { readPressedIntents } from "./pressed-intents.ts";

const isType = (value: unknown): value is "order" | "lead" => value === "order" || value === "lead";
const now = 1_800_000_000_000;
const options = { isType, currentSessionTag: "tag-a", now };
const intent = (overrides: Record<string, unknown> = {}) => ({
  type: "order",
  key: "3f2a1c4e-0000-4000-8000-000000000001",
  scope: "order:sample-guide",
  params: { item: "sample-guide", quantity: 1 },
  submittedAt: now - 1_000,
  sessionTag: "tag-a",
  ...overrides,
});

describe("pressed intents", () => {
  it("takes well-formed operations of known types under the current session, oldest first, once per key", () => {
    const second = intent({ key: "3f2a1c4e-0000-4000-8000-000000000002", submittedAt: now - 5_000, type: "lead", scope: "lead" });
    const { taken, discarded } = readPressedIntents(JSON.stringify([intent(), second, intent()]), options);
    expect(taken.map((t) => t.key)).toEqual([second.key, intent().key]);
    expect(discarded).toEqual([]);
  });

  it("nothing stored: nothing taken, nothing discarded", () => {
    expect(readPressedIntents(null, options)).toEqual({ taken: [], discarded: [] });
  });

  it("a corrupt entry (not JSON, not a list) is discarded whole", () => {
    expect(readPressedIntents("{not json", options).discarded.map((d) => d.reason)).toEqual(["corrupt"]);
    expect(readPressedIntents(JSON.stringify({ key: "x" }), options).discarded.map((d) => d.reason)).toEqual(["corrupt"]);
  });

  it("discards, with the reason, every entry that must never be sent; keeps the rest", () => {
    const entries = [
      intent({ key: "short" }), // not an operation key
      intent({ params: "quantity=1" }),
      intent({ submittedAt: "yesterday" }),
      intent({ redacted: true }), // a final operation's record, not a press
      intent({ type: "refund" }), // a type this build does not know
      intent({ sessionTag: "tag-b" }), // pressed under another session
      intent({ sessionTag: undefined }), // pressed with no session: cannot be proven to be this one's
      intent({ submittedAt: now - MAX_PENDING_AGE_MS - 1 }),
      42,
      intent({ key: "3f2a1c4e-0000-4000-8000-000000000009" }),
    ];
    const { taken, discarded } = readPressedIntents(JSON.stringify(entries), options);
    expect(discarded.map((d) => d.reason)).toEqual([
      "corrupt",
      "corrupt",
      "corrupt",
      "corrupt",
      "unknown-type",
      "other-session",
      "other-session",
      "stale",
      "corrupt",
    ]);
    expect(taken.map((t) => t.key)).toEqual(["3f2a1c4e-0000-4000-8000-000000000009"]);
  });

  it("an intent pressed before the browser had a session is taken while it still has none", () => {
    const { taken } = readPressedIntents(JSON.stringify([intent({ sessionTag: undefined })]), { ...options, currentSessionTag: null });
    expect(taken).toHaveLength(1);
  });
});
