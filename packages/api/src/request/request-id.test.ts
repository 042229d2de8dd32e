import { describe, expect, it } from "vitest";
import { isWellFormedRequestId, requestIdOf } from "./request-id.ts";

describe("request ids", () => {
  it("accepts 1–128 characters of [A-Za-z0-9._:-]", () => {
    for (const id of ["a", "7d3f9b2c-4a1e-4f6d-8b5c-9e0a1b2c3d4e", "0af7651916cd43dd8448eb211c80319c", "trace:01.span_2", "x".repeat(128)]) {
      expect(isWellFormedRequestId(id), id).toBe(true);
    }
  });

  it("refuses empty, too long, spaces, quotes, control characters and non-ASCII", () => {
    for (const id of ["", "x".repeat(129), "a b", 'a"b', "a\nb", "a\u0000", "ünïcode", "a/b", "<script>", "a,b"]) {
      expect(isWellFormedRequestId(id), JSON.stringify(id)).toBe(false);
    }
  });

  it("keeps a well-formed header and replaces a malformed one with a fresh UUID", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "abc:123" }))).toBe("abc:123");
    const replaced = requestIdOf(new Headers({ "x-request-id": "bad id\twith tab" }));
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
