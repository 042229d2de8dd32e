import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOperationKey, mintOperationKey, operationKeySchema } from "./operation-key.ts";

const keyChar = fc.constantFrom(..."ABCXYZabcxyz0189._:-".split(""));

describe("operation key", () => {
  it("accepts UUIDv4 and the older lead form's key form", () => {
    expect(isOperationKey("lead_1732950000000_k3j9xq")).toBe(true);
    expect(isOperationKey("demo-operation-a")).toBe(true);
    expect(isOperationKey(mintOperationKey())).toBe(true);
  });

  it("mints distinct UUIDv4 keys", () => {
    const keys = new Set(Array.from({ length: 1000 }, mintOperationKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("accepts every string of 8-255 allowed characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: keyChar, minLength: 8, maxLength: 255 }), (key) => {
        expect(isOperationKey(key)).toBe(true);
        expect(operationKeySchema.safeParse(key).success).toBe(true);
      }),
    );
  });

  it("rejects keys that are too short, too long or contain other characters", () => {
    expect(isOperationKey("short")).toBe(false);
    expect(isOperationKey("x".repeat(256))).toBe(false);
    expect(isOperationKey("has space in it")).toBe(false);
    expect(isOperationKey("订单-12345678")).toBe(false);
    expect(isOperationKey("a/b/c/d/e/f")).toBe(false);
    expect(isOperationKey(12345678)).toBe(false);
    fc.assert(
      fc.property(
        fc.string({ unit: keyChar, minLength: 4, maxLength: 40 }),
        fc.constantFrom(" ", "/", "?", "#", "\n", '"', "é", "%", "@"),
        fc.nat(),
        (base, bad, at) => {
          const padded = base.padEnd(8, "a");
          const i = at % padded.length;
          const key = padded.slice(0, i) + bad + padded.slice(i);
          expect(isOperationKey(key)).toBe(false);
          expect(operationKeySchema.safeParse(key).success).toBe(false);
        },
      ),
    );
  });
});
