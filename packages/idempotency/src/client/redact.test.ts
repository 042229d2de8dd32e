// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { FinalRefusal, SESSION_CHANGED } from "./outcome-errors.ts";
import type { PendingOperation } from "./pending-operation.ts";
import { redactFinal } from "./redact.ts";
import { entry, leadParams, operation, orderParams, snapshot } from "./testing/stored-entries.ts";
import { testOperations } from "./testing/test-registry.ts";

const isOperation = (value: unknown): value is PendingOperation => testOperations.isType((value as PendingOperation | undefined)?.type);
const keep = { params: { order: ["item", "quantity"] }, result: ["id", "number", "replayed"] };
const redact = (...entries: Parameters<typeof snapshot>) => redactFinal(snapshot(...entries), isOperation, keep).clientState.mutations!.map((m) => m.state);

describe("redaction of final operations", () => {
  it("a confirmed order keeps its reference, what was ordered and the result's number — not who ordered", () => {
    const [state] = redact(
      entry("success", operation(), { data: { id: "r1", number: "SO-000001", replayed: false, contact: orderParams.contact }, context: { typed: "Zhao" } }),
    );
    expect(state!.variables).toEqual({
      type: "order",
      key: "key-00000401",
      scope: "order:sample-guide",
      submittedAt: expect.any(Number),
      sessionTag: "tag-a",
      params: { item: "sample-guide", quantity: 2 },
      redacted: true,
    });
    expect(state!.data).toEqual({ id: "r1", number: "SO-000001", replayed: false });
    expect(state!.context).toBeUndefined();
    expect(JSON.stringify(state)).not.toMatch(/Zhao|13700137101/);
  });

  it("a type with no kept parameters keeps none; a refusal keeps only its code, status and binding", () => {
    const refusal = Object.assign(new FinalRefusal("OUT_OF_STOCK", 422), { detail: "Qian Yinsi asked for too many" });
    const [state] = redact(entry("error", operation({ type: "lead", params: leadParams }), { error: refusal, failureReason: refusal }));
    expect(state!.variables).toMatchObject({ params: {}, redacted: true });
    expect(state!.error).toEqual({ name: "FinalRefusal", code: "OUT_OF_STOCK", status: 422 });
    expect(state!.failureReason).toEqual({ name: "FinalRefusal", code: "OUT_OF_STOCK", status: 422 });
    expect(JSON.stringify(state)).not.toMatch(/Qian|300 copies/);
  });

  it("keeps everything of a pending operation, of one refused for a changed session, and of what is not an operation", () => {
    const pending = entry("pending", operation());
    const sessionChanged = entry("error", operation(), { error: new FinalRefusal(SESSION_CHANGED, 0) });
    const foreign = entry("success", { note: "not an operation" }, { data: { anything: 1 } });
    const stored = snapshot(pending, sessionChanged, foreign);
    expect(redactFinal(stored, isOperation, keep)).toBe(stored);
  });

  it("redacts once: an entry marked redacted is left as it is", () => {
    const once = snapshot(entry("success", operation(), { data: { id: "r1", number: "SO-000001", replayed: false } }));
    const redacted = redactFinal(once, isOperation, keep);
    expect(redactFinal(redacted, isOperation, keep)).toBe(redacted);
  });
});
