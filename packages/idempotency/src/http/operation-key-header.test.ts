// Where a REST request's operation key comes from: the Idempotency-Key header (plain or as a
// structured-field string) or the older lead form's body field idemKey, never two different ones.
import { describe, expect, it } from "vitest";
import { readOperationKey } from "./operation-key-header.ts";

const headers = (key?: string) => new Headers(key === undefined ? {} : { "Idempotency-Key": key });

describe("readOperationKey", () => {
  it("reads the header plain, trimmed, or as a structured-field string", () => {
    expect(readOperationKey(headers("key-plain-01"), {})).toBe("key-plain-01");
    expect(readOperationKey(headers("  key-plain-02 "), null)).toBe("key-plain-02");
    expect(readOperationKey(headers('"key-quoted-03"'), undefined)).toBe("key-quoted-03");
  });

  it("reads the body field idemKey when there is no header, and accepts both when they agree", () => {
    expect(readOperationKey(headers(), { idemKey: "lead_1732950000000_k3j9xq", name: "x" })).toBe("lead_1732950000000_k3j9xq");
    expect(readOperationKey(headers("key-same-0004"), { idemKey: "key-same-0004" })).toBe("key-same-0004");
    expect(readOperationKey(headers("key-only-head"), { idemKey: null })).toBe("key-only-head");
  });

  it.each([
    ["no key at all", headers(), { name: "x" }, "IDEMPOTENCY_KEY_MISSING"],
    ["a header key too short", headers("short"), {}, "IDEMPOTENCY_KEY_INVALID"],
    ["a header key with a space", headers("has a space"), {}, "IDEMPOTENCY_KEY_INVALID"],
    ["an unterminated structured-field string", headers('"key-open-0005'), {}, "IDEMPOTENCY_KEY_INVALID"],
    ["a body key that is not a string", headers(), { idemKey: 12345678 }, "IDEMPOTENCY_KEY_INVALID"],
    ["a header and a body key that differ", headers("key-header-06"), { idemKey: "key-body-0006" }, "IDEMPOTENCY_KEY_INVALID"],
  ])("refuses %s with 400 %s", (_case, sent, body, code) => {
    expect(() => readOperationKey(sent, body)).toThrow(expect.objectContaining({ code, status: 400 }) as Error);
  });
});
